// /test-booking (debug pages only, signed-in users only): creates a visit at 10:00 AM tomorrow (or
// the next day that slot is free) on the first available verified listing, for 8 000 FCFA, then
// goes to /payment/{reference} after 2 s (a meta refresh without JavaScript, a timer with it).
// Creating is a POST: no GET changes data.
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { z } from "zod";
import { BOOKING_FEE_XAF } from "#domain/booking/booking.entity";
import { titleMeta } from "~/utils/page-title";
import { FormAlert } from "~/components/forms/form-fields";
import { bookVisitSchema } from "~/components/booking/booking-schema";
import { createTestBooking, requireDebugUser, TEST_BOOKING_TIME } from "~/utils/debug-pages.server";
import { DelayedRedirect } from "~/components/payment/delayed-redirect";
import { i18next } from "~/i18next.server";
import { describeDomainError } from "~/utils/domain-errors.server";
import { formatXaf } from "~/utils/format";
import { readFormOrNull } from "~/utils/form-data.server";

export const handle = { i18n: ["booking", "payment"] };
export const meta = titleMeta;

const testBookingSchema = z.object({ visitorPhone: bookVisitSchema.shape.visitorPhone });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireDebugUser(context, request);
  const property = await context.services.money.views.firstBookableProperty();
  const t = await i18next.getFixedT(request, "booking");
  return { title: t("debug.title"), property, phone: user.phone ?? "", amount: BOOKING_FEE_XAF, time: TEST_BOOKING_TIME };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireDebugUser(context, request);
  const formData = await readFormOrNull(request);
  const submission = parseWithZod(formData ?? new FormData(), { schema: testBookingSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), booking: null }, { status: 400 });
  const result = await createTestBooking(context, user, submission.value.visitorPhone);
  if (!result) {
    const t = await i18next.getFixedT(request, "booking");
    return data({ result: submission.reply({ formErrors: [t("debug.noProperty")] }), booking: null }, { status: 404 });
  }
  if (!result.ok) {
    const error = await describeDomainError(request, result.error);
    return data({ result: submission.reply({ formErrors: [error.message] }), booking: null }, { status: error.status });
  }
  const { booking, needsPayment } = result.value;
  return data({
    result: null,
    booking: { reference: booking.reference, visitDate: booking.visitDate, visitTime: booking.visitTime, needsPayment },
  });
}

export default function TestBookingPage() {
  const { t } = useTranslation(["booking", "payment"]);
  const { property, phone, amount, time } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const booking = actionData?.booking ?? null;
  return (
    <section className="container-page flex justify-center py-10">
      <div className="card w-full max-w-lg space-y-4 p-6">
        <h1 className="text-2xl font-bold">{t("booking:debug.title")}</h1>
        {booking ? (
          <div role="status" className="space-y-2">
            <p className="font-semibold">{t("booking:toasts.submitted")}</p>
            <p>{t("booking:debug.created", { reference: booking.reference, date: booking.visitDate, time: booking.visitTime })}</p>
            {booking.needsPayment ? (
              <>
                <p>{t("booking:debug.redirecting")}</p>
                <DelayedRedirect to={`/payment/${encodeURIComponent(booking.reference)}`} seconds={2} />
                <Link to={`/payment/${encodeURIComponent(booking.reference)}`} className="btn-primary">
                  {t("booking:debug.payNow")}
                </Link>
              </>
            ) : (
              <Link to="/profile" className="btn-primary">
                {t("payment:links.profile")}
              </Link>
            )}
          </div>
        ) : property ? (
          <>
            <p>{t("booking:debug.intro", { property: property.title, time, amount: formatXaf(amount) })}</p>
            <Form method="post" className="space-y-4">
              <FormAlert errors={actionData?.result?.error?.[""] ?? actionData?.result?.error?.visitorPhone} />
              <div>
                <label htmlFor="test-booking-phone" className="label">
                  {t("booking:form.phone")}
                </label>
                <input
                  id="test-booking-phone"
                  name="visitorPhone"
                  type="tel"
                  defaultValue={phone}
                  required
                  className="input"
                  autoComplete="tel"
                />
              </div>
              <button type="submit" className="btn-primary">
                {t("booking:debug.create")}
              </button>
            </Form>
          </>
        ) : (
          <p>{t("booking:debug.noProperty")}</p>
        )}
      </div>
    </section>
  );
}
