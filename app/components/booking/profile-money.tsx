// The profile's money sections: the subscription status with its end date, my bookings, my payments.
import { formatVisitTime } from "#domain/booking/visit-time";
import { Form, Link } from "~/components/link";
import { FormAlert } from "~/components/forms/form-fields";
import { ConfirmAction } from "~/components/portal/confirm-action";
import { LifecycleLine, ReasonField } from "./booking-lifecycle";
import { useTranslation } from "~/utils/translation";
import { formatDate, formatDateTime, formatXaf } from "~/utils/format";
import type { ProfileMoney } from "~/routes/profile-money.server";
import { formatVisitDate } from "./visit-summary";
import { VisitStatusLine } from "./visit-status";

export function SubscriptionStatusSummary({ subscription }: { subscription: ProfileMoney["subscription"] }) {
  const { t, i18n } = useTranslation("subscription");
  return (
    <div className="space-y-3 text-sm" data-testid="subscription-status">
      {subscription.active && subscription.endsAt ? (
        <p>{t("status.activeUntil", { date: formatDate(subscription.endsAt, i18n.language) })}</p>
      ) : subscription.expired ? (
        <p className="font-semibold">{t("status.expired")}</p>
      ) : (
        <p>{t("status.none")}</p>
      )}
      <Link to="/subscription-payment" className={subscription.active ? "btn-secondary" : "btn-primary"}>
        {subscription.active ? t("actions.extend") : subscription.expired ? t("actions.renew") : t("actions.buy")}
      </Link>
    </div>
  );
}

/** The guest-house access fee (5 000 FCFA, 14 days): active until, expired, or never paid. */
export function PlatformAccessSummary({ access }: { access: ProfileMoney["platformAccess"] }) {
  const { t, i18n } = useTranslation("subscription");
  return (
    <div className="mt-4 space-y-2 text-sm" data-testid="platform-access">
      <p>
        <span className="font-semibold">{t("platformAccess.label")}: </span>
        {access.active && access.expiresAt
          ? t("platformAccess.activeUntil", { date: formatDate(access.expiresAt, i18n.language) })
          : access.expired && access.expiresAt
            ? t("platformAccess.expiredOn", { date: formatDate(access.expiresAt, i18n.language) })
            : t("platformAccess.none")}
      </p>
      <Link to="/guest-house-payment" className={access.active ? "btn-secondary" : "btn-primary"}>
        {access.active || access.expired ? t("platformAccess.renew") : t("platformAccess.pay")}
      </Link>
    </div>
  );
}

export function MyBookings({
  bookings,
  viewingsDue,
  error,
}: {
  bookings: ProfileMoney["bookings"];
  viewingsDue: number;
  error: string | null;
}) {
  const { t, i18n } = useTranslation("booking");
  return (
    <div className="space-y-3 text-sm" data-testid="my-bookings">
      {error ? <FormAlert id="bookings-error" errors={[error]} /> : null}
      {viewingsDue > 0 ? (
        <p>
          <Link to="/confirm-viewing" className="link">
            {t("profile.viewingsDue", { count: viewingsDue })}
          </Link>
        </p>
      ) : null}
      {bookings.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-400">{t("profile.noBookings")}</p>
      ) : (
        <>
          <p className="text-slate-600 dark:text-slate-400" data-testid="references-help">
            {t("references.bookingHelp")}
          </p>
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {bookings.map((b) => (
              <li key={b.reference} className="py-2" data-testid="my-booking">
                <p className="font-medium">
                  <Link to={`/property/${encodeURIComponent(b.propertyId)}`} className="link">
                    {b.propertyTitle}
                  </Link>
                </p>
                <p>
                  {formatVisitDate(b.visitDate, i18n.language)} · {formatVisitTime(b.visitTime, i18n.language)}
                </p>
                <p className="text-slate-600 dark:text-slate-400">
                  {t("references.booking")} <code>{b.reference}</code>
                </p>
                <VisitStatusLine
                  className="mt-1"
                  status={b.visitStatus}
                  detail={
                    b.visitStatus === "time_proposed" || b.visitStatus === "declined" || b.visitStatus === "cancelled" ? (
                      <LifecycleLine booking={{ ...b, bookingStatus: b.status }} side="student" />
                    ) : undefined
                  }
                />
                {b.payable ? (
                  <p>
                    <Link to={`/payment/${encodeURIComponent(b.reference)}`} className="link">
                      {t("profile.payNow", { amount: formatXaf(b.amount) })}
                    </Link>
                  </p>
                ) : null}
                {b.visitStatus === "outcome_due" ? (
                  <p>
                    <Link to="/confirm-viewing" className="link">
                      {t("viewing.title")}
                    </Link>
                  </p>
                ) : null}
                {b.changeable ? <BookingActions booking={b} /> : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Answer the agent's proposal; cancel (asks first, says there is no refund) or move the visit. */
function BookingActions({ booking }: { booking: ProfileMoney["bookings"][number] }) {
  const { t } = useTranslation("booking");
  const id = encodeURIComponent(booking.id);
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {booking.agentResponse === "proposed" ? (
        <Form method="post" action="/profile" className="flex flex-wrap gap-2">
          <input type="hidden" name="intent" value="proposal" />
          <input type="hidden" name="bookingId" value={booking.id} />
          <button type="submit" name="answer" value="accept" className="btn-primary">
            {t("student.proposal.accept")}
          </button>
          <button type="submit" name="answer" value="decline" className="btn-secondary">
            {t("student.proposal.decline")}
          </button>
        </Form>
      ) : null}
      <Link to={`/profile/bookings/${id}/reschedule`} className="btn-secondary">
        {t("student.reschedule.link")}
      </Link>
      <ConfirmAction
        confirmHref={`/profile/bookings/${id}/cancel`}
        action={`/profile/bookings/${id}/cancel`}
        fields={{}}
        trigger={t("student.cancel.link")}
        title={t("student.cancel.title")}
        body={`${t("student.cancel.noRefund")} ${t("student.cancel.bodyShort", { property: booking.propertyTitle })}`}
        confirmLabel={t("student.cancel.confirm")}
        cancelLabel={t("student.cancel.keep")}
        extra={<ReasonField id={`cancel-reason-${booking.id}`} label={t("student.cancel.reason")} />}
      />
    </div>
  );
}

export function MyPayments({ payments }: { payments: ProfileMoney["payments"] }) {
  const { t, i18n } = useTranslation("payment");
  if (payments.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{t("profile.noPayments")}</p>;
  return (
    <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-700" data-testid="my-payments">
      {payments.map((p) => (
        <li key={p.reference} className="py-2">
          <p className="font-medium">
            {t(`types.${p.type}`, { defaultValue: p.type })} · {formatXaf(p.amount)}
          </p>
          <p>
            {t(`statuses.${p.status}`, { defaultValue: p.status })} · {formatDateTime(p.createdAt, i18n.language)} ·{" "}
            <code>{p.reference}</code>
          </p>
          {p.status === "pending" ? (
            <Link to={`/payment-success?${new URLSearchParams({ ref: p.reference })}`} className="link">
              {t("links.checkStatus")}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
