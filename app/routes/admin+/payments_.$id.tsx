// /admin/payments/{id}: one payment with its payment_events timeline, and "Check again with the
// provider", which runs the reconciler's steps for this payment (the status is never set by hand)
// and is audited. Its refund (decision 0219): the state, the reason, the provider's reference or
// why it failed, a link to the refund's confirmation page (/admin/payments/{id}/refund) while it
// may be sent, and "check the refund with the provider" while it is pending.
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { getPaymentWithEvents } from "#domain/payment/payment-ledger.queries";
import { recheckPayment } from "#domain/payment/recheck-payment.use-case";
import { checkRefund, refundRefusal } from "#domain/payment/refund-payment.use-case";
import { paymentRecheckSchema, refundCheckSchema } from "~/components/admin/moderation-schema";
import { FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { cleanKey } from "~/utils/clean-key";
import { badForm, refused, type PortalActionError } from "~/utils/portal-forms.server";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { paymentEventKey } from "~/utils/audit-messages";
import { formatDateTime, formatXaf } from "~/utils/format";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["auth", "admin-payments"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = cleanKey(params.id);
  const found = id ? await getPaymentWithEvents(context.services.money.payments, id) : null;
  if (!found?.ok) throw notFound();
  const { payment, events, refund } = found.value;
  const t = await i18next.getFixedT(request, "admin-payments");
  return {
    title: t("detail.title", { reference: payment.reference }),
    payment: {
      ...payment,
      confirmedAt: payment.confirmedAt?.toISOString() ?? null,
      createdAt: payment.createdAt.toISOString(),
      updatedAt: payment.updatedAt.toISOString(),
    },
    events: events.map((e) => ({ id: e.id, type: e.type, data: JSON.stringify(e.data), createdAt: e.createdAt.toISOString() })),
    // Listed to refund (the purchase had already been paid by another payment, decision 0184) or
    // refunded by an admin (decision 0219).
    refund: refund
      ? {
          status: refund.status,
          reason: refund.reason,
          note: refund.note,
          keepAccess: refund.keepAccess,
          phone: refund.phone,
          transId: refund.transId,
          failureReason: refund.failureReason,
          attempt: refund.attempt,
          paidByPaymentId: refund.paidByPaymentId,
          paidByReference: refund.paidByReference,
        }
      : null,
    // The refund's confirmation page is offered only when a refund can be sent now.
    refundable: context.services.refunds.gateway !== null && refundRefusal(payment, refund) === null,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = cleanKey(params.id);
  if (!id) throw notFound();
  const formData = await readFormOrNull(request);
  if (!formData) return badForm(request);
  if (parseWithZod(formData, { schema: refundCheckSchema }).status === "success") {
    const outcome = await checkRefund(context.services.refunds, { adminId: admin.id, paymentId: id });
    return redirectWithToast(context, request, `/admin/payments/${encodeURIComponent(id)}`, {
      kind: outcome === "failed" ? "error" : "success",
      title: `admin-payments:toasts.refundCheck.${outcome}`,
    });
  }
  if (parseWithZod(formData, { schema: paymentRecheckSchema }).status !== "success") return badForm(request);
  const result = await recheckPayment(context.services.money.recheck, { adminId: admin.id, paymentId: id });
  if (!result.ok) {
    if (result.error.code === "payment.not_found") throw notFound();
    return refused(request, result.error);
  }
  const { before, after } = result.value;
  return redirectWithToast(context, request, `/admin/payments/${encodeURIComponent(id)}`, {
    kind: "success",
    title: `admin-payments:toasts.${before.status === after.status ? "unchanged" : "changed"}.${after.status}`,
  });
}

export default function AdminPaymentPage() {
  const { t, i18n } = useTranslation("admin-payments");
  const { title, payment, events, refund, refundable } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PortalActionError | undefined;
  const rows: [string, string][] = [
    ["status", t(`statuses.${payment.status}`)],
    ["amount", formatXaf(payment.amount)],
    ["type", t(`types.${payment.type}`, { defaultValue: payment.type })],
    ["gateway", payment.gateway === "" ? t("gateways.none") : t(`gateways.${payment.gateway}`, { defaultValue: payment.gateway })],
    ["method", payment.method ? t(`methods.${payment.method}`) : "—"],
    ["phone", payment.phone ?? "—"],
    ["providerTxId", payment.providerTxId ?? "—"],
    ["failureReason", payment.failureReason ?? "—"],
    ["createdAt", formatDateTime(payment.createdAt, i18n.language)],
    ["confirmedAt", payment.confirmedAt ? formatDateTime(payment.confirmedAt, i18n.language) : "—"],
  ];
  return (
    <PortalLayout portal="admin" title={title}>
      <p className="mb-4">
        <Link to="/admin/payments" className="link">
          {t("detail.back")}
        </Link>
      </p>
      {actionData?.formError ? <FormAlert id="recheck-error" errors={[actionData.formError]} /> : null}
      <dl className="card grid gap-x-6 gap-y-2 p-4 text-sm sm:grid-cols-2" data-testid="payment-detail">
        {rows.map(([k, v]) => (
          <div key={k} className="flex gap-2">
            <dt className="font-medium">{t(`detail.fields.${k}`)}:</dt>
            <dd className="break-all" data-field={k}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
      {refund ? (
        <div className="card mt-4 border-amber-400 p-4 text-sm" data-testid="payment-refund">
          <p>
            <span className="font-medium">{t("detail.fields.refund")}:</span>{" "}
            <span data-testid="refund-status">
              {t(`detail.refund.${refund.status}`, {
                amount: formatXaf(payment.amount),
                reference: refund.paidByReference,
                number: refund.phone ?? "",
                transId: refund.transId ?? "",
                reason: refund.failureReason ?? "",
              })}
            </span>{" "}
            {refund.paidByPaymentId ? (
              <Link to={`/admin/payments/${encodeURIComponent(refund.paidByPaymentId)}`} className="link">
                {t("detail.refund.open", { reference: refund.paidByReference })}
              </Link>
            ) : null}
          </p>
          {refund.note ? <p className="mt-1">{t("detail.refund.note", { note: refund.note })}</p> : null}
          {refund.reason === "admin" && refund.status !== "to_refund" ? (
            <p className="mt-1">{t(refund.keepAccess ? "detail.refund.kept" : "detail.refund.withdrawn")}</p>
          ) : null}
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="recheck" />
          <button type="submit" className="btn-primary">
            {t("detail.recheck")}
          </button>
        </Form>
        {refund?.status === "pending" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="refund-check" />
            <button type="submit" className="btn-secondary">
              {t("detail.refundCheck")}
            </button>
          </Form>
        ) : null}
        {refundable ? (
          <Link to={`/admin/payments/${encodeURIComponent(payment.id)}/refund`} className="btn-secondary">
            {t(refund?.status === "failed" ? "detail.refundRetry" : "detail.refundAction")}
          </Link>
        ) : null}
      </div>
      <h2 className="mt-8 text-lg font-semibold">{t("detail.events")}</h2>
      {events.length === 0 ? (
        <p className="card mt-2 p-4">{t("detail.noEvents")}</p>
      ) : (
        <ol className="mt-2 space-y-2" data-testid="payment-events">
          {events.map((e) => (
            <li key={e.id} className="card p-3 text-sm">
              <p className="font-medium">
                <time dateTime={e.createdAt}>{formatDateTime(e.createdAt, i18n.language)}</time> ·{" "}
                {t(paymentEventKey(e.type), { defaultValue: e.type })}
              </p>
              {e.data !== "{}" ? (
                <details className="mt-1">
                  <summary className="cursor-pointer text-slate-700 dark:text-slate-300">{t("detail.eventDetails")}</summary>
                  <pre className="mt-1 whitespace-pre-wrap break-all text-xs text-slate-700 dark:text-slate-300">{e.data}</pre>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </PortalLayout>
  );
}
