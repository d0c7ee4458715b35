// The repositories one money transaction may touch. Use cases that need fewer take a narrower
// UnitOfWork<{...}>; a UnitOfWork<MoneyRepos> fits them all.
import type { BookingRepository } from "../booking/booking-repository.port";
import type { CommissionRepository } from "../commission/commission-repository.port";
import type { BookingNoticeOutbox } from "../notifications/booking-notice-outbox.port";
import type { PlatformAccessRepository } from "../guest-house-access/platform-access-repository.port";
import type { SubscriptionRepository } from "../subscription/subscription-repository.port";
import type { PaymentRepository } from "./payment-repository.port";

export interface MoneyRepos {
  bookings: BookingRepository;
  payments: PaymentRepository;
  subscriptions: SubscriptionRepository;
  commissions: CommissionRepository;
  /** Booking e-mails, written in the same transaction as the change they report. */
  notices: BookingNoticeOutbox;
  /** Guest-house platform access, granted in the same transaction as its payment's success. */
  platformAccess: PlatformAccessRepository;
}
