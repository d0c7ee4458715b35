import { useLocation } from "@remix-run/react";
import { Form } from "~/components/link";
import { useTranslation } from "~/utils/translation";

type Theme = "light" | "dark" | "system";

/** Language and theme switches: plain form posts, so they work with JavaScript off. */
export function PreferencesForms({ language, theme }: { language: string; theme: Theme }) {
  const { t } = useTranslation();
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;
  const buttonClass = (active: boolean) =>
    `rounded px-2 py-1 text-sm ${active ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"}`;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Form method="post" action="/resources/preferences" className="flex items-center gap-1" aria-label={t("preferences.changeLanguage")}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <span className="sr-only">{t("preferences.language")}</span>
        <button
          type="submit"
          name="language"
          value="en"
          lang="en"
          aria-pressed={language === "en"}
          className={buttonClass(language === "en")}
        >
          English
        </button>
        <button
          type="submit"
          name="language"
          value="fr"
          lang="fr"
          aria-pressed={language === "fr"}
          className={buttonClass(language === "fr")}
        >
          Français
        </button>
      </Form>
      <Form method="post" action="/resources/preferences" className="flex items-center gap-1" aria-label={t("preferences.changeTheme")}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <span className="sr-only">{t("preferences.theme")}</span>
        {(["light", "dark", "system"] as const).map((value) => (
          <button
            key={value}
            type="submit"
            name="theme"
            value={value}
            aria-pressed={theme === value}
            className={buttonClass(theme === value)}
          >
            {t(`preferences.${value}`)}
          </button>
        ))}
      </Form>
    </div>
  );
}
