import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthCard } from "~/components/auth/form-fields";
import { titleMeta } from "~/components/auth/page-title";
import { i18next } from "~/i18next.server";
import { getOptionalUser } from "~/utils/auth.server";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

// Open: where the guard sends a signed-in person who may not enter the agent area.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(context, request);
  const t = await i18next.getFixedT(request, "auth");
  return { title: t("unauthorized.agent.title"), signedIn: user !== null };
}

export default function AgentUnauthorizedPage() {
  const { t } = useTranslation("auth");
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <AuthCard title={t("unauthorized.agent.title")} intro={t("unauthorized.agent.body")}>
      <div className="flex flex-wrap gap-3">
        <Link to="/" className="btn-primary">
          {t("unauthorized.home")}
        </Link>
        <Link to="/agents/landing" className="btn-secondary">
          {t("unauthorized.agent.becomeAgent")}
        </Link>
        {signedIn ? null : (
          <Link to="/auth/login" className="btn-secondary">
            {t("unauthorized.login")}
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
