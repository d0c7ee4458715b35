// Shared i18next settings for the server and the browser.
export const supportedLanguages = ["en", "fr"] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = "en";

export const i18nConfig = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
