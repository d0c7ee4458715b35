// /admin/payouts (issue 34, decision 0212): money out through the payout provider. The provider's
// balance, what is due now, the button to the run's confirmation page (/admin/payouts/run, a page
// of its own, so it works without JavaScript), "check statuses" (asks the provider about every
// pending payout and applies what it says), and the recent payouts with their status, reason and
// provider reference, filtered by status. The manual "mark paid" stays on /admin/reports.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { reconcilePayouts } from "#domain/payout/run-payouts.use-case";
import { Form, Link } from "~/components/link";
import { PortalLayout } from "~/components/portal/portal-layout";
import { PayoutsTable } from "~/components/payouts/payout-sections";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { formatXaf } from "~/utils/format";
import { titleMeta } from "~/utils/page-title";
import { agentNames, payoutLine, providerBalance } from "~/utils/payouts-admin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useTranslation } from "~/utils/translation";

export const handle = { i18n: ["auth", "portal", "payouts"] };
export const meta = titleMeta;

const STATUSES = ["pending", "successful", "failed"] as const;
type Status = (typeof STATUSES)[number];
const RECENT = 50;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const t = await i18next.getFixedT(request, "payouts");
  const raw = new URL(request.url).searchParams.get("status") ?? "";
  const status = (STATUSES as readonly string[]).includes(raw) ? (raw as Status) : undefined;
  const reader = context.services.payouts.reader;
  const enabled = context.services.payouts.run !== null;
  const [recent, due, balance] = await Promise.all([
    reader.listRecent({ limit: RECENT, status }),
    enabled ? reader.dueUpTo(new Date()) : Promise.resolve([]),
    providerBalance(context),
  ]);
  const names = await agentNames(
    context,
    recent.map((p) => p.agentId),
  );
  return {
    title: t("admin.title"),
    enabled,
    balance,
    due: { amount: due.reduce((sum, d) => sum + d.amount, 0), count: due.length },
    status: status ?? "",
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
  const { t } = useTranslation("payouts");
  const { enabled, balance, due, status, payouts } = useLoaderData<typeof loader>();
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
          <div>
            <label htmlFor="payout-status-filter" className="label">
              {t("admin.filter")}
            </label>
            <select id="payout-status-filter" name="status" defaultValue={status} className="input">
              <option value="">{t("admin.all")}</option>
              {(["pending", "successful", "failed"] as const).map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            {t("admin.apply")}
          </button>
        </Form>
        <PayoutsTable payouts={payouts} showAgent />
      </section>
    </PortalLayout>
  );
}
