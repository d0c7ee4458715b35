// /admin/payouts/run (issue 34, decision 0212): the payout run's confirmation step, a page of its
// own so it works without JavaScript. It lists what would be sent (per agent: name, number,
// amount) as of the moment the page was opened; confirming runs it with that moment as the
// cut-off, so what the admin saw is what is paid and later commissions wait for the next run.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { runPayouts } from "#domain/payout/run-payouts.use-case";
import { FormAlert } from "~/components/forms/form-fields";
import { Form, Link } from "~/components/link";
import { PortalLayout } from "~/components/portal/portal-layout";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { formatDateTime, formatXaf } from "~/utils/format";
import { titleMeta } from "~/utils/page-title";
import { describePayoutError, providerBalance } from "~/utils/payouts-admin.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useTranslation } from "~/utils/translation";

export const handle = { i18n: ["auth", "portal", "payouts"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const t = await i18next.getFixedT(request, "payouts");
  const payouts = context.services.payouts;
  if (!payouts.run) throw new Response("Payouts are off", { status: 404 });
  const asOf = new Date();
  const due = await payouts.reader.dueUpTo(asOf);
  const names = await context.services.accounts.repos.accounts.displayNamesByIds(due.map((d) => d.agentId));
  const lines = due.map((d) => ({
    agentId: d.agentId,
    name: names.get(d.agentId) ?? d.agentId,
    phone: d.phone,
    amount: d.amount,
    count: d.count,
  }));
  return {
    title: t("admin.confirmTitle"),
    asOf: asOf.toISOString(),
    provider: payouts.gateway?.name ?? "",
    balance: await providerBalance(context),
    lines,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const deps = context.services.payouts.run;
  const formData = await readFormOrNull(request);
  const asOf = new Date(String(formData?.get("asOf") ?? ""));
  if (!deps || !formData || Number.isNaN(asOf.getTime())) {
    const t = await i18next.getFixedT(request, "auth");
    return data({ error: t("errors.bad_form") }, { status: 400 });
  }
  const result = await runPayouts(deps, { actorId: admin.id, cutOff: asOf });
  if (!result.ok) {
    const error = await describePayoutError(request, result.error);
    return data({ error: error.message }, { status: error.status });
  }
  return redirectWithToast(context, request, "/admin/payouts", {
    kind: "success",
    title: "payouts:toasts.runDone",
    params: { count: result.value.payouts.length },
  });
}

export default function ConfirmPayoutRunPage() {
  const { t, i18n } = useTranslation("payouts");
  const { asOf, provider, balance, lines } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  return (
    <PortalLayout portal="admin" title={t("admin.confirmTitle")}>
      <section className="card p-5">
        {actionData?.error ? <FormAlert errors={[actionData.error]} /> : null}
        {lines.length === 0 ? (
          <p className="mt-2" data-testid="payout-nothing-due">
            {t("admin.nothingDue")}
          </p>
        ) : (
          <>
            <p className="mt-2">
              {t("admin.confirmIntro", {
                provider: t(`providers.${provider}`, { defaultValue: provider }),
                cutOff: formatDateTime(asOf, i18n.language),
              })}
            </p>
            <ul className="mt-4 space-y-1" data-testid="payout-run-lines">
              {lines.map((l) => (
                <li key={l.agentId}>
                  {l.name}, {l.phone}: <span className="font-semibold">{formatXaf(l.amount)}</span>
                </li>
              ))}
            </ul>
            <p className="mt-3 font-semibold">{t("admin.due", { amount: formatXaf(total), count: lines.length })}</p>
            {balance !== null ? <p className="mt-1">{t("admin.balance", { amount: formatXaf(balance) })}</p> : null}
          </>
        )}
        <div className="mt-5 flex flex-wrap gap-3">
          {lines.length > 0 ? (
            <Form method="post">
              <input type="hidden" name="asOf" value={asOf} />
              <button type="submit" className="btn-primary">
                {t("admin.confirm")}
              </button>
            </Form>
          ) : null}
          <Link to="/admin/payouts" className="btn-secondary">
            {t("admin.cancel")}
          </Link>
        </div>
      </section>
    </PortalLayout>
  );
}
