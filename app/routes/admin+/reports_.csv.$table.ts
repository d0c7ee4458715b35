// CSV exports of the tables on /admin/reports (a resource route: no UI). Admins only; an unknown
// table is a 404. Every cell goes through csvCell (formula-injection safe).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getReportsStats, type RevenueTable } from "#domain/platform-stats/platform-stats.query";
import { requireAdmin } from "~/utils/auth.server";
import { toCsv } from "~/utils/csv";

/** A header row, then the data rows. */
const csvTable = (header: string[], rows: (string | number)[][]) => toCsv([header, ...rows]);

const day = (d: Date) => new Date(d.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);

function revenueRows(table: RevenueTable): (string | number)[][] {
  return table.buckets.flatMap((b) =>
    b.lines.length === 0 ? [[day(b.start), "", 0, 0]] : b.lines.map((l) => [day(b.start), l.type, l.count, l.amount]),
  );
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const table = params.table;
  if (table !== "weekly" && table !== "monthly" && table !== "owed" && table !== "payout") throw new Response("Not Found", { status: 404 });
  const { platformStats } = context.services.money;
  const stats = await getReportsStats(platformStats);
  let csv: string;
  if (table === "weekly" || table === "monthly") {
    csv = csvTable(
      [table === "weekly" ? "week_start" : "month_start", "payment_type", "payments", "amount_xaf"],
      revenueRows(stats[table]),
    );
  } else if (table === "owed") {
    csv = csvTable(
      ["agent_id", "agent_name", "pending_commissions", "amount_xaf"],
      stats.commissionsOwed.map((a) => [a.agentId, a.agentName, a.count, a.amount]),
    );
  } else {
    const pending = await platformStats.stats.pendingEarnings(stats.at);
    csv = csvTable(
      ["commission_id", "earned_at", "agent_id", "agent_name", "property", "amount_xaf"],
      pending.map((p) => [p.id, p.date.toISOString(), p.agentId, p.agentName, p.propertyTitle, p.amount]),
    );
  }
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="kamernest-${table}-${day(stats.at)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
