import { parseWithZod } from "@conform-to/zod";
import { formatPhone } from "#domain/shared/phone-display";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { PAYOUT_REFERENCE_MAX } from "#domain/commission/commission.entity";
import { doualaToday } from "#domain/commission/weekly-payout";
import { payOutCommissions } from "#domain/commission/pay-out-commissions.use-case";
import { voidCommission } from "#domain/commission/void-commission.use-case";
import { getReportsStats, type RevenueTable } from "#domain/platform-stats/platform-stats.query";
import { DataTable } from "~/components/admin/bar-chart";
import { payoutActionSchema } from "~/components/admin/payout-schema";
import { VoidReasonField } from "~/components/admin/void-reason-field";
import { ErrorList, FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { describeMoneyError } from "~/utils/money-errors.server";
import { ConfirmAction } from "~/components/portal/confirm-action";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";
import { formatDate, formatDateTime, formatXaf } from "~/utils/format";
import { getLanguage } from "~/utils/preferences.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["auth", "admin-stats", "portal", "payouts"] };
export const meta = titleMeta;

// Revenue by week and month, active subscriptions and access passes, commissions owed per agent,
// and the weekly payout run, per agent (void one pending earning with a reason; mark an agent's
// rest paid with the reference of the transfer made to that agent).
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
  const idOf = (raw: unknown) => (typeof raw === "string" ? raw : null);
  if (submission.status !== "success") {
    const intent = submission.payload.intent === "void" ? "void" : "payout";
    return data(
      {
        intent,
        commissionId: idOf(submission.payload.commissionId),
        agentId: idOf(submission.payload.agentId),
        result: submission.reply(),
      },
      { status: 400 },
    );
  }
  const input = submission.value;
  const deps = context.services.money.commissionAdmin;
  if (input.intent === "void") {
    const result = await voidCommission(deps, { adminId: admin.id, commissionId: input.commissionId, reason: input.reason });
    if (!result.ok) {
      const error = await describeMoneyError(request, result.error);
      return data(
        { intent: "void", commissionId: input.commissionId, agentId: null, result: submission.reply({ formErrors: [error.message] }) },
        { status: error.status },
      );
    }
    return redirectWithToast(context, request, "/admin/reports#payout", { kind: "success", title: "admin-stats:toasts.voided" });
  }
  // One agent's transfer: their pending earnings up to the reviewed moment (decision 0129).
  const result = await payOutCommissions(deps, {
    adminId: admin.id,
    agentId: input.agentId,
    asOf: new Date(input.asOf),
    paidOn: input.paidOn,
    reference: input.reference,
  });
  if (!result.ok) {
    const error = await describeMoneyError(request, result.error);
    return data(
      { intent: "payout", commissionId: null, agentId: input.agentId, result: submission.reply({ formErrors: [error.message] }) },
      { status: error.status },
    );
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
  const payoutFailure = actionData?.intent === "payout" ? { agentId: actionData.agentId, errors: actionData.result.error } : undefined;
  const voidErrors = actionData?.intent === "void" ? actionData.result.error : undefined;
  const csvLink = (table: CsvTable) => (
    <a href={`/admin/reports/csv/${table}`} className="link text-sm" download>
      {t("reports.csv", { table: t(`reports.tables.${table}`) })}
    </a>
  );
  const revenueRows = (rows: typeof weekly) =>
    rows.map((r) => [
      r.label,
      r.lines.length
        ? r.lines.map((l) => `${t(`paymentType.${l.type}`, { defaultValue: l.type })}: ${formatXaf(l.amount)} (${l.count})`).join("; ")
        : t("reports.noRevenue"),
      formatXaf(r.amount),
    ]);
  const pendingTotal = pending.reduce((s, p) => s + p.amount, 0);
  const groups = byAgent(pending);
  // A failed "Mark paid" shows its errors in its agent's form; one whose agent has nothing left
  // pending any more (another admin paid it meanwhile) shows them above the list.
  const orphanPayoutErrors = payoutFailure && !groups.some((g) => g.agentId === payoutFailure.agentId) ? payoutFailure.errors : undefined;
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
          <DataTable
            caption={t(`reports.captions.${table}`)}
            headers={[t("reports.period"), t("reports.byType"), t("reports.total")]}
            rows={revenueRows(rows)}
            testId={`revenue-${table}`}
          />
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
        {/* Issue 34: payouts through the provider (decision 0212); this manual path stays beside it. */}
        <p className="mt-2 text-sm">
          <Link to="/admin/payouts" className="link" data-testid="provider-payouts-link">
            {t("payouts:admin.providerLink")}
          </Link>
        </p>
        {voidErrors?.[""] ? <FormAlert errors={voidErrors[""]} /> : null}
        {voidErrors?.reason ? <ErrorList errors={voidErrors.reason} /> : null}
        {orphanPayoutErrors ? <FormAlert errors={orphanPayoutErrors[""] ?? Object.values(orphanPayoutErrors).flat()} /> : null}
        {pending.length === 0 ? (
          <p className="mt-4" data-testid="payout-empty">
            {t("reports.nothingPending")}
          </p>
        ) : (
          <p className="mt-4 font-medium" data-testid="payout-total">
            {t("reports.captions.payout", { count: pending.length, amount: formatXaf(pendingTotal) })}
          </p>
        )}
        {groups.map((group, index) => (
          <AgentPayout
            key={group.agentId}
            group={group}
            index={index}
            asOf={asOf}
            today={today}
            errors={payoutFailure?.agentId === group.agentId ? payoutFailure.errors : undefined}
          />
        ))}
        <p className="mt-4">{csvLink("payout")}</p>
      </section>
    </PortalLayout>
  );
}

type PendingLine = ReturnType<typeof useLoaderData<typeof loader>>["pending"][number];
interface AgentGroup {
  agentId: string;
  agentName: string;
  payee: PendingLine["payee"];
  lines: PendingLine[];
  amount: number;
}

/** The pending list, one group per agent, in the order of each agent's oldest earning. */
function byAgent(pending: readonly PendingLine[]): AgentGroup[] {
  const groups = new Map<string, AgentGroup>();
  for (const line of pending) {
    const group = groups.get(line.agentId) ?? { agentId: line.agentId, agentName: line.agentName, payee: line.payee, lines: [], amount: 0 };
    group.lines.push(line);
    group.amount += line.amount;
    groups.set(line.agentId, group);
  }
  return [...groups.values()];
}

type FieldErrors = Record<string, string[] | null> | undefined;

/**
 * Where this agent's transfer goes. There is no payout account of its own yet (issue 34): the
 * name is the agent's, the number the business phone checked at verification (else the account's
 * phone), and the screen says so.
 */
function PayeeDetails({ payee }: { payee: AgentGroup["payee"] }) {
  const { t } = useTranslation("admin-stats");
  return (
    <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid="payee">
      <dt className="font-medium">{t("reports.payee.name")}</dt>
      <dd>
        {payee.name}
        {payee.businessName ? ` (${payee.businessName})` : null}
      </dd>
      <dt className="font-medium">{t("reports.payee.number")}</dt>
      <dd>
        {payee.phone ? (
          <>
            <span className="font-mono" translate="no">
              {formatPhone(payee.phone)}
            </span>{" "}
            <span className="text-slate-600 dark:text-slate-400">{t(`reports.payee.source.${payee.phoneSource ?? "business"}`)}</span>
          </>
        ) : (
          <span className="font-medium text-red-800 dark:text-red-300">{t("reports.payee.none")}</span>
        )}
      </dd>
    </dl>
  );
}

/** One agent's pending commissions (each can be voided) and the form marking them paid with that agent's transfer. */
function AgentPayout({
  group,
  index,
  asOf,
  today,
  errors,
}: {
  group: AgentGroup;
  index: number;
  asOf: string;
  today: string;
  errors: FieldErrors;
}) {
  const { t } = useTranslation("admin-stats");
  const key = `agent-${index}`;
  const amount = formatXaf(group.amount);
  return (
    <section
      aria-labelledby={`${key}-title`}
      className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-700"
      data-testid="payout-agent"
    >
      <h3 id={`${key}-title`} className="font-semibold">
        {group.agentName}
      </h3>
      <PayeeDetails payee={group.payee} />
      {/* On a phone the four columns scroll sideways inside the card, not the page. */}
      <div className="overflow-x-auto">
        <table className="mt-2 w-full text-left text-sm" data-testid="payout-table">
          <caption className="mb-1 text-left">{t("reports.agentTotal", { count: group.lines.length, amount })}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-4">
                {t("reports.earned")}
              </th>
              <th scope="col" className="py-1 pr-4">
                {t("reports.property")}
              </th>
              <th scope="col" className="py-1 pr-4">
                {t("reports.amount")}
              </th>
              <th scope="col" className="py-1 pr-4">
                {t("reports.actions")}
              </th>
            </tr>
          </thead>
          <tbody>
            {group.lines.map((p) => (
              <tr key={p.id} className="border-b border-slate-100 dark:border-slate-800" data-testid="payout-row">
                <th scope="row" className="py-2 pr-4 font-normal">
                  {p.date}
                </th>
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
      </div>
      <Form method="post" action="/admin/reports" className="mt-4 max-w-xl space-y-3" aria-labelledby={`${key}-pay`}>
        <h4 id={`${key}-pay`} className="text-sm font-semibold">
          {t("reports.payTitle", { count: group.lines.length, agent: group.agentName, amount })}
        </h4>
        <input type="hidden" name="intent" value="payout" />
        <input type="hidden" name="agentId" value={group.agentId} />
        <input type="hidden" name="asOf" value={asOf} />
        <FormAlert errors={errors?.[""] ?? errors?.asOf ?? errors?.agentId ?? null} />
        <div>
          <label htmlFor={`${key}-paidOn`} className="label">
            {t("reports.paidOn")}
          </label>
          <input
            id={`${key}-paidOn`}
            name="paidOn"
            type="date"
            required
            max={today}
            defaultValue={today}
            className="input"
            aria-invalid={errors?.paidOn ? true : undefined}
            aria-describedby={errors?.paidOn ? `${key}-paidOn-error` : undefined}
          />
          <ErrorList id={`${key}-paidOn-error`} errors={errors?.paidOn} />
        </div>
        <div>
          <label htmlFor={`${key}-reference`} className="label">
            {t("reports.reference")}
          </label>
          <input
            id={`${key}-reference`}
            name="reference"
            type="text"
            required
            maxLength={PAYOUT_REFERENCE_MAX}
            className="input"
            aria-invalid={errors?.reference ? true : undefined}
            aria-describedby={errors?.reference ? `${key}-reference-error` : `${key}-reference-help`}
          />
          <p id={`${key}-reference-help`} className="text-sm text-slate-600 dark:text-slate-400">
            {t("reports.referenceHelp")}
          </p>
          <ErrorList id={`${key}-reference-error`} errors={errors?.reference} />
        </div>
        <div className="flex items-start gap-2">
          <input
            id={`${key}-confirmed`}
            name="confirmed"
            type="checkbox"
            value="yes"
            required
            className="mt-1 h-4 w-4"
            aria-invalid={errors?.confirmed ? true : undefined}
            aria-describedby={errors?.confirmed ? `${key}-confirmed-error` : undefined}
          />
          <label htmlFor={`${key}-confirmed`} className="text-sm">
            {t("reports.payConfirm", { agent: group.agentName, amount })}
          </label>
        </div>
        <ErrorList id={`${key}-confirmed-error`} errors={errors?.confirmed} />
        <button type="submit" className="btn-primary">
          {t("reports.pay", { agent: group.agentName })}
        </button>
      </Form>
    </section>
  );
}
