import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { titleMeta } from "~/components/auth/page-title";
import { PortalLayout } from "~/components/auth/portal-layout";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

// The admin home. Later issues add the platform figures; for now: what needs attention, and the
// demo outbox (where e-mails go when no mail server is configured).
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const t = await i18next.getFixedT(request, "auth");
  const pending = await context.services.accounts.repos.agents.listByStatus("pending", 100);
  return {
    title: t("portal.admin.pages.dashboard.title"),
    name: admin.name,
    pendingAgents: pending.length,
    showOutbox: context.services.config.demoMode,
  };
}

export default function AdminDashboardPage() {
  const { t } = useTranslation("auth");
  const { name, pendingAgents, showOutbox } = useLoaderData<typeof loader>();
  return (
    <PortalLayout portal="admin" title={t("portal.admin.pages.dashboard.title")} intro={t("portal.admin.pages.dashboard.intro", { name })}>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="card p-5">
          <h2 className="font-semibold">{t("portal.admin.pages.dashboard.pendingTitle")}</h2>
          <p className="mt-2 text-3xl font-bold" data-testid="pending-agents">{pendingAgents}</p>
          <Link to="/admin/agent-verification" className="link mt-2 inline-block">
            {t("portal.admin.pages.dashboard.reviewAgents")}
          </Link>
        </div>
        {showOutbox ? (
          <div className="card p-5">
            <h2 className="font-semibold">{t("portal.admin.pages.dashboard.outboxTitle")}</h2>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t("portal.admin.pages.dashboard.outboxBody")}</p>
            <Link to="/admin/outbox" className="link mt-2 inline-block">
              {t("portal.admin.pages.dashboard.openOutbox")}
            </Link>
          </div>
        ) : null}
      </div>
    </PortalLayout>
  );
}
