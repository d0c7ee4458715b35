import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { getDashboardStats } from "#domain/platform-stats/platform-stats.query";
import type { PaymentFigure } from "#domain/platform-stats/platform-stats-reader.port";
import { BarChart, DataTable } from "~/components/admin/bar-chart";
import { ScrollRegion } from "~/components/scroll-region";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatDateTime, formatXaf } from "~/utils/format";
import { getLanguage } from "~/utils/preferences.server";

export const handle = { i18n: ["auth", "admin-stats"] };
export const meta = titleMeta;

// The admin home: the platform's figures (computed in the database, domain/platform-stats), what
// needs attention, and the demo outbox (where e-mails go when no mail server is configured).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const t = await i18next.getFixedT(request, "auth");
  const language = await getLanguage(request);
  const stats = await getDashboardStats(context.services.money.platformStats);
  return {
    title: t("portal.admin.pages.dashboard.title"),
    name: admin.name,
    asOf: formatDateTime(stats.at, language),
    stats: { ...stats, at: stats.at.toISOString() },
    showOutbox: context.services.config.demoMode,
  };
}

/** Payments of a window, summed by type and gateway: attempts, successful ones and revenue. */
function byTypeAndGateway(figures: PaymentFigure[]) {
  const rows = new Map<string, { type: string; gateway: string; payments: number; successful: number; failed: number; revenue: number }>();
  for (const f of figures) {
    const key = `${f.type}|${f.gateway}`;
    const row = rows.get(key) ?? { type: f.type, gateway: f.gateway, payments: 0, successful: 0, failed: 0, revenue: 0 };
    row.payments += f.count;
    if (f.status === "successful") {
      row.successful += f.count;
      row.revenue += f.amount;
    }
    if (f.status === "failed" || f.status === "expired") row.failed += f.count;
    rows.set(key, row);
  }
  return [...rows.values()];
}

export default function AdminDashboardPage() {
  const { t } = useTranslation(["admin-stats", "auth"]);
  const { name, asOf, stats, showOutbox } = useLoaderData<typeof loader>();
  const count = (n: number) => String(n);
  const cards: { key: string; value: number; href?: string; testId: string }[] = [
    { key: "propertiesTotal", value: stats.properties.total, testId: "properties-total" },
    { key: "propertiesUnverified", value: stats.properties.unverified, testId: "properties-unverified" },
    { key: "pendingAgents", value: stats.pendingVerifications.agents, href: "/admin/agent-verification", testId: "pending-agents" },
    { key: "pendingHosts", value: stats.pendingVerifications.hosts, testId: "pending-hosts" },
    { key: "openReports", value: stats.openListingReports, testId: "open-reports" },
    { key: "commissionsPending", value: stats.commissionsPending.count, href: "/admin/reports#payout", testId: "commissions-pending" },
  ];
  return (
    <PortalLayout
      portal="admin"
      title={t("auth:portal.admin.pages.dashboard.title")}
      intro={t("auth:portal.admin.pages.dashboard.intro", { name })}
    >
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t("dashboard.asOf", { date: asOf })}</p>
      <section aria-labelledby="attention" className="mb-8">
        <h2 id="attention" className="mb-3 text-lg font-semibold">
          {t("dashboard.attention")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {cards.map((c) => (
            <li key={c.key} className="card p-5">
              <h3 className="font-semibold">{t(`dashboard.cards.${c.key}`)}</h3>
              <p className="mt-2 text-3xl font-bold" data-testid={c.testId}>
                {c.value}
              </p>
              {c.key === "commissionsPending" ? (
                <p className="text-sm" data-testid="commissions-pending-summary">
                  {t("dashboard.commissionsPendingSummary", {
                    count: stats.commissionsPending.count,
                    amount: formatXaf(stats.commissionsPending.amount),
                  })}
                </p>
              ) : null}
              {c.href ? (
                <Link to={c.href} className="link mt-2 inline-block">
                  {t(`dashboard.links.${c.key}`)}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <div className="grid gap-8 xl:grid-cols-2">
        <section aria-labelledby="users-by-role" className="card p-5">
          <h2 id="users-by-role" className="mb-3 text-lg font-semibold">
            {t("dashboard.usersByRole")}
          </h2>
          <BarChart
            title={t("dashboard.usersByRole")}
            description={t("dashboard.usersByRoleDesc", { total: stats.usersByRole.reduce((s, r) => s + r.count, 0) })}
            labelHeader={t("dashboard.role")}
            valueHeader={t("dashboard.count")}
            data={stats.usersByRole.map((r) => ({
              label: t(`roles.${r.key}`, { defaultValue: r.key }),
              value: r.count,
              display: count(r.count),
            }))}
          />
        </section>
        <section aria-labelledby="bookings-by-status" className="card p-5">
          <h2 id="bookings-by-status" className="mb-3 text-lg font-semibold">
            {t("dashboard.bookingsByStatus")}
          </h2>
          <BarChart
            title={t("dashboard.bookingsByStatus")}
            description={t("dashboard.bookingsByStatusDesc", { total: stats.bookingsByStatus.reduce((s, r) => s + r.count, 0) })}
            labelHeader={t("dashboard.status")}
            valueHeader={t("dashboard.count")}
            data={stats.bookingsByStatus.map((r) => ({ label: t(`bookingStatus.${r.key}`, { defaultValue: r.key }), value: r.count }))}
          />
        </section>
      </div>

      {(
        [
          ["7", stats.payments7],
          ["30", stats.payments30],
        ] as const
      ).map(([days, figures]) => {
        const rows = byTypeAndGateway(figures);
        const label = (r: { type: string; gateway: string }) => `${t(`paymentType.${r.type}`, { defaultValue: r.type })} · ${r.gateway}`;
        return (
          <section key={days} aria-labelledby={`payments-${days}`} className="card mt-8 p-5" data-testid={`payments-${days}`}>
            <h2 id={`payments-${days}`} className="mb-3 text-lg font-semibold">
              {t("dashboard.payments", { days })}
            </h2>
            <BarChart
              title={t("dashboard.revenueChart", { days })}
              description={t("dashboard.revenueChartDesc", { days, total: formatXaf(rows.reduce((s, r) => s + r.revenue, 0)) })}
              labelHeader={t("dashboard.typeGateway")}
              valueHeader={t("dashboard.revenue")}
              data={rows.map((r) => ({ label: label(r), value: r.revenue, display: formatXaf(r.revenue) }))}
            />
            {/* Five columns do not fit a 360 px phone: the table scrolls in its own box (issue 33). */}
            <ScrollRegion label={t("dashboard.paymentsTable", { days })} className="mt-4">
              <DataTable
                caption={t("dashboard.paymentsTable", { days })}
                headers={[
                  t("dashboard.typeGateway"),
                  t("dashboard.attempts"),
                  t("dashboard.successful"),
                  t("dashboard.failed"),
                  t("dashboard.revenue"),
                ]}
                rows={rows.map((r) => [label(r), count(r.payments), count(r.successful), count(r.failed), formatXaf(r.revenue)])}
                empty={t("dashboard.noPayments")}
              />
            </ScrollRegion>
          </section>
        );
      })}

      <section aria-labelledby="no-shows" className="card mt-8 p-5">
        <h2 id="no-shows" className="mb-3 text-lg font-semibold">
          {t("dashboard.noShows")}
        </h2>
        <DataTable
          caption={t("dashboard.noShowsCaption")}
          headers={[t("dashboard.agent"), t("dashboard.noShowCount")]}
          rows={stats.noShowAgents.map((a) => [a.agentName, count(a.count)])}
          empty={t("dashboard.noNoShows")}
          testId="no-show-agents"
        />
      </section>

      {showOutbox ? (
        <section aria-labelledby="outbox" className="card mt-8 p-5">
          <h2 id="outbox" className="font-semibold">
            {t("auth:portal.admin.pages.dashboard.outboxTitle")}
          </h2>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t("auth:portal.admin.pages.dashboard.outboxBody")}</p>
          <Link to="/admin/outbox" className="link mt-2 inline-block">
            {t("auth:portal.admin.pages.dashboard.openOutbox")}
          </Link>
        </section>
      ) : null}
    </PortalLayout>
  );
}
