import { formatVisitTime } from "#domain/booking/visit-time";
import { useTranslation } from "~/utils/translation";
import { formatDate } from "~/utils/format";

/** A calendar date (YYYY-MM-DD) for people, e.g. "Wednesday 2 December 2026". */
export function formatVisitDate(date: string, language: string): string {
  // Noon UTC is the same calendar day in Buea (UTC+1).
  return formatDate(`${date}T12:00:00Z`, language, { weekday: "long" });
}

/** What is being paid for: the listing, the visit's day and time, the booking reference. */
export function VisitSummary({
  booking,
  language,
  className = "",
}: {
  booking: { reference: string; propertyTitle: string; visitDate: string; visitTime: string };
  language: string;
  className?: string;
}) {
  const { t } = useTranslation("booking");
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm ${className}`}>
      {booking.propertyTitle ? (
        <>
          <dt className="font-medium">{t("summary.property")}</dt>
          <dd>{booking.propertyTitle}</dd>
        </>
      ) : null}
      <dt className="font-medium">{t("summary.date")}</dt>
      <dd>{formatVisitDate(booking.visitDate, language)}</dd>
      <dt className="font-medium">{t("summary.time")}</dt>
      <dd>{formatVisitTime(booking.visitTime, language)}</dd>
      <dt className="font-medium">{t("references.booking")}</dt>
      <dd>
        <code>{booking.reference}</code>
      </dd>
    </dl>
  );
}
