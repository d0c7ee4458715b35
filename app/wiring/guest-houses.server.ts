// Wiring of guest houses: the public list and detail (domain/guest-houses), and booking (issue 10):
// the booking attempts, the houses as booking reads them, and the platform access fee paid through
// the money module's payment path.
// Composed into Services (as `guestHouses`) by app/services.server.ts, the composition root.
import type { GuestHouseCatalogue } from "#domain/guest-houses/guest-house-catalogue.port";
import type { BookableGuestHouseReader } from "#domain/guest-house-booking/bookable-guest-house.port";
import type { BookingAttemptRepository } from "#domain/guest-house-booking/booking-attempt-repository.port";
import type { RequestGuestHouseBookingDeps } from "#domain/guest-house-booking/request-guest-house-booking.use-case";
import type { BookingDraftDeps } from "#domain/guest-house-booking/booking-draft";
import type { PaymentDeps } from "#domain/payment/payment-deps";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { KyselyGuestHouseCatalogue } from "#infrastructure/repositories/kysely-guest-house-catalogue";
import { KyselyBookableGuestHouses, KyselyBookingAttemptRepository } from "#infrastructure/repositories/kysely-guest-house-booking";
import type { MoneyModule } from "./money.server";

export interface GuestHouseBookingModule {
  /** The public guest-house list and detail (read-only). */
  catalogue: GuestHouseCatalogue;
  /** For requestGuestHouseBooking. */
  booking: RequestGuestHouseBookingDeps;
  /** The booking forms kept while their guests pay the access (findBookingDraft, forgetBookingDrafts). */
  drafts: BookingDraftDeps;
  /** For openBookingWhatsapp and the profile's list of attempts. */
  handoff: { houses: BookableGuestHouseReader; attempts: BookingAttemptRepository };
  /** For startPlatformAccessPayment: the money module's payment path plus the houses. */
  accessPayments: PaymentDeps & { houses: BookableGuestHouseReader };
}

export function createGuestHouseBookingModule(database: DatabaseHandle, money: MoneyModule): GuestHouseBookingModule {
  const houses = new KyselyBookableGuestHouses(database.db);
  const attempts = new KyselyBookingAttemptRepository(database.db);
  return {
    catalogue: new KyselyGuestHouseCatalogue(database.db),
    booking: { houses, attempts, platformAccess: money.platformAccess.platformAccess, clock: money.clock, ids: money.payments.ids },
    drafts: { drafts: attempts, clock: money.clock },
    handoff: { houses, attempts },
    accessPayments: { ...money.payments, houses },
  };
}
