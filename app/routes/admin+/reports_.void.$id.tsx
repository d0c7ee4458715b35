import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { VoidReasonField } from "~/components/admin/void-reason-field";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { ConfirmPage } from "~/components/portal/confirm-action";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatDate, formatXaf } from "~/utils/format";
import { getLanguage } from "~/utils/preferences.server";

export const handle = { i18n: ["auth", "admin-stats", "portal"] };
export const meta = titleMeta;

// Without JavaScript, "Void" on the payout run leads here: the question, the reason and the POST
// (to /admin/reports, like the dialog). Only a commission still pending can be voided: else 404.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const { stats, clock } = context.services.money.platformStats;
  const earning = (await stats.pendingEarnings(clock.now())).find((e) => e.id === params.id);
  if (!earning) throw new Response("Not Found", { status: 404 });
  const t = await i18next.getFixedT(request, "admin-stats");
  const language = await getLanguage(request);
  return {
    title: t("reports.voidTitle"),
    earning: { id: earning.id, agentName: earning.agentName, amount: formatXaf(earning.amount), date: formatDate(earning.date, language) },
  };
}

export default function VoidCommissionPage() {
  const { t } = useTranslation("admin-stats");
  const { earning } = useLoaderData<typeof loader>();
  return (
    <PortalLayout portal="admin" title={t("reports.voidTitle")}>
      <ConfirmPage
        action="/admin/reports"
        fields={{ intent: "void", commissionId: earning.id }}
        body={t("reports.voidBody", { agent: earning.agentName, amount: earning.amount, date: earning.date })}
        confirmLabel={t("reports.voidConfirm")}
        backHref="/admin/reports#payout"
        extra={<VoidReasonField id="reason" />}
      />
    </PortalLayout>
  );
}
