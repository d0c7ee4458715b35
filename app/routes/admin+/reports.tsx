import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { doualaToday } from "../../../domain/commission/weekly-payout";
import { payOutCommissions } from "../../../domain/commission/pay-out-commissions.use-case";
import { voidCommission } from "../../../domain/commission/void-commission.use-case";
import { getReportsStats, type RevenueTable } from "../../../domain/platform-stats/platform-stats.query";
import { DataTable } from "~/components/admin/bar-chart";
import { payoutActionSchema } from "~/components/admin/payout-schema";
import { VoidReasonField } from "~/components/admin/void-reason-field";
import { ErrorList, FormAlert } from "~/components/auth/form-fields";
import { titleMeta } from "~/components/auth/page-title";
import { PortalLayout } from "~/components/auth/portal-layout";
import { describeMoneyError } from "~/components/booking/money-errors.server";
import { ConfirmAction } from "~/components/portal/confirm-action";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";
import { formatDate, formatDateTime, formatXaf } from "~/utils/format";
import { getLanguage } from "~/utils/preferences.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["auth", "admin-stats", "portal"] };
export const meta = titleMeta;

// Revenue by week and month, active subscriptions and access passes, commissions owed per agent,
// and the weekly payout run (void one pending earning with a reason; mark the rest paid).
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const t = await i18next.getFixedT(request, "admin-stats");
  const language = await getLanguage(request);
  const { platformStats } = context.services.money;
  const stats = await getReportsStats(platformStats);
  const pending = await platformStats.stats.pendingEarnings(stats.at);
  const rows = (table: RevenueTable, monthly: boolean) =>
    table.buckets.map((b) => ({
      label: monthly ? formatDate(b.start, language, { day: undefined, month: "long", year: "numeric" }) : formatDate(b.start, language),
      lines: b.lines,
      amount: b.amount,
    }));
  return {
    title: t("reports.title"),
    asOf: stats.at.toISOString(),
    asOfText: formatDateTime(stats.at, language),
    today: doualaToday(stats.at),
    weekly: rows(stats.weekly, false),
    monthly: rows(stats.monthly, true),
    active: stats.active,
    owed: stats.commissionsOwed,
    pending: pending.map((p) => ({ ...p, date: formatDate(p.date, language) })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const submission = parseWithZod(await readFormData(request), { schema: payoutActionSchema });
  if (submission.status !== "success") {
    const intent = submission.payload.intent === "void" ? "void" : "payout";
    const commissionId = typeof submission.payload.commissionId === "string" ? submission.payload.commissionId : null;
    return data({ intent, commissionId, result: submission.reply() }, { status: 400 });
  }
  const input = submission.value;
  const deps = context.services.money.commissionAdmin;
  if (input.intent === "void") {
    const result = await voidCommission(deps, { adminId: admin.id, commissionId: input.commissionId, reason: input.reason });
    if (!result.ok) {
      const error = await describeMoneyError(request, result.error);
      return data({ intent: "void", commissionId: input.commissionId, result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
    }
    return redirectWithToast(context, request, "/admin/reports#payout", { kind: "success", title: "admin-stats:toasts.voided" });
  }
  const result = await payOutCommissions(deps, { adminId: admin.id, asOf: new Date(input.asOf), paidOn: input.paidOn, reference: input.reference });
  if (!result.ok) {
    const error = await describeMoneyError(request, result.error);
    return data({ intent: "payout", commissionId: null, result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
  return redirectWithToast(context, request, "/admin/reports#payout", {
    kind: "success",
    title: "admin-stats:toasts.paid",
    params: { count: result.value.count, amount: formatXaf(result.value.amount), reference: result.value.reference },
  });
}

type CsvTable = "weekly" | "monthly" | "owed" | "payout";

export default function AdminReportsPage() {
  const { t } = useTranslation("admin-stats");
  const { asOf, asOfText, today, weekly, monthly, active, owed, pending } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const payoutErrors = actionData?.intent === "payout" ? actionData.result.error : undefined;
  const voidErrors = actionData?.intent === "void" ? actionData.result.error : undefined;
  const csvLink = (table: CsvTable) => (
    <a href={`/admin/reports/csv/${table}`} className="link text-sm" download>
      {t("reports.csv", { table: t(`reports.tables.${table}`) })}
    </a>
  );
  const revenueRows = (rows: typeof weekly) =>
    rows.map((r) => [
      r.label,
      r.lines.length ? r.lines.map((l) => `${t(`paymentType.${l.type}`, { defaultValue: l.type })}: ${formatXaf(l.amount)} (${l.count})`).join("; ") : t("reports.noRevenue"),
      formatXaf(r.amount),
    ]);
  const pendingTotal = pending.reduce((s, p) => s + p.amount, 0);
  return (
    <PortalLayout portal="admin" title={t("reports.title")} intro={t("reports.intro")}>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t("reports.asOf", { date: asOfText })}</p>

      <section aria-labelledby="active" className="card mb-8 p-5">
        <h2 id="active" className="text-lg font-semibold">
          {t("reports.active")}
        </h2>
        <dl className="mt-3 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm">{t("reports.subscriptions")}</dt>
            <dd className="text-3xl font-bold" data-testid="active-subscriptions">
              {active.subscriptions}
            </dd>
          </div>
          <div>
            <dt className="text-sm">{t("reports.accessPasses")}</dt>
            <dd className="text-3xl font-bold" data-testid="active-passes">
              {active.accessPasses}
            </dd>
          </div>
        </dl>
      </section>

      {(
        [
          ["weekly", weekly],
          ["monthly", monthly],
        ] as const
      ).map(([table, rows]) => (
        <section key={table} aria-labelledby={`revenue-${table}`} className="card mb-8 p-5">
          <h2 id={`revenue-${table}`} className="mb-3 text-lg font-semibold">
            {t(`reports.tables.${table}`)}
          </h2>
          <DataTable caption={t(`reports.captions.${table}`)} headers={[t("reports.period"), t("reports.byType"), t("reports.total")]} rows={revenueRows(rows)} testId={`revenue-${table}`} />
          <p className="mt-2">{csvLink(table)}</p>
        </section>
      ))}

      <section aria-labelledby="owed" className="card mb-8 p-5">
        <h2 id="owed" className="mb-3 text-lg font-semibold">
          {t("reports.tables.owed")}
        </h2>
        <DataTable
          caption={t("reports.captions.owed")}
          headers={[t("reports.agent"), t("reports.commissions"), t("reports.amount")]}
          rows={owed.map((a) => [a.agentName, String(a.count), formatXaf(a.amount)])}
          empty={t("reports.nothingOwed")}
          testId="commissions-owed"
        />
        <p className="mt-2">{csvLink("owed")}</p>
      </section>

      <section id="payout" aria-labelledby="payout-title" className="card p-5">
        <h2 id="payout-title" className="text-lg font-semibold">
          {t("reports.tables.payout")}
        </h2>
        <p className="mt-2 max-w-3xl text-sm text-slate-700 dark:text-slate-300">{t("reports.payoutIntro")}</p>
        {voidErrors?.[""] ? <FormAlert errors={voidErrors[""]} /> : null}
        {voidErrors?.reason ? <ErrorList errors={voidErrors.reason} /> : null}
        {pending.length === 0 ? (
          <p className="mt-4" data-testid="payout-empty">
            {t("reports.nothingPending")}
          </p>
        ) : (
          <table className="mt-4 w-full text-left text-sm" data-testid="payout-table">
            <caption className="mb-1 text-left font-medium">{t("reports.captions.payout", { count: pending.length, amount: formatXaf(pendingTotal) })}</caption>
            <thead>
              <tr className="border-b border-slate-200 dark:border-slate-700">
                <th scope="col" className="py-1 pr-4">{t("reports.earned")}</th>
                <th scope="col" className="py-1 pr-4">{t("reports.agent")}</th>
                <th scope="col" className="py-1 pr-4">{t("reports.property")}</th>
                <th scope="col" className="py-1 pr-4">{t("reports.amount")}</th>
                <th scope="col" className="py-1 pr-4">{t("reports.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {pending.map((p) => (
                <tr key={p.id} className="border-b border-slate-100 dark:border-slate-800" data-testid="payout-row">
                  <td className="py-2 pr-4">{p.date}</td>
                  <th scope="row" className="py-2 pr-4 font-normal">{p.agentName}</th>
                  <td className="py-2 pr-4">{p.propertyTitle}</td>
                  <td className="py-2 pr-4">{formatXaf(p.amount)}</td>
                  <td className="py-2 pr-4">
                    <ConfirmAction
                      confirmHref={`/admin/reports/void/${encodeURIComponent(p.id)}`}
                      action="/admin/reports"
                      fields={{ intent: "void", commissionId: p.id }}
                      trigger={t("reports.void", { agent: p.agentName, date: p.date })}
                      title={t("reports.voidTitle")}
                      body={t("reports.voidBody", { agent: p.agentName, amount: formatXaf(p.amount), date: p.date })}
                      confirmLabel={t("reports.voidConfirm")}
                      extra={<VoidReasonField id={`reason-${p.id}`} />}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="mt-2">{csvLink("payout")}</p>
        {pending.length > 0 ? (
          <Form method="post" action="/admin/reports" className="mt-6 max-w-xl space-y-3" aria-labelledby="pay-title">
            <h3 id="pay-title" className="font-semibold">
              {t("reports.payTitle", { count: pending.length, amount: formatXaf(pendingTotal) })}
            </h3>
            <input type="hidden" name="intent" value="payout" />
            <input type="hidden" name="asOf" value={asOf} />
            <FormAlert errors={payoutErrors?.[""] ?? payoutErrors?.asOf ?? null} />
            <div>
              <label htmlFor="paidOn" className="label">
                {t("reports.paidOn")}
              </label>
              <input id="paidOn" name="paidOn" type="date" required max={today} defaultValue={today} className="input" aria-invalid={payoutErrors?.paidOn ? true : undefined} aria-describedby={payoutErrors?.paidOn ? "paidOn-error" : undefined} />
              <ErrorList id="paidOn-error" errors={payoutErrors?.paidOn} />
            </div>
            <div>
              <label htmlFor="reference" className="label">
                {t("reports.reference")}
              </label>
              <input id="reference" name="reference" type="text" required maxLength={100} className="input" aria-invalid={payoutErrors?.reference ? true : undefined} aria-describedby={payoutErrors?.reference ? "reference-error" : "reference-help"} />
              <p id="reference-help" className="text-sm text-slate-600 dark:text-slate-400">{t("reports.referenceHelp")}</p>
              <ErrorList id="reference-error" errors={payoutErrors?.reference} />
            </div>
            <button type="submit" className="btn-primary">
              {t("reports.pay")}
            </button>
          </Form>
        ) : null}
      </section>
    </PortalLayout>
  );
}
