// What the profile page shows of the money module: the subscription (with its end date), the
// student's bookings and payments, and how many viewings wait for confirmation.
import type { AppLoadContext } from "@remix-run/node";
import { isUpcomingVisit } from "#domain/booking/booking-lifecycle";
import { doualaDate } from "#domain/booking/visit-date";
import { visitStatus } from "#domain/booking/visit-status";
import { getPlatformAccess } from "#domain/guest-house-access/get-platform-access.query";
import { isPayable } from "#domain/payment/money-views";
import { getSubscriptionStatus } from "#domain/subscription/subscription.use-cases";

export async function loadProfileMoney(context: AppLoadContext, userId: string) {
  const { money } = context.services;
  const [status, access, bookings, payments, due] = await Promise.all([
    getSubscriptionStatus(money.subscriptions, userId),
    getPlatformAccess(money.platformAccess, userId),
    money.views.studentBookings(userId, 20),
    money.views.studentPayments(userId, 20),
    money.views.viewingsToConfirm(userId, money.clock.now()),
  ]);
  const now = money.clock.now();
  const today = doualaDate(now);
  return {
    subscription: { active: status.active, expired: status.expired, endsAt: status.endsAt?.toISOString() ?? null },
    platformAccess: { active: access.active, expired: access.expired, expiresAt: access.expiresAt?.toISOString() ?? null },
    bookings: bookings.map((b) => ({
      id: b.id,
      reference: b.reference,
      propertyId: b.propertyId,
      propertyTitle: b.propertyTitle,
      visitDate: b.visitDate,
      visitTime: b.visitTime,
      status: b.bookingStatus,
      // Where the visit stands, read the same way on every page and e-mail (decision 0200).
      visitStatus: visitStatus({ ...b, holdExpiresAt: b.holdExpiresAt === null ? null : new Date(b.holdExpiresAt) }, now),
      paymentStatus: b.paymentStatus,
      amount: b.paymentAmount,
      // A pending booking can still be paid while its hold lasts.
      payable: isPayable(b, now),
      // The visit lifecycle (decision 0117): the agent's answer, and whether the visit can still be
      // cancelled or moved (isUpcomingVisit, the rule the lifecycle use cases apply again).
      agentResponse: b.agentResponse,
      proposedVisitDate: b.proposedVisitDate,
      proposedVisitTime: b.proposedVisitTime,
      cancelledBy: b.cancelledBy,
      cancelReason: b.cancelReason,
      changeable: isUpcomingVisit(b, today),
    })),
    payments,
    viewingsDue: due.length,
  };
}

export type ProfileMoney = Awaited<ReturnType<typeof loadProfileMoney>>;
