import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { AuthCard } from "~/components/forms/form-fields";

/** Where a guard sends a person who may not enter a portal: home, login if signed out, and the portal's own way in. */
export function UnauthorizedScreen({ portal, signedIn }: { portal: "admin" | "agent"; signedIn: boolean }) {
  const { t } = useTranslation("auth");
  return (
    <AuthCard title={t(`unauthorized.${portal}.title`)} intro={t(`unauthorized.${portal}.body`)}>
      <div className="flex flex-wrap gap-3">
        <Link to="/" className="btn-primary">
          {t("unauthorized.home")}
        </Link>
        {portal === "agent" ? (
          <Link to="/agents/landing" className="btn-secondary">
            {t("unauthorized.agent.becomeAgent")}
          </Link>
        ) : null}
        {signedIn ? null : (
          <Link to="/auth/login" className="btn-secondary">
            {t("unauthorized.login")}
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
