import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { titleMeta } from "~/utils/page-title";
import { i18next } from "~/i18next.server";
import { getOptionalUser, isApprovedAgent } from "~/utils/auth.server";
import { formatXaf } from "~/utils/format";
import { VISITATION_COMMISSION_XAF } from "#domain/commission/commission.entity";
import { DEFAULT_COMMISSION_RATE } from "#domain/accounts/agent.entity";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

// Open to everyone: how to become a verified agent on KamerNest, and what an agent pays and earns
// (issue 33). A public page: the site's header and footer (language switch) frame it.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(context, request);
  const t = await i18next.getFixedT(request, "auth");
  const state = !user ? "visitor" : isApprovedAgent(user) ? "approved" : user.isAgent ? "unverified" : "member";
  return { title: t("landing.title"), state, commission: VISITATION_COMMISSION_XAF, commissionRate: DEFAULT_COMMISSION_RATE };
}

export default function AgentLandingPage() {
  const { t } = useTranslation("auth");
  const { state, commission, commissionRate } = useLoaderData<typeof loader>();
  const steps = ["signup", "verify", "review", "list"] as const;
  return (
    <div>
      <section className="container-page py-10">
        <h1 className="text-3xl font-bold">{t("landing.title")}</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-700 dark:text-slate-300">{t("landing.intro")}</p>
        <p className="mt-2">
          <Link to="/agents" className="link text-sm">
            {t("landing.ourAgents")}
          </Link>
        </p>
        <h2 className="mt-8 text-xl font-semibold">{t("landing.moneyTitle")}</h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300" data-testid="landing-money">
          <li>{t("landing.money.free")}</li>
          <li>{t("landing.money.earn", { amount: formatXaf(commission) })}</li>
          <li>{t("landing.money.rate", { rate: commissionRate })}</li>
          <li>{t("landing.money.payout")}</li>
        </ul>
        <h2 className="mt-8 text-xl font-semibold">{t("landing.howTitle")}</h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step} className="card p-4">
              <p className="text-sm font-semibold text-brand-700 dark:text-brand-100">{t("landing.stepNumber", { n: index + 1 })}</p>
              <h3 className="mt-1 font-semibold">{t(`landing.steps.${step}.title`)}</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t(`landing.steps.${step}.body`)}</p>
            </li>
          ))}
        </ol>
        <h2 className="mt-8 text-xl font-semibold">{t("landing.needTitle")}</h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
          <li>{t("landing.need.licence")}</li>
          <li>{t("landing.need.documents")}</li>
          <li>{t("landing.need.contact")}</li>
        </ul>
        <div className="mt-8 flex flex-wrap gap-3">
          {state === "visitor" ? (
            <>
              <Link to="/auth/signup?as=agent" className="btn-primary">
                {t("landing.signUp")}
              </Link>
              <Link to="/auth/login?redirectTo=%2Fauth%2Fagent-verification" className="btn-secondary">
                {t("landing.login")}
              </Link>
            </>
          ) : state === "approved" ? (
            <Link to="/agents/properties" className="btn-primary">
              {t("landing.toPortal")}
            </Link>
          ) : state === "unverified" ? (
            <Link to="/auth/agent-verification" className="btn-primary">
              {t("landing.verify")}
            </Link>
          ) : (
            <p className="max-w-2xl text-slate-700 dark:text-slate-300">{t("landing.memberNote")}</p>
          )}
          <Link to="/terms-agents" className="btn-secondary">
            {t("landing.terms")}
          </Link>
        </div>
      </section>
    </div>
  );
}
