// /admin/payments: every payment, newest first, filtered by status, type and gateway (a plain GET
// form), paginated; above it the figures by gateway (count, amount, money taken, success rate),
// read from payment_totals, which triggers keep (decision 0148). Each payment opens /admin/payments/{id}.
// Payments listed to refund (a purchase paid twice, decision 0184) are counted above the list and
// have their own filter.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { countPaymentsToRefund, listPaymentsForAdmin, paymentStatsByGateway } from "#domain/payment/payment-ledger.queries";
import { REFUND_STATUSES, isRefundStatus } from "#domain/payment/payment-refund";
import { successRate } from "#domain/payment/payment-ledger.port";
import { PAYMENT_STATUSES, PAYMENT_TYPES, isPaymentStatus, isPaymentType } from "#domain/payment/payment.entity";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { cleanKey } from "~/utils/clean-key";
import { Pagination } from "~/components/listings/pagination";
import { i18next } from "~/i18next.server";
import { listCountText } from "~/utils/list-count.server";
import { requireAdmin } from "~/utils/auth.server";
import { ScrollRegion } from "~/components/scroll-region";
import { formatDateTime, formatXaf } from "~/utils/format";

export const handle = { i18n: ["auth", "admin-payments", "listings"] };
export const meta = titleMeta;

interface Filters {
  status: string;
  type: string;
  gateway: string;
  refund: string;
}

export function paymentsHref(filters: Filters, page: number): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `/admin/payments?${s}` : "/admin/payments";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const status = params.get("status");
  const type = params.get("type");
  const gateway = cleanKey(params.get("gateway"), 40);
  const refund = params.get("refund");
  const rawPage = params.get("page");
  const page = rawPage && /^\d{1,5}$/.test(rawPage) ? Math.max(1, Number(rawPage)) : 1;
  const deps = { ledger: context.services.money.ledger };
  const [list, stats, toRefund] = await Promise.all([
    listPaymentsForAdmin(deps, {
      status: isPaymentStatus(status) ? status : undefined,
      type: type && isPaymentType(type) ? type : undefined,
      gateway: gateway ?? undefined,
      refund: isRefundStatus(refund) ? refund : undefined,
      page,
    }),
    paymentStatsByGateway(deps),
    countPaymentsToRefund(deps),
  ]);
  const t = await i18next.getFixedT(request, "auth");
  return {
    title: t("portal.admin.pages.payments.title"),
    filters: {
      status: isPaymentStatus(status) ? status : "",
      type: type && isPaymentType(type) ? type : "",
      gateway: gateway ?? "",
      refund: isRefundStatus(refund) ? refund : "",
    },
    toRefund,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    totalIsCapped: list.totalIsCapped,
    countText: await listCountText(request, "admin-payments", "list.count", list),
    items: list.items.map((p) => ({
      id: p.id,
      reference: p.reference,
      payer: p.payerName || p.payerEmail,
      type: p.type,
      gateway: p.gateway,
      method: p.method,
      amount: p.amount,
      status: p.status,
      refundStatus: p.refundStatus,
      createdAt: p.createdAt.toISOString(),
    })),
    stats: stats.map((s) => ({ ...s, successRate: successRate(s) })),
  };
}

export default function AdminPaymentsPage() {
  const { t, i18n } = useTranslation(["auth", "admin-payments"]);
  const { filters, items, page, pageCount, countText, stats, toRefund } = useLoaderData<typeof loader>();
  const percent = new Intl.NumberFormat(i18n.language === "fr" ? "fr-FR" : "en-GB", { style: "percent", maximumFractionDigits: 1 });
  const gatewayName = (g: string) =>
    g === "" ? t("admin-payments:gateways.none") : t(`admin-payments:gateways.${g}`, { defaultValue: g });
  return (
    <PortalLayout portal="admin" title={t("portal.admin.pages.payments.title")} intro={t("portal.admin.pages.payments.intro")}>
      <section aria-labelledby="stats-heading" className="mb-8">
        <h2 id="stats-heading" className="text-lg font-semibold">
          {t("admin-payments:stats.title")}
        </h2>
        {stats.length === 0 ? (
          <p className="card mt-2 p-4">{t("admin-payments:stats.empty")}</p>
        ) : (
          <ScrollRegion label={t("admin-payments:stats.title")} className="mt-2">
            <table className="card w-full text-left text-sm" data-testid="gateway-stats">
              <thead>
                <tr>
                  {(["gateway", "count", "amount", "successful", "successfulAmount", "failed", "expired", "pending", "rate"] as const).map(
                    (c) => (
                      <th key={c} scope="col" className="px-3 py-2">
                        {t(`admin-payments:stats.${c}`)}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {stats.map((s) => (
                  <tr key={s.gateway} className="border-t border-slate-200 dark:border-slate-800" data-gateway={s.gateway}>
                    <th scope="row" className="px-3 py-2 font-medium">
                      {gatewayName(s.gateway)}
                    </th>
                    <td className="px-3 py-2" data-stat="count">
                      {s.count}
                    </td>
                    <td className="px-3 py-2" data-stat="amount">
                      {formatXaf(s.amount)}
                    </td>
                    <td className="px-3 py-2" data-stat="successful">
                      {s.successfulCount}
                    </td>
                    <td className="px-3 py-2" data-stat="successfulAmount">
                      {formatXaf(s.successfulAmount)}
                    </td>
                    <td className="px-3 py-2" data-stat="failed">
                      {s.failedCount}
                    </td>
                    <td className="px-3 py-2" data-stat="expired">
                      {s.expiredCount}
                    </td>
                    <td className="px-3 py-2" data-stat="pending">
                      {s.pendingCount}
                    </td>
                    <td className="px-3 py-2" data-stat="rate">
                      {s.successRate === null ? "—" : percent.format(s.successRate)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>

      {toRefund > 0 ? (
        <p role="status" className="card mb-6 border-amber-400 p-4" data-testid="payments-to-refund">
          {t("admin-payments:refunds.waiting", { count: toRefund })}{" "}
          <Link to={paymentsHref({ status: "", type: "", gateway: "", refund: "to_refund" }, 1)} className="link">
            {t("admin-payments:refunds.show")}
          </Link>
        </p>
      ) : null}

      <h2 className="text-lg font-semibold">{t("admin-payments:list.title")}</h2>
      {/* Keyed by the filters, so a link to other filters ("to refund", "clear") shows them with JavaScript too. */}
      <Form key={paymentsHref(filters, 1)} method="get" action="/admin/payments" className="card mt-2 flex flex-wrap items-end gap-3 p-4">
        <div>
          <label htmlFor="filter-status" className="label">
            {t("admin-payments:filters.status")}
          </label>
          <select id="filter-status" name="status" defaultValue={filters.status} className="input">
            <option value="">{t("admin-payments:filters.any")}</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin-payments:statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-type" className="label">
            {t("admin-payments:filters.type")}
          </label>
          <select id="filter-type" name="type" defaultValue={filters.type} className="input">
            <option value="">{t("admin-payments:filters.any")}</option>
            {PAYMENT_TYPES.map((s) => (
              <option key={s} value={s}>
                {t(`admin-payments:types.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-gateway" className="label">
            {t("admin-payments:filters.gateway")}
          </label>
          <select id="filter-gateway" name="gateway" defaultValue={filters.gateway} className="input">
            <option value="">{t("admin-payments:filters.any")}</option>
            {stats
              .filter((s) => s.gateway !== "")
              .map((s) => (
                <option key={s.gateway} value={s.gateway}>
                  {gatewayName(s.gateway)}
                </option>
              ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-refund" className="label">
            {t("admin-payments:filters.refund")}
          </label>
          <select id="filter-refund" name="refund" defaultValue={filters.refund} className="input">
            <option value="">{t("admin-payments:filters.any")}</option>
            {REFUND_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`admin-payments:refunds.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          {t("admin-payments:filters.apply")}
        </button>
        <Link to="/admin/payments" className="btn-secondary">
          {t("admin-payments:filters.clear")}
        </Link>
      </Form>
      <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">{countText}</p>
      {items.length === 0 ? (
        <p className="card mt-2 p-4">{t("admin-payments:list.empty")}</p>
      ) : (
        <ScrollRegion label={t("portal.admin.pages.payments.title")} className="mt-2">
          <table className="card w-full text-left text-sm">
            <thead>
              <tr>
                {(["date", "reference", "payer", "type", "gateway", "amount", "status"] as const).map((c) => (
                  <th key={c} scope="col" className="px-3 py-2">
                    {t(`admin-payments:list.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((p) => (
                <tr key={p.id} className="border-t border-slate-200 dark:border-slate-800" data-testid="admin-payment">
                  <td className="px-3 py-2">{formatDateTime(p.createdAt, i18n.language)}</td>
                  <td className="px-3 py-2">
                    <Link to={`/admin/payments/${encodeURIComponent(p.id)}`} className="link">
                      {p.reference}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{p.payer}</td>
                  <td className="px-3 py-2">{t(`admin-payments:types.${p.type}`, { defaultValue: p.type })}</td>
                  <td className="px-3 py-2">{gatewayName(p.gateway)}</td>
                  <td className="px-3 py-2">{formatXaf(p.amount)}</td>
                  <td className="px-3 py-2">
                    {t(`admin-payments:statuses.${p.status}`)}
                    {p.refundStatus ? (
                      <span
                        className="ml-2 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100"
                        data-testid="refund-status"
                      >
                        {t(`admin-payments:refunds.${p.refundStatus}`)}
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => paymentsHref(filters, p)} />
    </PortalLayout>
  );
}
