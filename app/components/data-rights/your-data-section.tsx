import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";

/** The profile's "Your data" section: the download of one's data and the closing of the account. */
export function YourDataSection() {
  const { t } = useTranslation("data-rights");
  return (
    <div className="space-y-2 text-sm">
      <p>{t("section.body")}</p>
      <p>
        <Link to="/profile/data" className="link font-semibold">
          {t("section.download")}
        </Link>
      </p>
      <p className="border-t border-slate-200 pt-3 dark:border-slate-700">{t("section.closeBody")}</p>
      <p>
        <Link to="/profile/close" className="link font-semibold">
          {t("section.close")}
        </Link>
      </p>
    </div>
  );
}
