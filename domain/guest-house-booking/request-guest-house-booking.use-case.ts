// A guest asks a host for a stay (SPEC §1, §2): the house must be public and not the guest's own,
// the stay must pass checkStay, and the guest must hold a valid platform access. The attempt is
// recorded; the guest then leaves for WhatsApp through openBookingWhatsapp. A guest sent to pay the
// access first finds the form as they left it when they come back (booking-draft.ts).
import { getPlatformAccess } from "../guest-house-access/get-platform-access.query";
import type { PlatformAccessRepository } from "../guest-house-access/platform-access-repository.port";
import { guestHouseVisibility } from "../guest-houses/guest-house-visibility";
import { doualaDate } from "../booking/visit-date";
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { err, ok, domainError, type Result } from "../shared/result";
import type { BookableGuestHouse, BookableGuestHouseReader } from "./bookable-guest-house.port";
import type { BookingAttempt, BookingLanguage } from "./booking-attempt.entity";
import type { BookingAttemptRepository } from "./booking-attempt-repository.port";
import { keepBookingDraft } from "./booking-draft";
import type { GuestHouseBookingError } from "./guest-house-booking.errors";
import { BOOKING_MESSAGE_MAX, checkStay } from "./stay";

export interface RequestGuestHouseBookingDeps {
  houses: BookableGuestHouseReader;
  attempts: BookingAttemptRepository;
  platformAccess: PlatformAccessRepository;
  clock: Clock;
  ids: IdGenerator;
}

export interface RequestGuestHouseBookingInput {
  userId: string;
  guestHouseId: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  message: string;
  language: BookingLanguage;
}

/** A public house that is not the user's own: the first check of booking and of paying access from a house. */
export async function findHouseToBook(
  houses: BookableGuestHouseReader,
  userId: string,
  guestHouseId: string,
): Promise<Result<BookableGuestHouse, GuestHouseBookingError>> {
  const house = await houses.findBookable(guestHouseId);
  if (!house || !guestHouseVisibility(house).public) return err(domainError("guest-houses.guest_house_not_found"));
  if (house.hostId === userId) return err(domainError("guest-houses.own_guest_house_forbidden"));
  return ok(house);
}

export async function requestGuestHouseBooking(
  deps: RequestGuestHouseBookingDeps,
  input: RequestGuestHouseBookingInput,
): Promise<Result<{ attemptId: string }, GuestHouseBookingError>> {
  const found = await findHouseToBook(deps.houses, input.userId, input.guestHouseId);
  if (!found.ok) return found;
  const house = found.value;
  if (!house.whatsapp) return err(domainError("guest-houses.host_unreachable"));

  const now = deps.clock.now();
  const blocked = await deps.houses.blockedDates(house.id, doualaDate(now));
  const stay = checkStay(
    { checkIn: input.checkIn, checkOut: input.checkOut, guests: input.guests },
    { maxGuests: house.maxGuests, blockedDates: blocked },
    now,
  );
  if (!stay.ok) return stay;
  const message = input.message.trim();
  if (message.length > BOOKING_MESSAGE_MAX) return err(domainError("guest-houses.message_too_long", { max: BOOKING_MESSAGE_MAX }));

  // Checked last, so a guest sent to pay comes back to a form that will go through.
  const access = await getPlatformAccess({ platformAccess: deps.platformAccess, clock: deps.clock }, input.userId);
  if (!access.active) {
    const { checkIn, checkOut, guests } = stay.value;
    await keepBookingDraft(
      { drafts: deps.attempts, clock: deps.clock },
      { userId: input.userId, guestHouseId: house.id, checkIn, checkOut, guests, message },
    );
    return err(domainError("guest-houses.access_required", { expired: access.expired ? 1 : 0 }));
  }

  const attempt: BookingAttempt = {
    id: deps.ids.id(),
    userId: input.userId,
    guestHouseId: house.id,
    attemptDate: now,
    checkIn: stay.value.checkIn,
    checkOut: stay.value.checkOut,
    guests: stay.value.guests,
    message,
    language: input.language,
    whatsappMessageSent: false,
  };
  // The draft that waited for the access goes with it (same transaction).
  await deps.attempts.insert(attempt);
  return ok({ attemptId: attempt.id });
}
