// The guest leaves for WhatsApp: their own attempt is marked whatsappMessageSent and the caller
// redirects to wa.me with the prefilled message. Idempotent: opening it again changes nothing more.
import { guestHouseVisibility } from "../guest-houses/guest-house-visibility";
import { err, ok, domainError, type Result } from "../shared/result";
import type { BookableGuestHouseReader } from "./bookable-guest-house.port";
import type { BookingAttempt } from "./booking-attempt.entity";
import type { BookingAttemptRepository } from "./booking-attempt-repository.port";
import type { GuestHouseBookingError } from "./guest-house-booking.errors";

export interface WhatsappHandoff {
  attempt: BookingAttempt;
  guestHouseName: string;
  /** Digits with the country code, for https://wa.me/<digits>. */
  whatsapp: string;
}

export async function openBookingWhatsapp(
  deps: { houses: BookableGuestHouseReader; attempts: BookingAttemptRepository },
  input: { userId: string; attemptId: string },
): Promise<Result<WhatsappHandoff, GuestHouseBookingError>> {
  const attempt = await deps.attempts.findOwn(input.userId, input.attemptId);
  if (!attempt) return err(domainError("guest-houses.attempt_not_found"));
  const house = await deps.houses.findBookable(attempt.guestHouseId);
  // A house no longer public (its host suspended, or no longer approved) hands nobody to its host (issue 30).
  if (!house || !guestHouseVisibility(house).public) return err(domainError("guest-houses.guest_house_not_found"));
  if (!house.whatsapp) return err(domainError("guest-houses.host_unreachable"));
  if (!attempt.whatsappMessageSent) await deps.attempts.markWhatsappSent(input.userId, attempt.id);
  return ok({ attempt: { ...attempt, whatsappMessageSent: true }, guestHouseName: house.name, whatsapp: house.whatsapp });
}
