// The visit booking form (/book-visit/$id), in two plain forms so it all works without JavaScript:
//   1. a GET form with the date and a "Show times" button, which reloads the page with ?date= and
//      the free times of that day (with JavaScript, changing the date reloads them by itself);
//   2. the POST form for the chosen day: a time slot, the visitor's name, e-mail, phone and a message.
import { formatMinutes, formatVisitTime } from "#domain/booking/visit-time";
import { minutesOf, WEEKDAYS, type Weekday } from "#domain/booking/visiting-hours";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "~/utils/form";
import { useNavigation, useSubmit } from "@remix-run/react";
import { Form } from "~/components/link";
import type { ReactNode } from "react";
import { useTranslation } from "~/utils/translation";
import { FormAlert } from "~/components/forms/form-fields";
import { VISITOR_EMAIL_MAX, VISITOR_NAME_MAX, VISITOR_PHONE_MAX } from "./visitor-fields";
import { formatVisitDate } from "./visit-summary";
import { isMessageKey } from "~/utils/form-message";

export interface SlotOption {
  time: string;
  available: boolean;
}

/** "Monday, Wednesday and Saturday" / "lundi, mercredi et samedi", in the week's order. */
export function formatWeekdays(days: readonly Weekday[], language: string): string {
  const tag = language === "fr" ? "fr-CM" : "en-GB";
  const name = new Intl.DateTimeFormat(tag, { weekday: "long", timeZone: "UTC" });
  // 29 November 2026 is a Sunday: WEEKDAYS[i] falls i days later.
  const names = WEEKDAYS.flatMap((d, i) => (days.includes(d) ? [name.format(new Date(Date.UTC(2026, 10, 29 + i)))] : []));
  return new Intl.ListFormat(tag, { style: "long", type: "conjunction" }).format(names);
}

export function VisitDatePicker({
  action,
  date,
  min,
  max,
  error,
  hours,
  noFreeDay = false,
}: {
  action: string;
  date: string;
  min: string;
  max: string;
  error: string | null;
  /** The agent's visiting days and hours (24-hour HH:MM), shown above the date. */
  hours?: { days: Weekday[]; from: string; to: string };
  noFreeDay?: boolean;
}) {
  const { t, i18n } = useTranslation("booking");
  const submit = useSubmit();
  const navigation = useNavigation();
  return (
    <Form
      method="get"
      action={action}
      preventScrollReset
      replace
      className="space-y-2"
      aria-label={t("form.dateFormLabel")}
      onSubmit={(event) => {
        // "Show times" pressed while the date field is already loading that day's times: one
        // request, not a second one that aborts the first (decision 0164).
        if (navigation.state === "loading" && navigation.location.search === `?${new URLSearchParams(formFields(event.currentTarget))}`) {
          event.preventDefault();
        }
      }}
    >
      {hours ? (
        <p className="text-sm" data-testid="visiting-days">
          {t("form.visitingDays", {
            days: formatWeekdays(hours.days, i18n.language),
            from: formatMinutes(minutesOf(hours.from), i18n.language),
            to: formatMinutes(minutesOf(hours.to), i18n.language),
          })}
        </p>
      ) : null}
      {noFreeDay ? <p className="text-sm font-medium">{t("form.noFreeDay")}</p> : null}
      <label htmlFor="visit-date" className="label">
        {t("form.date")}
      </label>
      <div className="flex flex-wrap items-start gap-2">
        <input
          id="visit-date"
          name="date"
          type="date"
          className="input max-w-xs"
          defaultValue={date}
          min={min}
          max={max}
          required
          aria-describedby={error ? "visit-date-error visit-date-hint" : "visit-date-hint"}
          onChange={(event) => {
            // With JavaScript the times follow the date at once.
            if (event.currentTarget.value && event.currentTarget.validity.valid)
              submit(event.currentTarget.form, { preventScrollReset: true, replace: true });
          }}
        />
        <button type="submit" className="btn-secondary">
          {t("form.showTimes")}
        </button>
      </div>
      <p id="visit-date-hint" className="text-sm text-slate-600 dark:text-slate-400">
        {t("form.dateHint")}
      </p>
      {error ? (
        <p id="visit-date-error" className="field-error">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

export function VisitForm({
  action,
  date,
  slots,
  defaults,
  lastResult,
  submitLabel,
  children,
}: {
  action: string;
  date: string | null;
  slots: SlotOption[];
  defaults: { visitorName: string; visitorEmail: string; visitorPhone: string };
  lastResult: SubmissionResult<string[]> | null;
  submitLabel: string;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation(["booking", "common"]);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm({
    id: "visit-form",
    lastResult,
    defaultValue: { ...defaults, visitDate: date ?? "" },
  });
  const text = (m: string) => (isMessageKey(m) ? t(m) : m);
  const errorsOf = (errors: string[] | undefined, id: string) =>
    errors?.length ? (
      <ul id={id} className="field-error">
        {[...new Set(errors.map(text))].map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    ) : null;
  const free = slots.filter((s) => s.available);
  const described = (errors: string[] | undefined, id: string) => (errors?.length ? id : undefined);

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      {children}
      <input type="hidden" name="visitDate" value={date ?? ""} />

      <div>
        <label htmlFor={fields.visitTime.id} className="label">
          {date ? t("form.timeOn", { date: formatVisitDate(date, i18n.language) }) : t("form.time")}
        </label>
        {slots.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("form.noSlots")}</p>
        ) : free.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("form.allTaken")}</p>
        ) : null}
        <select
          {...(({ key: _key, ...p }) => p)(getSelectProps(fields.visitTime))}
          className="input"
          required
          disabled={free.length === 0}
          aria-describedby={described(fields.visitTime.errors, fields.visitTime.errorId)}
        >
          <option value="">{t("form.chooseTime")}</option>
          {slots.map((slot) => (
            <option key={slot.time} value={slot.time} disabled={!slot.available}>
              {slot.available
                ? formatVisitTime(slot.time, i18n.language)
                : t("form.slotTaken", { time: formatVisitTime(slot.time, i18n.language) })}
            </option>
          ))}
        </select>
        {errorsOf(fields.visitTime.errors, fields.visitTime.errorId)}
      </div>

      <div>
        <label htmlFor={fields.visitorName.id} className="label">
          {t("form.name")}
        </label>
        <input
          {...(({ key: _key, ...p }) => p)(getInputProps(fields.visitorName, { type: "text" }))}
          className="input"
          autoComplete="name"
          required
          maxLength={VISITOR_NAME_MAX}
          aria-describedby={described(fields.visitorName.errors, fields.visitorName.errorId)}
        />
        {errorsOf(fields.visitorName.errors, fields.visitorName.errorId)}
      </div>

      <div>
        <label htmlFor={fields.visitorEmail.id} className="label">
          {t("form.email")}
        </label>
        <input
          {...(({ key: _key, ...p }) => p)(getInputProps(fields.visitorEmail, { type: "email" }))}
          className="input"
          autoComplete="email"
          required
          maxLength={VISITOR_EMAIL_MAX}
          aria-describedby={described(fields.visitorEmail.errors, fields.visitorEmail.errorId)}
        />
        {errorsOf(fields.visitorEmail.errors, fields.visitorEmail.errorId)}
      </div>

      <div>
        <label htmlFor={fields.visitorPhone.id} className="label">
          {t("form.phone")}
        </label>
        <input
          {...(({ key: _key, ...p }) => p)(getInputProps(fields.visitorPhone, { type: "tel" }))}
          className="input"
          autoComplete="tel"
          required
          maxLength={VISITOR_PHONE_MAX}
          aria-describedby={[`${fields.visitorPhone.id}-hint`, described(fields.visitorPhone.errors, fields.visitorPhone.errorId)]
            .filter(Boolean)
            .join(" ")}
        />
        <p id={`${fields.visitorPhone.id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {t("form.phoneHint")}
        </p>
        {errorsOf(fields.visitorPhone.errors, fields.visitorPhone.errorId)}
      </div>

      <div>
        <label htmlFor={fields.message.id} className="label">
          {t("form.message")}
        </label>
        <textarea
          {...(({ key: _key, ...p }) => p)(getTextareaProps(fields.message))}
          className="input min-h-24"
          maxLength={1000}
          aria-describedby={described(fields.message.errors, fields.message.errorId)}
        />
        {errorsOf(fields.message.errors, fields.message.errorId)}
      </div>

      {errorsOf(fields.visitDate.errors, fields.visitDate.errorId)}

      <button type="submit" className="btn-primary w-full text-base" disabled={submitting || free.length === 0}>
        {submitting ? t("form.submitting") : submitLabel}
      </button>
    </Form>
  );
}

/** A GET form's fields as the query its submission sends. */
function formFields(form: HTMLFormElement): string[][] {
  return [...new FormData(form)].map(([name, value]) => [name, typeof value === "string" ? value : value.name]);
}
