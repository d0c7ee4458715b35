// The visit lifecycle on screen (docs/decisions/0117): the form that picks a free slot (proposing
// or moving a visit), the reason field, and what a booking shows of the agent's answer.
import { formatVisitTime } from "#domain/booking/visit-time";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/components/link";
import type { ReactNode } from "react";
import { useTranslation } from "~/utils/translation";
import { MAX_REASON_LENGTH } from "#domain/booking/booking-lifecycle";
import { FormAlert } from "~/components/forms/form-fields";
import type { SlotOption } from "./visit-form";
import { formatVisitDate } from "./visit-summary";

/** The POST form for a day already chosen (with VisitDatePicker above it): one of its free times. */
export function SlotChoiceForm({
  action,
  date,
  slots,
  submitLabel,
  error,
}: {
  action: string;
  date: string | null;
  slots: SlotOption[];
  submitLabel: string;
  error?: string | null;
}) {
  const { t, i18n } = useTranslation("booking");
  const busy = useNavigation().state === "submitting";
  const free = slots.filter((s) => s.available);
  return (
    <Form method="post" action={`${action}${date ? `?date=${date}` : ""}`} className="space-y-4" data-testid="slot-choice">
      {error ? <FormAlert id="slot-choice-error" errors={[error]} /> : null}
      <input type="hidden" name="visitDate" value={date ?? ""} />
      <div>
        <label htmlFor="slot-choice-time" className="label">
          {date ? t("form.timeOn", { date: formatVisitDate(date, i18n.language) }) : t("form.time")}
        </label>
        {slots.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("form.noSlots")}</p>
        ) : free.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("form.allTaken")}</p>
        ) : null}
        <select id="slot-choice-time" name="visitTime" className="input" required disabled={free.length === 0}>
          <option value="">{t("form.chooseTime")}</option>
          {slots.map((slot) => (
            <option key={slot.time} value={slot.time} disabled={!slot.available}>
              {slot.available
                ? formatVisitTime(slot.time, i18n.language)
                : t("form.slotTaken", { time: formatVisitTime(slot.time, i18n.language) })}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary" disabled={busy || free.length === 0}>
        {submitLabel}
      </button>
    </Form>
  );
}

/** A labelled reason field (required when the agent declines, optional when the student cancels). */
export function ReasonField({ id, label, hint, required }: { id: string; label: string; hint?: string; required?: boolean }) {
  return (
    <div className="text-left">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <textarea
        id={id}
        name="reason"
        className="input min-h-20"
        maxLength={MAX_REASON_LENGTH}
        required={required}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface LifecycleFacts {
  bookingStatus: string;
  agentResponse: string;
  proposedVisitDate: string | null;
  proposedVisitTime: string | null;
  cancelledBy: string | null;
  cancelReason: string | null;
}

/** One line on where the booking stands in the lifecycle, for either side. */
export function LifecycleLine({
  booking,
  side,
  separator = "",
}: {
  booking: LifecycleFacts;
  side: "student" | "agent";
  /** Written before the line, only when there is one (a list joined with " · " ends with no dangling separator). */
  separator?: string;
}): ReactNode {
  const { t, i18n } = useTranslation("booking");
  if (booking.bookingStatus === "cancelled" && booking.cancelledBy) {
    return (
      <span data-testid="lifecycle-line">
        {separator}
        {t(`lifecycle.cancelledBy.${booking.cancelledBy}`, { defaultValue: t("status.cancelled") })}
        {booking.cancelReason ? ` ${t("lifecycle.reason", { reason: booking.cancelReason })}` : ""}
      </span>
    );
  }
  if (booking.bookingStatus !== "confirmed") return null;
  if (booking.agentResponse === "proposed" && booking.proposedVisitDate && booking.proposedVisitTime) {
    return (
      <span data-testid="lifecycle-line">
        {separator}
        {t(`lifecycle.${side}.proposed`, {
          date: formatVisitDate(booking.proposedVisitDate, i18n.language),
          time: formatVisitTime(booking.proposedVisitTime, i18n.language),
        })}
      </span>
    );
  }
  return (
    <span data-testid="lifecycle-line">
      {separator}
      {t(`lifecycle.${side}.${booking.agentResponse}`, { defaultValue: booking.agentResponse })}
    </span>
  );
}
