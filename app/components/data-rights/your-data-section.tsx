import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";

/** The profile's "Your data" section: links to the download of one's data (and, later, closing the account). */
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
    </div>
  );
}
