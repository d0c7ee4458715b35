// /admin/payouts.csv (decision 0225): the payouts the same filters keep on /admin/payouts, newest
// first (at most PAYOUTS_CSV_MAX rows), as CSV for a spreadsheet. A resource route: admins only;
// every cell goes through toCsv (byte-order mark, formula-injection safe: a provider's reason or
// an agent's name is text, never a formula).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { doualaToday } from "#domain/commission/weekly-payout";
import { requireAdmin } from "~/utils/auth.server";
import { toCsv } from "~/utils/csv";
import { payoutFilterFromUrl, payoutListQuery } from "~/utils/payout-filter";

const PAYOUTS_CSV_MAX = 5000;

const HEADER = [
  "payout_reference",
  "created_at",
  "agent_id",
  "agent_name",
  "phone",
  "network",
  "amount_xaf",
  "commissions",
  "cut_off",
  "status",
  "provider_reference",
  "reason",
  "updated_at",
  "started_by",
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const filter = payoutFilterFromUrl(new URL(request.url));
  const rows = await context.services.payouts.reader.listRecent(payoutListQuery(filter, PAYOUTS_CSV_MAX));
  const names = await context.services.accounts.repos.accounts.displayNamesByIds(rows.map((p) => p.agentId));
  const csv = toCsv([
    HEADER,
    ...rows.map((p) => [
      p.id,
      p.createdAt.toISOString(),
      p.agentId,
      names.get(p.agentId) ?? "",
      p.phone,
      p.medium,
      p.amount,
      p.earningCount,
      p.cutOff.toISOString(),
      p.status,
      p.transId,
      p.reason,
      p.updatedAt.toISOString(),
      p.createdBy ? "admin" : "schedule",
    ]),
  ]);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="kamernest-payouts-${doualaToday(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
