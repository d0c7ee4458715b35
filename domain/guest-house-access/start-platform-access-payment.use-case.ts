// Paying the guest-house platform access fee (5 000 FCFA, 14 days) through the shared payment
// path. When the payer comes from a guest house, that house must be public and not their own:
// nobody pays access to contact themselves. From the profile there is no house (a renewal).
import { findHouseToBook } from "../guest-house-booking/request-guest-house-booking.use-case";
import type { BookableGuestHouseReader } from "../guest-house-booking/bookable-guest-house.port";
import type { GuestHouseBookingError } from "../guest-house-booking/guest-house-booking.errors";
import type { PaymentDeps } from "../payment/payment-deps";
import type { PaymentError } from "../payment/payment.errors";
import { startPayment, type StartPaymentInput, type StartPaymentOutput } from "../payment/start-payment.use-case";
import type { Result } from "../shared/result";

export async function startPlatformAccessPayment(
  deps: PaymentDeps & { houses: BookableGuestHouseReader },
  input: Omit<StartPaymentInput, "purchase"> & { guestHouseId: string | null },
): Promise<Result<StartPaymentOutput, PaymentError | GuestHouseBookingError>> {
  if (input.guestHouseId !== null) {
    const house = await findHouseToBook(deps.houses, input.user.id, input.guestHouseId);
    if (!house.ok) return house;
  }
  return startPayment(deps, {
    user: input.user,
    method: input.method,
    phone: input.phone,
    purchase: { kind: "guest_house_access", guestHouseId: input.guestHouseId },
  });
}
