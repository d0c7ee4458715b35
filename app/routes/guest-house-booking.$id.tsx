// /guest-house-booking/{id}: ask the host of a guest house for a stay (login required). The stay
// is checked (dates, capacity, blocked nights) and then the platform access: without a valid one the
// guest is sent to /guest-house-payment, and the form comes back filled afterwards, however they
// come back (the use case keeps what they typed on the server for a day, decision 0243). A form sent
// after the session ended goes to sign in and comes back with its dates and guests in the URL
// (?checkIn=&checkOut=&guests=, which the form also reads). A recorded attempt continues through
// /guest-house-attempt/{id}/whatsapp.
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { constraintsOf } from "~/utils/constraints.server";
import { data, redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { getPlatformAccess } from "#domain/guest-house-access/get-platform-access.query";
import { PLATFORM_ACCESS_DAYS, PLATFORM_ACCESS_FEE_XAF } from "#domain/guest-house-access/platform-access.entity";
import { findHouseToBook, requestGuestHouseBooking } from "#domain/guest-house-booking/request-guest-house-booking.use-case";
import { findBookingDraft } from "#domain/guest-house-booking/booking-draft";
import { BOOKING_MESSAGE_MAX, MAX_STAY_NIGHTS } from "#domain/guest-house-booking/stay";
import { addDays, doualaDate } from "#domain/booking/visit-date";
import { titleMeta } from "~/utils/page-title";
import { FormAlert } from "~/components/forms/form-fields";
import { cleanKey } from "~/utils/clean-key";
import { formatVisitDate } from "~/components/booking/visit-summary";
import { guestHouseBookingSchema } from "~/components/guest-houses/booking-schema";
import { i18next } from "~/i18next.server";
import { LOGIN_PATH, getOptionalUser, requireUser } from "~/utils/auth.server";
import { describeDomainError } from "~/utils/domain-errors.server";
import { formatDate, formatXaf } from "~/utils/format";
import { redirectWithToast } from "~/utils/toast.server";
import { notFound } from "~/utils/not-found.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { isMessageKey } from "~/utils/form-message";

export const handle = { i18n: ["guest-houses", "subscription"] };
export const meta = titleMeta;

const STAY_FIELDS = { checkIn: /^\d{4}-\d{2}-\d{2}$/, checkOut: /^\d{4}-\d{2}-\d{2}$/, guests: /^\d{1,2}$/ } as const;
type StayField = keyof typeof STAY_FIELDS;

/** The dates and guests carried by a URL or a form, each kept only if it has the field's shape (the action checks them all again). */
function stayIn(values: { get(name: string): unknown } | null): Partial<Record<StayField, string>> {
  const stay: Partial<Record<StayField, string>> = {};
  for (const name of Object.keys(STAY_FIELDS) as StayField[]) {
    const value = values?.get(name);
    if (typeof value === "string" && STAY_FIELDS[name].test(value.trim())) stay[name] = value.trim();
  }
  return stay;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const id = cleanKey(params.id);
  if (!id) throw notFound();
  const { guestHouses } = context.services;
  const house = await guestHouses.catalogue.findGuestHouse(id);
  if (!house) throw notFound();
  const bookable = await findHouseToBook(guestHouses.handoff.houses, user.id, id);
  const own = !bookable.ok && bookable.error.code === "guest-houses.own_guest_house_forbidden";
  if (!bookable.ok && !own) throw notFound();

  const deps = guestHouses.booking;
  const access = await getPlatformAccess(deps, user.id);
  const draft = await findBookingDraft(guestHouses.drafts, user.id, id);
  // Dates in the URL are the latest typed (a form sent after the session ended); the rest from the draft.
  const asked = stayIn(new URL(request.url).searchParams);
  const today = doualaDate(deps.clock.now());
  const t = await i18next.getFixedT(request, "guest-houses");
  return data(
    {
      title: t("booking.title", { name: house.name }),
      house: {
        id: house.id,
        name: house.name,
        nightlyRate: house.nightlyRate,
        maxGuests: house.maxGuests,
        blockedDates: house.blockedDates,
        contactable: house.contactable,
      },
      own,
      access: { active: access.active, expired: access.expired, expiresAt: access.expiresAt?.toISOString() ?? null },
      fee: PLATFORM_ACCESS_FEE_XAF,
      today,
      lastCheckIn: addDays(today, 365),
      defaults: {
        checkIn: asked.checkIn ?? draft?.checkIn ?? "",
        checkOut: asked.checkOut ?? draft?.checkOut ?? "",
        guests: asked.guests ?? (draft ? String(draft.guests) : "1"),
        message: draft?.message ?? "",
      },
      constraint: constraintsOf(guestHouseBookingSchema),
    },
    // Nobody books their own guest house.
    { status: own ? 403 : 200 },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const id = cleanKey(params.id);
  if (!id) throw notFound();
  const formData = await readFormOrNull(request);
  const user = await getOptionalUser(context, request);
  if (!user) {
    // The session ended while the form was open: sign in, then back to the form with the dates and
    // guests typed. Not the message: a URL is kept in histories and logs.
    const back = new URLSearchParams(stayIn(formData)).toString();
    const redirectTo = `/guest-house-booking/${encodeURIComponent(id)}${back ? `?${back}` : ""}`;
    throw redirect(`${LOGIN_PATH}?${new URLSearchParams({ redirectTo })}`);
  }

  const submission = parseWithZod(formData ?? new FormData(), { schema: guestHouseBookingSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const language = (await i18next.getLocale(request)) === "fr" ? "fr" : "en";
  const result = await requestGuestHouseBooking(context.services.guestHouses.booking, {
    userId: user.id,
    guestHouseId: id,
    ...submission.value,
    language,
  });
  if (!result.ok) {
    if (result.error.code === "guest-houses.access_required") {
      // Paid access first; the use case kept what was typed for the way back.
      return redirectWithToast(
        context,
        request,
        `/guest-house-payment?house=${encodeURIComponent(id)}`,
        { kind: "info", title: result.error.params?.expired ? "guest-houses:toasts.accessExpired" : "guest-houses:toasts.accessRequired" },
        { status: 303 },
      );
    }
    if (result.error.code === "guest-houses.guest_house_not_found") throw notFound();
    const error = await describeDomainError(request, result.error);
    return data(submission.reply({ formErrors: [error.message] }), { status: error.status });
  }

  // A full page load, so the browser follows our redirect to wa.me itself.
  return redirectDocument(`/guest-house-attempt/${encodeURIComponent(result.value.attemptId)}/whatsapp`, { status: 303 });
}

export default function GuestHouseBookingPage() {
  const { t, i18n } = useTranslation(["guest-houses", "subscription"]);
  const loaderData = useLoaderData<typeof loader>();
  const lastResult = (useActionData<typeof action>() as SubmissionResult<string[]> | undefined) ?? null;
  const { house, own, access, fee } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm({
    id: "guest-house-booking",
    lastResult,
    defaultValue: loaderData.defaults,
    constraint: loaderData.constraint,
  });
  const text = (m: string) => (isMessageKey(m) ? t(m, { max: house.maxGuests }) : m);
  const errorsOf = (errors: string[] | undefined, errorId: string) =>
    errors?.length ? (
      <ul id={errorId} className="field-error">
        {[...new Set(errors.map(text))].map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    ) : null;
  const described = (errors: string[] | undefined, errorId: string, hint?: string) =>
    [hint, errors?.length ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  const action = `/guest-house-booking/${encodeURIComponent(house.id)}`;
  const noKey = <T extends { key?: unknown }>({ key: _key, ...rest }: T) => rest;

  return (
    <section className="container-page flex justify-center py-10">
      <div className="card w-full max-w-xl p-6">
        <h1 className="text-2xl font-bold">{t("booking.heading")}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          <Link to={`/guest-house/${encodeURIComponent(house.id)}`} className="link">
            {house.name}
          </Link>{" "}
          · {t("perNight", { amount: formatXaf(house.nightlyRate) })} · {t("guests", { count: house.maxGuests })}
        </p>

        {own ? (
          <p
            role="alert"
            className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            {t("errors.own_guest_house_forbidden")}
          </p>
        ) : !house.contactable ? (
          <p role="alert" className="mt-6">
            {t("errors.host_unreachable")}
          </p>
        ) : (
          <>
            <div className="mt-4 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700" data-testid="access-status">
              {access.active && access.expiresAt ? (
                <p>{t("booking.accessUntil", { date: formatDate(access.expiresAt, i18n.language) })}</p>
              ) : access.expired ? (
                <p className="font-semibold">{t("booking.accessExpired", { amount: formatXaf(fee), days: PLATFORM_ACCESS_DAYS })}</p>
              ) : (
                <p>{t("booking.accessNeeded", { amount: formatXaf(fee), days: PLATFORM_ACCESS_DAYS })}</p>
              )}
            </div>

            {house.blockedDates.length > 0 ? (
              <div className="mt-4 text-sm">
                <p className="font-medium">{t("detail.blockedDates")}</p>
                <p>{house.blockedDates.map((d) => formatVisitDate(d, i18n.language)).join(" · ")}</p>
              </div>
            ) : null}

            <Form method="post" action={action} {...getFormProps(form)} className="mt-6 space-y-4">
              <FormAlert id={form.errorId} errors={form.errors} />
              <div className="grid gap-4 sm:grid-cols-2">
                <div>
                  <label htmlFor={fields.checkIn.id} className="label">
                    {t("booking.checkIn")}
                  </label>
                  <input
                    {...noKey(getInputProps(fields.checkIn, { type: "date" }))}
                    min={loaderData.today}
                    max={loaderData.lastCheckIn}
                    className="input"
                    aria-describedby={described(fields.checkIn.errors, fields.checkIn.errorId)}
                  />
                  {errorsOf(fields.checkIn.errors, fields.checkIn.errorId)}
                </div>
                <div>
                  <label htmlFor={fields.checkOut.id} className="label">
                    {t("booking.checkOut")}
                  </label>
                  <input
                    {...noKey(getInputProps(fields.checkOut, { type: "date" }))}
                    min={loaderData.today}
                    className="input"
                    aria-describedby={described(fields.checkOut.errors, fields.checkOut.errorId, "stay-hint")}
                  />
                  <p id="stay-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                    {t("booking.stayHint", { max: MAX_STAY_NIGHTS })}
                  </p>
                  {errorsOf(fields.checkOut.errors, fields.checkOut.errorId)}
                </div>
              </div>
              <div>
                <label htmlFor={fields.guests.id} className="label">
                  {t("booking.guests")}
                </label>
                <input
                  {...noKey(getInputProps(fields.guests, { type: "number" }))}
                  min={1}
                  max={house.maxGuests}
                  inputMode="numeric"
                  className="input max-w-32"
                  aria-describedby={described(fields.guests.errors, fields.guests.errorId)}
                />
                {errorsOf(fields.guests.errors, fields.guests.errorId)}
              </div>
              <div>
                <label htmlFor={fields.message.id} className="label">
                  {t("booking.message")}
                </label>
                <textarea
                  {...noKey(getTextareaProps(fields.message))}
                  maxLength={BOOKING_MESSAGE_MAX}
                  className="input min-h-24"
                  aria-describedby={described(fields.message.errors, fields.message.errorId, "message-hint")}
                />
                <p id="message-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                  {t("booking.messageHint")}
                </p>
                {errorsOf(fields.message.errors, fields.message.errorId)}
              </div>
              <button type="submit" className="btn-primary w-full" disabled={submitting}>
                {access.active ? t("booking.submit") : t("booking.submitPay", { amount: formatXaf(fee) })}
              </button>
            </Form>
          </>
        )}
      </div>
    </section>
  );
}
