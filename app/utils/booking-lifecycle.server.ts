// Shared by the visit-lifecycle pages (docs/decisions/0117): the day and its free slots offered
// when proposing or moving a visit (as /book-visit does), and the answer to a refused step.
import { data } from "@remix-run/node";
import { availableSlots } from "#domain/booking/available-slots.query";
import type { BookableProperty } from "#domain/booking/booking-property-reader.port";
import { addDays, checkVisitDate, doualaDate, MAX_DAYS_AHEAD } from "#domain/booking/visit-date";
import type { DomainError } from "#domain/shared/result";
import type { MoneyModule } from "~/wiring/money.server";
import { i18next } from "~/i18next.server";
import { describeMoneyError } from "./money-errors.server";
import { cleanKey } from "./clean-key";
import { parseWithZod } from "@conform-to/zod";
import { newSlotSchema } from "~/components/booking/lifecycle-schema";
import { readFormOrNull } from "~/utils/form-data.server";

/** The day shown (?date=, else tomorrow), the bookable range, and that day's slots marked free or taken. */
export async function slotChoice(request: Request, money: MoneyModule, property: BookableProperty) {
  const t = await i18next.getFixedT(request, "booking");
  const now = money.clock.now();
  const first = addDays(doualaDate(now), 1);
  const last = addDays(doualaDate(now), MAX_DAYS_AHEAD);
  const date = cleanKey(new URL(request.url).searchParams.get("date"), 10) ?? first;
  const checked = checkVisitDate(date, now);
  const slots = checked.ok ? await availableSlots({ bookings: money.booking.bookings, clock: money.clock }, property, date) : [];
  return {
    date: checked.ok ? date : null,
    dateInput: checked.ok ? date : first,
    dateError: checked.ok ? null : t(`errors.${checked.error.code.slice("booking.".length)}`, { first, last }),
    first,
    last,
    slots,
  };
}

export interface LifecycleActionError {
  formError: string;
}

/** A refused step: its translated message and status (404 for someone else's booking, 409 for a conflict, ...). */
export async function lifecycleRefused(request: Request, error: DomainError) {
  const described = await describeMoneyError(request, error);
  return data<LifecycleActionError>({ formError: described.message }, { status: described.status });
}

/** A form that could not be read at all. */
export async function lifecycleBadForm(request: Request, code = "booking.invalid_form") {
  return lifecycleRefused(request, { code });
}

/**
 * The new time posted by the propose and reschedule forms: the slot, or the response refusing the
 * post (a body that is not a form, or no valid day and time).
 */
export async function readNewSlot(
  request: Request,
): Promise<{ slot: { visitDate: string; visitTime: string } } | { refused: Awaited<ReturnType<typeof lifecycleRefused>> }> {
  const formData = await readFormOrNull(request);
  if (!formData) return { refused: await lifecycleBadForm(request) };
  const submission = parseWithZod(formData, { schema: newSlotSchema });
  if (submission.status !== "success") return { refused: await lifecycleRefused(request, { code: "booking.time_required" }) };
  return { slot: submission.value };
}
