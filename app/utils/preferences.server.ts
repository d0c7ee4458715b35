import { isLanguage, type Language } from "~/i18n";
import { i18next, languageCookie } from "~/i18next.server";

// The theme's rule lives beside the language's, where the page cache can read it too.
export { getTheme, isTheme, themeCookie, themes, type Theme } from "~/theme.server";

export async function getLanguage(request: Request): Promise<Language> {
  const detected = await i18next.getLocale(request);
  return isLanguage(detected) ? detected : "en";
}

export { languageCookie };
