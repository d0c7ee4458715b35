// /admin/payouts (issue 34, decisions 0212, 0223, 0225): money out through the payout provider.
// The provider's balance, what is due now, when the next scheduled run is and how the last one
// went, the button to the run's confirmation page (/admin/payouts/run, a page of its own, so it
// works without JavaScript), "check statuses" (asks the provider about every pending payout and
// applies what it says), and the payouts with their status, reason and provider reference,
// filtered by status, agent and days (a GET form), with the same list as CSV
// (/admin/payouts.csv). The manual "mark paid" stays on /admin/reports.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { reconcilePayouts } from "#domain/payout/run-payouts.use-case";
import { FilterDate, FilterSelect } from "~/components/filters/filter-fields";
import { Form, Link } from "~/components/link";
import { PortalLayout } from "~/components/portal/portal-layout";
import { PayoutsTable } from "~/components/payouts/payout-sections";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { formatDateTime, formatXaf } from "~/utils/format";
import { titleMeta } from "~/utils/page-title";
import { payoutLine, providerBalance } from "~/utils/payouts-admin.server";
import { PAYOUT_STATUSES, payoutFilterFromUrl, payoutFilterQuery, payoutListQuery } from "~/utils/payout-filter";
import { redirectWithToast } from "~/utils/toast.server";
import { useTranslation } from "~/utils/translation";

export const handle = { i18n: ["auth", "portal", "payouts"] };
export const meta = titleMeta;

const RECENT = 50;

/** The last scheduled run's outcome as a message key of admin.outcomes and its values. */
const OUTCOME_KEYS: Record<string, string> = {
  ran: "ran",
  "payouts.nothing_due": "nothing_due",
  "payouts.balance_too_low": "balance_too_low",
  "payouts.provider_unavailable": "provider_unavailable",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const t = await i18next.getFixedT(request, "payouts");
  const filter = payoutFilterFromUrl(new URL(request.url));
  const payouts = context.services.payouts;
  const reader = payouts.reader;
  const enabled = payouts.run !== null;
  const now = new Date();
  const [recent, payees, due, balance, lastRun] = await Promise.all([
    reader.listRecent(payoutListQuery(filter, RECENT)),
    reader.listPayees(),
    enabled ? reader.dueUpTo(now) : Promise.resolve([]),
    providerBalance(context),
    enabled ? payouts.lastScheduledRun() : Promise.resolve(null),
  ]);
  const names = await context.services.accounts.repos.accounts.displayNamesByIds([...payees, ...recent.map((p) => p.agentId)]);
  const nextRun = payouts.nextRunAt(now);
  return {
    title: t("admin.title"),
    enabled,
    balance,
    due: { amount: due.reduce((sum, d) => sum + d.amount, 0), count: due.length },
    nextRun: nextRun ? nextRun.toISOString() : null,
    lastRun: lastRun
      ? {
          date: lastRun.cutOff || lastRun.at.toISOString(),
          key: OUTCOME_KEYS[lastRun.outcome] ?? "other",
          // The count for the plural; every other value is an amount.
          count: lastRun.values.payouts ?? 0,
          values: Object.fromEntries(Object.entries(lastRun.values).map(([k, v]) => [k, formatXaf(v)])),
        }
      : null,
    filter: { status: filter.status ?? "", agent: filter.agent ?? "", from: filter.from ?? "", to: filter.to ?? "" },
    csvHref: `/admin/payouts.csv${payoutFilterQuery(filter)}`,
    agents: payees.map((id) => ({ id, name: names.get(id) ?? id })).sort((a, b) => a.name.localeCompare(b.name)),
    payouts: recent.map((p) => payoutLine(p, names)),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const formData = await readFormOrNull(request);
  const deps = context.services.payouts.run;
  if (!formData || formData.get("intent") !== "check" || !deps) return data({ ok: false }, { status: 400 });
  await reconcilePayouts(deps, admin.id);
  return redirectWithToast(context, request, "/admin/payouts", { kind: "success", title: "payouts:toasts.checked" });
}

export default function AdminPayoutsPage() {
  const { t, i18n } = useTranslation("payouts");
  const { enabled, balance, due, nextRun, lastRun, filter, csvHref, agents, payouts } = useLoaderData<typeof loader>();
  return (
    <PortalLayout portal="admin" title={t("admin.title")} intro={t("admin.intro")}>
      <section aria-labelledby="payout-run" className="card p-5">
        <h2 id="payout-run" className="text-lg font-semibold">
          {t("admin.runTitle")}
        </h2>
        {!enabled ? (
          <p className="mt-2" data-testid="payouts-disabled">
            {t("admin.disabled")}
          </p>
        ) : (
          <>
            <p className="mt-2 font-medium" data-testid="payout-balance">
              {balance === null ? t("admin.balanceUnavailable") : t("admin.balance", { amount: formatXaf(balance) })}
            </p>
            <p className="mt-1" data-testid="payout-due">
              {due.count === 0 ? t("admin.nothingDue") : t("admin.due", { amount: formatXaf(due.amount), count: due.count })}
            </p>
            <p className="mt-1" data-testid="payout-next-run">
              {nextRun ? t("admin.nextRun", { date: formatDateTime(nextRun, i18n.language) }) : t("admin.scheduleOff")}
            </p>
            {lastRun ? (
              <p className="mt-1" data-testid="payout-last-run">
                {t("admin.lastRun", {
                  date: formatDateTime(lastRun.date, i18n.language),
                  outcome: t(`admin.outcomes.${lastRun.key}`, { ...lastRun.values, count: lastRun.count }),
                })}
              </p>
            ) : null}
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to="/admin/payouts/run" className="btn-primary">
                {t("admin.run")}
              </Link>
              <Form method="post">
                <input type="hidden" name="intent" value="check" />
                <button type="submit" className="btn-secondary">
                  {t("admin.check")}
                </button>
              </Form>
            </div>
          </>
        )}
        <p className="mt-4 text-sm">
          <Link to="/admin/reports#payout" className="link">
            {t("admin.manualLink")}
          </Link>
        </p>
      </section>
      <section aria-labelledby="payouts-recent" className="mt-8">
        <h2 id="payouts-recent" className="text-lg font-semibold">
          {t("admin.recent")}
        </h2>
        <Form method="get" className="mt-2 flex flex-wrap items-end gap-3">
          <FilterSelect
            id="payout-status-filter"
            name="status"
            label={t("admin.filter")}
            value={filter.status}
            anyLabel={t("admin.all")}
            options={PAYOUT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
          <FilterSelect
            id="payout-agent-filter"
            name="agent"
            label={t("admin.agent")}
            value={filter.agent}
            anyLabel={t("admin.allAgents")}
            options={agents.map((a) => ({ value: a.id, label: a.name }))}
          />
          <FilterDate id="payout-from-filter" name="from" label={t("admin.from")} value={filter.from} />
          <FilterDate id="payout-to-filter" name="to" label={t("admin.to")} value={filter.to} />
          <button type="submit" className="btn-secondary">
            {t("admin.apply")}
          </button>
        </Form>
        <p className="mt-3 text-sm">
          {/* A download, not a page: a plain link (no client-side navigation). */}
          <a href={csvHref} className="link" download data-testid="payouts-csv">
            {t("admin.csv")}
          </a>
        </p>
        <PayoutsTable payouts={payouts} showAgent />
      </section>
    </PortalLayout>
  );
}
