import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import type { Resource } from "i18next";
import { fallbackLanguage, i18nConfig, supportedLanguages } from "./i18n";

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

/** The language cookie: the server renders the chosen language on the first byte. */
export const languageCookie = createCookie("kn_lang", {
  path: "/",
  sameSite: "lax",
  httpOnly: false, // the browser mirrors it into localStorage 'language'
  maxAge: 60 * 60 * 24 * 365,
});

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: languageCookie,
    // English is the default: a French browser gets French only once it has chosen it,
    // except that we honour an explicit Accept-Language for first visits (order: cookie, header).
    // ?lng=fr comes first: the hreflang alternates of public pages point at it (docs/decisions/0105).
    order: ["searchParams", "cookie", "header"],
  },
  i18next: { ...i18nConfig, resources },
});
