import { RemixI18Next } from "remix-i18next/server";
import { createInstance, type i18n as I18n, type Resource, type TFunction } from "i18next";
import type { EntryContext } from "@remix-run/node";
import { fallbackLanguage, i18nConfig, isLanguage, type Language } from "./i18n";
import { detectLanguage, languageCookie, languageDetection } from "./language.server";

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
const namespaces = Object.keys(resources[fallbackLanguage] ?? {});

export { languageCookie };

const remixI18next = new RemixI18Next({
  // The one rule for choosing the language (also used by the visitors' page cache).
  detection: languageDetection,
  i18next: { ...i18nConfig, resources },
});

// One i18next instance per language, made on first use and shared by every request. remix-i18next
// makes a new instance for each getFixedT call and the page render made another: a profile of
// /listings put a seventh of the CPU in i18next's set-up (bench/RESULTS.md). Sharing is safe on
// the server because nothing there changes an instance's language (useChangeLanguage runs in an
// effect, in the browser only) and every namespace is loaded up front.
const instances = new Map<Language, Promise<I18n>>();

/** The initialised instance for a language (English for anything unsupported). */
export function i18nInstance(language: string): Promise<I18n> {
  const lng = isLanguage(language) ? language : fallbackLanguage;
  let instance = instances.get(lng);
  if (!instance) {
    const made = createInstance();
    instance = made.init({ ...i18nConfig, lng, ns: namespaces, resources, initImmediate: false }).then(() => made);
    instances.set(lng, instance);
  }
  return instance;
}

export const i18next = {
  /** The language the app renders this request in. */
  getLocale: (request: Request): Promise<string> => detectLanguage(request),
  /** The namespaces the matched routes ask for (their `handle.i18n`). */
  getRouteNamespaces: (context: EntryContext): string[] => remixI18next.getRouteNamespaces(context),
  /** A t function in the request's language (or the given one), for loaders, actions and e-mails. */
  async getFixedT(requestOrLocale: Request | string, namespace?: string | string[]): Promise<TFunction> {
    const language = typeof requestOrLocale === "string" ? requestOrLocale : await detectLanguage(requestOrLocale);
    const instance = await i18nInstance(language);
    return instance.getFixedT(instance.language, namespace ?? null);
  },
};
