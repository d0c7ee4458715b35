// How the server chooses a request's language: one rule, used by the i18n instance that renders
// pages (app/i18next.server.ts) and by the visitors' page cache (server/page-cache.ts), so a page
// kept in memory is only ever given to a reader for whom the app would render the same language.
// This module holds no locale files (and no import.meta.glob), so the Express server can load it.
import { createCookie } from "@remix-run/node";
import { LanguageDetector, type LanguageDetectorOption } from "remix-i18next/server";
import { fallbackLanguage, isLanguage, supportedLanguages, type Language } from "./i18n";

/** The language cookie: the server renders the chosen language on the first byte. */
export const languageCookie = createCookie("kn_lang", {
  path: "/",
  sameSite: "lax",
  httpOnly: false, // the browser mirrors it into localStorage 'language'
  maxAge: 60 * 60 * 24 * 365,
});

export const languageDetection: LanguageDetectorOption = {
  supportedLanguages: [...supportedLanguages],
  fallbackLanguage,
  cookie: languageCookie,
  // English is the default: a French browser gets French only once it has chosen it,
  // except that we honour an explicit Accept-Language for first visits (order: cookie, header,
  // the header ranked by its q-values).
  // ?lng=fr comes first: the hreflang alternates of public pages point at it (docs/decisions/0105).
  order: ["searchParams", "cookie", "header"],
};

const detector = new LanguageDetector(languageDetection);

/**
 * The rule reads three things only: ?lng=, the Cookie header and Accept-Language. Its answer for
 * the same three is remembered (the header's parsing builds Intl locales, and a page asked for its
 * language four times: the entry, the root, its route and its t function), so every request but
 * the first with a given set is a map lookup. At most this many sets are held; then they start again.
 */
const MAX_REMEMBERED = 1_000;
const remembered = new Map<string, Language>();
const perRequest = new WeakMap<Request, Promise<Language>>();

async function ruleFor(request: Request): Promise<Language> {
  const lng = request.url.includes("?") ? (new URL(request.url).searchParams.get("lng") ?? "") : "";
  const key = `${lng}\u0000${request.headers.get("Cookie") ?? ""}\u0000${request.headers.get("Accept-Language") ?? ""}`;
  const known = remembered.get(key);
  if (known) return known;
  const detected = await detector.detect(request);
  const language = isLanguage(detected) ? detected : fallbackLanguage;
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(key, language);
  return language;
}

/** The language the app renders this request in. */
export function detectLanguage(request: Request): Promise<Language> {
  let language = perRequest.get(request);
  if (!language) perRequest.set(request, (language = ruleFor(request)));
  return language;
}
