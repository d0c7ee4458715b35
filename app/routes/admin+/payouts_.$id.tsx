// /admin/payouts/:id (issue 34, decision 0212): one payout with its provider timeline (the
// payout_events written in the same transaction as each change of its status).
import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { PortalLayout } from "~/components/portal/portal-layout";
import { PayoutsTable } from "~/components/payouts/payout-sections";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatDateTime } from "~/utils/format";
import { titleMeta } from "~/utils/page-title";
import { payoutLine } from "~/utils/payouts-admin.server";
import { useTranslation } from "~/utils/translation";

export const handle = { i18n: ["auth", "portal", "payouts"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const t = await i18next.getFixedT(request, "payouts");
  const reader = context.services.payouts.reader;
  const payout = await reader.findById(params.id ?? "");
  if (!payout) throw new Response("Not found", { status: 404 });
  const names = await context.services.accounts.repos.accounts.displayNamesByIds([payout.agentId]);
  const events = await reader.events(payout.id);
  return {
    title: t("detail.title"),
    id: payout.id,
    line: payoutLine(payout, names),
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      at: e.at.toISOString(),
      detail: [e.data.transId, e.data.reason, e.data.message].filter((v): v is string => typeof v === "string" && v !== "").join(" · "),
    })),
  };
}

export default function AdminPayoutPage() {
  const { t, i18n } = useTranslation("payouts");
  const { id, line, events } = useLoaderData<typeof loader>();
  return (
    <PortalLayout portal="admin" title={t("detail.title")}>
      <p className="text-sm">
        {t("detail.reference")}: <span className="font-mono break-all">{id}</span>
      </p>
      <PayoutsTable payouts={[line]} showAgent />
      <section aria-labelledby="payout-timeline" className="mt-8">
        <h2 id="payout-timeline" className="text-lg font-semibold">
          {t("detail.timeline")}
        </h2>
        <ol className="card mt-3 space-y-2 p-5" data-testid="payout-timeline">
          {events.map((e) => (
            <li key={e.id}>
              <span className="font-semibold">{formatDateTime(e.at, i18n.language)}</span>: {t(`detail.events.${e.type}`)}
              {e.detail ? <span className="block text-sm text-slate-700 dark:text-slate-300 break-all">{e.detail}</span> : null}
            </li>
          ))}
        </ol>
      </section>
      <p className="mt-6">
        <Link to="/admin/payouts" className="link">
          {t("detail.back")}
        </Link>
      </p>
    </PortalLayout>
  );
}
