import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { AuthCard } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { i18next } from "~/i18next.server";
import { safeRedirectPath } from "~/utils/toast.server";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

// An open page: explains that the next step needs an account, with the ways in.
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18next.getFixedT(request, "auth");
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/");
  return { title: t("required.title"), redirectTo };
}

export default function LoginRequiredPage() {
  const { t } = useTranslation("auth");
  const { redirectTo } = useLoaderData<typeof loader>();
  const query = redirectTo !== "/" ? `?${new URLSearchParams({ redirectTo })}` : "";
  return (
    <AuthCard title={t("required.title")} intro={t("required.intro")}>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to={`/auth/login${query}`} className="btn-primary">
          {t("required.login")}
        </Link>
        <Link to="/auth/signup" className="btn-secondary">
          {t("required.signup")}
        </Link>
      </div>
      <p className="mt-6 text-sm">
        <Link to="/listings" className="link">
          {t("required.browse")}
        </Link>
      </p>
    </AuthCard>
  );
}
