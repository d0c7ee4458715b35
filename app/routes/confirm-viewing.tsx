// /confirm-viewing: the student says whether each visit that is due took place. A confirmed viewing
// earns the listing's agent a 5 000 FCFA commission (once); a no-show earns nothing. Afterwards the
// page offers a link to review the agent.
import { formatVisitTime } from "#domain/booking/visit-time";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { recordViewingOutcome } from "#domain/commission/record-viewing-outcome.use-case";
import { titleMeta } from "~/utils/page-title";
import { FormAlert } from "~/components/forms/form-fields";
import { viewingOutcomeSchema } from "~/components/booking/booking-schema";
import { describeMoneyError } from "~/utils/money-errors.server";
import { cleanKey } from "~/utils/clean-key";
import { formatVisitDate } from "~/components/booking/visit-summary";
import { i18next } from "~/i18next.server";
import { requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";

export const handle = { i18n: ["booking"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const { money } = context.services;
  const due = await money.views.viewingsToConfirm(user.id, money.clock.now());
  // After "Yes, the visit took place": the booking just confirmed, for the link to review the agent.
  const confirmedId = cleanKey(new URL(request.url).searchParams.get("confirmed"));
  const confirmed = confirmedId ? await money.views.studentBooking(user.id, confirmedId) : null;
  const t = await i18next.getFixedT(request, "booking");
  return {
    title: t("viewing.title"),
    due: due.map((b) => ({
      id: b.id,
      reference: b.reference,
      propertyId: b.propertyId,
      propertyTitle: b.propertyTitle,
      visitDate: b.visitDate,
      visitTime: b.visitTime,
    })),
    confirmed:
      confirmed && confirmed.viewingOutcome === "confirmed"
        ? { propertyTitle: confirmed.propertyTitle, agentId: confirmed.agentId, propertyId: confirmed.propertyId }
        : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const formData = await readFormOrNull(request);
  const submission = parseWithZod(formData ?? new FormData(), { schema: viewingOutcomeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  const result = await recordViewingOutcome(context.services.money.viewings, {
    bookingId: submission.value.bookingId,
    studentId: user.id,
    outcome: submission.value.outcome,
  });
  if (!result.ok) {
    const error = await describeMoneyError(request, result.error);
    return data({ result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
  const confirmed = result.value.outcome === "confirmed";
  return redirectWithToast(
    context,
    request,
    confirmed ? `/confirm-viewing?${new URLSearchParams({ confirmed: submission.value.bookingId })}` : "/confirm-viewing",
    { kind: "success", title: confirmed ? "booking:toasts.viewingConfirmed" : "booking:toasts.noShowRecorded" },
  );
}

export default function ConfirmViewingPage() {
  const { t, i18n } = useTranslation("booking");
  const { due, confirmed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <section className="container-page py-10">
      <h1 className="text-2xl font-bold">{t("viewing.title")}</h1>
      <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">{t("viewing.intro")}</p>

      {actionData?.result?.error?.[""] ? (
        <div className="mt-4">
          <FormAlert errors={actionData.result.error[""]} />
        </div>
      ) : null}

      {confirmed ? (
        <div
          role="status"
          className="mt-6 rounded-md border border-brand-500 bg-brand-50 p-4 text-brand-800 dark:bg-slate-800 dark:text-brand-100"
        >
          <p className="font-semibold">{t("viewing.thanks", { property: confirmed.propertyTitle })}</p>
          <Link to={`/agent/${encodeURIComponent(confirmed.agentId)}#reviews`} className="link mt-2 inline-block">
            {t("viewing.reviewAgent")}
          </Link>
        </div>
      ) : null}

      {due.length === 0 ? (
        <p className="mt-6">{t("viewing.nothingDue")}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {due.map((b) => (
            <li key={b.id} className="card p-4">
              <h2 className="text-lg font-semibold">
                <Link to={`/property/${encodeURIComponent(b.propertyId)}`} className="link">
                  {b.propertyTitle}
                </Link>
              </h2>
              <p className="mt-1 text-sm">
                {t("viewing.when", {
                  date: formatVisitDate(b.visitDate, i18n.language),
                  time: formatVisitTime(b.visitTime, i18n.language),
                })}{" "}
                · <code>{b.reference}</code>
              </p>
              <p className="mt-3 font-medium">{t("viewing.question")}</p>
              <Form method="post" className="mt-2 flex flex-wrap gap-3">
                <input type="hidden" name="bookingId" value={b.id} />
                <button type="submit" name="outcome" value="confirmed" className="btn-primary" disabled={busy}>
                  {t("viewing.tookPlace")}
                </button>
                <button type="submit" name="outcome" value="no_show" className="btn-secondary" disabled={busy}>
                  {t("viewing.noShow")}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
