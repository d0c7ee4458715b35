// The profile's money sections: the subscription status with its end date, my bookings, my payments.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime, formatXaf } from "~/utils/format";
import type { ProfileMoney } from "./profile-money.server";
import { formatVisitDate } from "./visit-summary";

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

export function MyBookings({ bookings, viewingsDue }: { bookings: ProfileMoney["bookings"]; viewingsDue: number }) {
  const { t, i18n } = useTranslation("booking");
  return (
    <div className="space-y-3 text-sm" data-testid="my-bookings">
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
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {bookings.map((b) => (
            <li key={b.reference} className="py-2">
              <p className="font-medium">
                <Link to={`/property/${encodeURIComponent(b.propertyId)}`} className="link">
                  {b.propertyTitle}
                </Link>
              </p>
              <p>
                {formatVisitDate(b.visitDate, i18n.language)} · {b.visitTime} · <code>{b.reference}</code>
              </p>
              <p>
                <span className="font-medium">{t(`status.${b.status}`, { defaultValue: b.status })}</span>
                {b.payable ? (
                  <>
                    {" · "}
                    <Link to={`/payment/${encodeURIComponent(b.reference)}`} className="link">
                      {t("profile.payNow", { amount: formatXaf(b.amount) })}
                    </Link>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
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
            {t(`statuses.${p.status}`, { defaultValue: p.status })} · {formatDateTime(p.createdAt, i18n.language)} · <code>{p.reference}</code>
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
