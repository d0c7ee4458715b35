// The agent portal's bookings view (/agents/bookings): visits booked on the agent's listings, paid
// or covered by a subscription, newest first. Read-only.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { AgentBookingView } from "../../../domain/payment/money-views-reader.port";
import { formatVisitDate } from "./visit-summary";

export function AgentBookingsList({ bookings }: { bookings: AgentBookingView[] }) {
  const { t, i18n } = useTranslation("booking");
  if (bookings.length === 0) return <p className="card p-6 text-slate-700 dark:text-slate-300">{t("agent.none")}</p>;
  return (
    <ul className="space-y-3" data-testid="agent-bookings">
      {bookings.map((b) => (
        <li key={b.reference} className="card p-4 text-sm">
          <h2 className="text-base font-semibold">
            <Link to={`/property/${encodeURIComponent(b.propertyId)}`} className="link">
              {b.propertyTitle}
            </Link>
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">{t("agent.when")}</dt>
            <dd>
              {formatVisitDate(b.visitDate, i18n.language)} · {b.visitTime}
            </dd>
            <dt className="font-medium">{t("agent.visitor")}</dt>
            <dd>
              {b.visitorName} · <a href={`mailto:${b.visitorEmail}`} className="link">{b.visitorEmail}</a> ·{" "}
              <a href={`tel:${b.visitorPhone.replace(/[^\d+]/g, "")}`} className="link">
                {b.visitorPhone}
              </a>
            </dd>
            {b.message ? (
              <>
                <dt className="font-medium">{t("agent.message")}</dt>
                <dd className="whitespace-pre-line">{b.message}</dd>
              </>
            ) : null}
            <dt className="font-medium">{t("summary.reference")}</dt>
            <dd>
              <code>{b.reference}</code>
            </dd>
            <dt className="font-medium">{t("agent.status")}</dt>
            <dd>
              {t(`status.${b.bookingStatus}`, { defaultValue: b.bookingStatus })}
              {b.viewingOutcome ? ` · ${t(`outcome.${b.viewingOutcome}`)}` : ""}
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
