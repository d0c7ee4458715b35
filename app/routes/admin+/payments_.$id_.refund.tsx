// /admin/payments/{id}/refund (issue 34, decision 0219): the refund's confirmation step, a page of
// its own so it works without JavaScript. It says how much goes back, to which number, and what
// the payment bought that will be withdrawn; the admin gives a reason and may keep the access as
// goodwill (not offered for a purchase paid twice, which bought nothing, or for a retry).
// Confirming calls refundPayment once; a refused refund answers 4xx with a translated message.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { getPaymentWithEvents } from "#domain/payment/payment-ledger.queries";
import { REFUND_NOTE_MAX, REFUND_NOTE_MIN, refundDestination } from "#domain/payment/payment-refund";
import { refundCommissionPreview, refundPayment, refundRefusal } from "#domain/payment/refund-payment.use-case";
import { paymentRefundSchema } from "~/components/admin/moderation-schema";
import { FormAlert } from "~/components/forms/form-fields";
import { Form, Link } from "~/components/link";
import { PortalLayout } from "~/components/portal/portal-layout";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { cleanKey } from "~/utils/clean-key";
import { describeDomainError } from "~/utils/domain-errors.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { formatXaf } from "~/utils/format";
import { notFound } from "~/utils/not-found.server";
import { titleMeta } from "~/utils/page-title";
import { type PortalActionError, refused } from "~/utils/portal-forms.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useTranslation } from "~/utils/translation";

export const handle = { i18n: ["auth", "portal", "admin-payments"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = cleanKey(params.id);
  const found = id ? await getPaymentWithEvents(context.services.money.payments, id) : null;
  if (!found?.ok) throw notFound();
  const { payment, refund } = found.value;
  const t = await i18next.getFixedT(request, "admin-payments");
  const code = context.services.refunds.gateway ? refundRefusal(payment, refund) : "admin-payments.refunds_off";
  // The visit's commission: voided with the refund, or already paid / in a payout (left to the admin).
  const commission = refund === null ? await refundCommissionPreview(context.services.refunds, payment.id) : null;
  return {
    title: t("refundPage.title", { reference: payment.reference }),
    payment: { id: payment.id, reference: payment.reference, amount: payment.amount, type: payment.type },
    number: refundDestination(payment)?.phone ?? payment.phone ?? "",
    // A purchase paid twice bought nothing, and a retry withdrew it (or not) the first time.
    offersKeepAccess: refund === null,
    duplicate: refund?.reason === "duplicate_purchase",
    retry: refund?.status === "failed",
    commission:
      commission && commission.outcome !== "already_voided" ? { outcome: commission.outcome, amount: formatXaf(commission.amount) } : null,
    refusal: code ? (await describeDomainError(request, { code })).message : null,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = cleanKey(params.id);
  if (!id) throw notFound();
  const formData = await readFormOrNull(request);
  if (!formData) return refused(request, { code: "portal.invalid_form" });
  const submission = parseWithZod(formData, { schema: paymentRefundSchema });
  if (submission.status !== "success")
    return refused(request, { code: "admin-payments.refund_reason_required", params: { min: REFUND_NOTE_MIN, max: REFUND_NOTE_MAX } });
  const result = await refundPayment(context.services.refunds, {
    adminId: admin.id,
    paymentId: id,
    note: submission.value.reason,
    keepAccess: submission.value.keepAccess === "on",
  });
  if (!result.ok) {
    if (result.error.code === "payment.not_found") throw notFound();
    const { params } = result.error;
    // Amounts in the message as everywhere: 8 000 FCFA.
    if (result.error.code === "admin-payments.refund_balance_too_low" && params)
      return refused(request, {
        ...result.error,
        params: { balance: formatXaf(Number(params.balance)), needed: formatXaf(Number(params.needed)) },
      });
    return refused(request, result.error);
  }
  const { outcome, commission } = result.value;
  // Too late to void the visit's commission: the admin is told, to recover it by hand.
  const kept = commission && (commission.outcome === "paid" || commission.outcome === "in_payout") ? commission : null;
  return redirectWithToast(context, request, `/admin/payments/${encodeURIComponent(id)}`, {
    kind: outcome === "failed" ? "error" : kept ? "info" : "success",
    title: outcome === "failed" ? "admin-payments:toasts.refundFailed" : "admin-payments:toasts.refundSent",
    ...(kept
      ? { description: `admin-payments:toasts.refundCommissionKept.${kept.outcome}`, params: { amount: formatXaf(kept.amount) } }
      : {}),
  });
}

export default function RefundPaymentPage() {
  const { t } = useTranslation("admin-payments");
  const { title, payment, number, offersKeepAccess, duplicate, retry, refusal, commission } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PortalActionError | undefined;
  const back = `/admin/payments/${encodeURIComponent(payment.id)}`;
  return (
    <PortalLayout portal="admin" title={title}>
      <div className="card max-w-xl p-6">
        {actionData?.formError ? <FormAlert id="refund-error" errors={[actionData.formError]} /> : null}
        {refusal ? (
          <>
            <p data-testid="refund-refused">{refusal}</p>
            <Link to={back} className="btn-secondary mt-4 inline-flex">
              {t("refundPage.back")}
            </Link>
          </>
        ) : (
          <>
            <p data-testid="refund-summary">{t("refundPage.body", { amount: formatXaf(payment.amount), number })}</p>
            <p className="mt-2 text-slate-700 dark:text-slate-300">
              {duplicate || retry ? t(duplicate ? "refundPage.duplicate" : "refundPage.retry") : t(`refundPage.withdraws.${payment.type}`)}
            </p>
            {commission ? (
              <p data-testid="refund-commission" className="mt-2 text-slate-700 dark:text-slate-300">
                {t(`refundPage.commission.${commission.outcome}`, { amount: commission.amount })}
              </p>
            ) : null}
            <Form method="post" className="mt-4 space-y-4">
              <div>
                <label htmlFor="refund-reason" className="label">
                  {t("refundPage.reason")}
                </label>
                <textarea
                  id="refund-reason"
                  name="reason"
                  className="input min-h-20"
                  required
                  minLength={REFUND_NOTE_MIN}
                  maxLength={REFUND_NOTE_MAX}
                />
              </div>
              {offersKeepAccess ? (
                <label className="flex items-start gap-2">
                  <input type="checkbox" name="keepAccess" value="on" className="mt-1" />
                  <span>{t("refundPage.keepAccess")}</span>
                </label>
              ) : null}
              <div className="flex flex-wrap gap-3">
                <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800">
                  {t("refundPage.confirm", { amount: formatXaf(payment.amount) })}
                </button>
                <Link to={back} className="btn-secondary">
                  {t("refundPage.cancel")}
                </Link>
              </div>
            </Form>
          </>
        )}
      </div>
    </PortalLayout>
  );
}
