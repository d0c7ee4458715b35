// The in-memory money store: the four repositories and a unit of work that runs one piece of work
// at a time (as SQLite does) and restores every repository when the work throws.
import { InMemoryBookingPropertyReader } from "../booking/in-memory-booking-property-reader";
import { InMemoryBookingRepository } from "../booking/in-memory-booking-repository";
import { InMemoryAgentEarningsReader } from "../commission/in-memory-agent-earnings-reader";
import { InMemoryCommissionRepository } from "../commission/in-memory-commission-repository";
import { InMemoryBookingNoticeOutbox } from "../notifications/in-memory-booking-notice-outbox";
import type { UnitOfWork } from "../shared/transaction";
import { InMemoryPlatformAccessRepository } from "../guest-house-access/in-memory-platform-access-repository";
import { InMemorySubscriptionRepository } from "../subscription/in-memory-subscription-repository";
import { InMemoryMoneyViewsReader } from "./in-memory-money-views-reader";
import { InMemoryPaymentRepository } from "./in-memory-payment-repository";
import type { MoneyRepos } from "./money-unit-of-work";

export class InMemoryMoneyStore implements UnitOfWork<MoneyRepos> {
  readonly properties = new InMemoryBookingPropertyReader();
  readonly bookings = new InMemoryBookingRepository();
  readonly payments = new InMemoryPaymentRepository();
  readonly subscriptions = new InMemorySubscriptionRepository();
  readonly notices = new InMemoryBookingNoticeOutbox();
  readonly platformAccess = new InMemoryPlatformAccessRepository();
  readonly commissions = new InMemoryCommissionRepository({
    noShowPropertyIds: () => this.bookings.noShowPropertyIds(),
    agentOf: (propertyId) => this.properties.agentOf(propertyId),
  });
  /** The agent earnings read model over the commissions above. */
  readonly earnings = new InMemoryAgentEarningsReader({
    rows: () => this.commissions.all(),
    titleOf: (propertyId) => this.properties.titleOf(propertyId) ?? "",
  });
  /** The money pages' read models over the bookings, payments and listings above. */
  readonly views = new InMemoryMoneyViewsReader({
    bookings: () => this.bookings.all(),
    payments: () => this.payments.all(),
    properties: () => this.properties.all(),
  });
  private queue: Promise<unknown> = Promise.resolve();

  get repos(): MoneyRepos {
    return {
      bookings: this.bookings,
      payments: this.payments,
      subscriptions: this.subscriptions,
      commissions: this.commissions,
      notices: this.notices,
      platformAccess: this.platformAccess,
    };
  }

  run<T>(work: (repos: MoneyRepos) => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => {
      const saved = {
        bookings: this.bookings.snapshot(),
        payments: this.payments.snapshot(),
        subscriptions: this.subscriptions.snapshot(),
        commissions: this.commissions.snapshot(),
        notices: this.notices.snapshot(),
        platformAccess: this.platformAccess.snapshot(),
      };
      try {
        return await work(this.repos);
      } catch (error) {
        this.bookings.restore(saved.bookings);
        this.payments.restore(saved.payments);
        this.subscriptions.restore(saved.subscriptions);
        this.commissions.restore(saved.commissions);
        this.notices.restore(saved.notices);
        this.platformAccess.restore(saved.platformAccess);
        throw error;
      }
    });
    // The queue continues whether this work succeeded or not.
    this.queue = next.catch(() => undefined);
    return next;
  }
}
