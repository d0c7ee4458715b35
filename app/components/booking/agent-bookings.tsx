// The agent portal's bookings list (/agents/bookings): visits booked on the agent's listings, paid
// or covered by a subscription, newest first, with the agent's answer: accept the time (a plain
// POST form), propose another time or decline with a reason (their own pages).
import { formatPhone } from "#domain/shared/phone-display";
import { formatVisitTime } from "#domain/booking/visit-time";
import type { ReactNode } from "react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { usePersonName } from "~/utils/person-name";
import { isUpcomingVisit } from "#domain/booking/booking-lifecycle";
import type { AgentBookingView } from "#domain/payment/money-views-reader.port";
import { LifecycleLine } from "./booking-lifecycle";
import { formatVisitDate } from "./visit-summary";

/** Whether the agent can still answer: isUpcomingVisit (the use cases decide again on the server). */
const answerable = isUpcomingVisit;

/** `today`: the Buea date from the server, for which bookings offer buttons. */
/** The parts there are, with " · " between them and never at either end. */
function joined(parts: ReactNode[]): ReactNode[] {
  return parts.filter((p) => p !== null).flatMap((p, i) => (i === 0 ? [p] : [" · ", p]));
}

export function AgentBookingsList({ bookings, back, today }: { bookings: AgentBookingView[]; back: string; today: string }) {
  const { t, i18n } = useTranslation("booking");
  const personName = usePersonName();
  if (bookings.length === 0) return <p className="card p-6 text-slate-700 dark:text-slate-300">{t("agent.none")}</p>;
  return (
    <ul className="space-y-3" data-testid="agent-bookings">
      {bookings.map((b) => {
        const id = encodeURIComponent(b.id);
        return (
          <li key={b.reference} className="card p-4 text-sm" data-testid="agent-booking">
            <h2 className="text-base font-semibold">
              <Link to={`/property/${encodeURIComponent(b.propertyId)}`} className="link">
                {b.propertyTitle}
              </Link>
            </h2>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="font-medium">{t("agent.when")}</dt>
              <dd>
                {formatVisitDate(b.visitDate, i18n.language)} · {formatVisitTime(b.visitTime, i18n.language)}
              </dd>
              <dt className="font-medium">{t("agent.visitor")}</dt>
              <dd data-testid="agent-booking-visitor">
                {joined([
                  b.visitorName ? <span key="name">{personName(b.visitorName)}</span> : null,
                  b.visitorEmail ? (
                    <a key="email" href={`mailto:${b.visitorEmail}`} className="link">
                      {b.visitorEmail}
                    </a>
                  ) : null,
                  b.visitorPhone ? (
                    <a key="phone" href={`tel:${b.visitorPhone.replace(/[^\d+]/g, "")}`} className="link">
                      {formatPhone(b.visitorPhone)}
                    </a>
                  ) : null,
                ])}
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
                <LifecycleLine booking={b} side="agent" separator=" · " />
              </dd>
            </dl>
            {answerable(b, today) ? (
              <div className="mt-3 flex flex-wrap items-center gap-2">
                {b.agentResponse !== "accepted" ? (
                  <Form method="post" action="/agents/bookings">
                    <input type="hidden" name="intent" value="accept" />
                    <input type="hidden" name="bookingId" value={b.id} />
                    <input type="hidden" name="back" value={back} />
                    <button type="submit" className="btn-primary">
                      {t("agent.actions.accept")}
                    </button>
                  </Form>
                ) : null}
                <Link to={`/agents/bookings/${id}/propose`} className="btn-secondary">
                  {t("agent.actions.propose")}
                </Link>
                <Link to={`/agents/bookings/${id}/decline`} className="btn-secondary">
                  {t("agent.actions.decline")}
                </Link>
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
