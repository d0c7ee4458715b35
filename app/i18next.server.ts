import { RemixI18Next } from "remix-i18next/server";
import type { Resource } from "i18next";
import { i18nConfig } from "./i18n";
import { languageCookie, languageDetection } from "./language.server";

// Every locale file is bundled into the server, so rendering never waits on the disk.
const files = import.meta.glob<Record<string, unknown>>("../public/locales/*/*.json", { eager: true, import: "default" });

export const resources: Resource = {};
for (const [file, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match) continue;
  const [, language, namespace] = match;
  resources[language] ??= {};
  resources[language][namespace] = content;
}

export { languageCookie };

export const i18next = new RemixI18Next({
  // The one rule for choosing the language (also used by the visitors' page cache).
  detection: languageDetection,
  i18next: { ...i18nConfig, resources },
});
