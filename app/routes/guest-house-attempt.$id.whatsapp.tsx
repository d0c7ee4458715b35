// /guest-house-attempt/{id}/whatsapp: the guest leaves for WhatsApp. Marks the guest's own booking
// attempt whatsappMessageSent, then redirects to wa.me with a message to the host in the guest's
// language naming the house, the dates and the number of guests. A GET that changes data, by
// design (decision 0122): it only records that the guest followed the link, is idempotent, and
// answers 404 for anyone else's attempt.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { openBookingWhatsapp } from "#domain/guest-house-booking/open-booking-whatsapp.use-case";
import { cleanKey } from "~/utils/clean-key";
import { i18next } from "~/i18next.server";
import { requireUser } from "~/utils/auth.server";
import { throwDomainError } from "~/utils/domain-errors.server";
import { notFound } from "~/utils/not-found.server";
import { formatCalendarDate } from "~/utils/format";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const attemptId = cleanKey(params.id);
  if (!attemptId) throw notFound();
  const result = await openBookingWhatsapp(context.services.guestHouses.handoff, { userId: user.id, attemptId });
  if (!result.ok) {
    if (result.error.code === "guest-houses.attempt_not_found") throw notFound();
    return throwDomainError(request, result.error);
  }
  const { attempt, guestHouseName, whatsapp } = result.value;
  const t = await i18next.getFixedT(attempt.language, "guest-houses");
  const text = t(attempt.message ? "booking.whatsappTextWithMessage" : "booking.whatsappText", {
    name: guestHouseName,
    // Dates as people write them, in the guest's language: "18 décembre 2026", not 2026-12-18.
    checkIn: formatCalendarDate(attempt.checkIn, attempt.language),
    checkOut: formatCalendarDate(attempt.checkOut, attempt.language),
    count: attempt.guests,
    message: attempt.message,
    interpolation: { escapeValue: false },
  });
  return redirect(`https://wa.me/${whatsapp}?${new URLSearchParams({ text })}`, { status: 302, headers: { "Cache-Control": "no-store" } });
}
