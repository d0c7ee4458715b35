// The translations in React, on the server and in the browser (issue 12, decision 0143).
//
// Components render through this small module instead of react-i18next: in the browser it is the
// whole translation runtime, about 1 KB where i18next and react-i18next were 13 KB gzip on every
// hydrated page. The server renders through the same code, so what the browser hydrates is what
// the server wrote. Loaders, actions and e-mails keep i18next (app/i18next.server.ts).
//
// The browser gets the catalogue of the namespaces the page's routes name in `handle.i18n` inside
// the page (<TranslationsData>); a client-side navigation to a route that names others loads them
// as one hashed chunk each (app/utils/translation-chunks.ts) before the new page is shown.
import {
  cloneElement,
  createContext,
  isValidElement,
  useContext,
  useSyncExternalStore,
  type ReactElement,
  type ReactNode,
} from "react";
import { useMatches } from "@remix-run/react";
import { fallbackLanguage } from "~/i18n";

/** One namespace's messages, as in public/locales/{language}/{namespace}.json. */
export type Messages = { [key: string]: string | Messages };
/** Namespace → messages, for one language. */
export type Catalog = Record<string, Messages>;

export interface TranslationStore {
  /** Language → the namespaces held so far. */
  catalogs: Record<string, Catalog>;
  /** Fetches what is missing (the browser); absent on the server, where every namespace is held. */
  load?: (language: string, namespaces: string[]) => Promise<void>;
  subscribe: (listener: () => void) => () => void;
  version: () => number;
}

const never = () => () => {};
const TranslationContext = createContext<TranslationStore>({ catalogs: {}, subscribe: never, version: () => 0 });
export const TranslationProvider = TranslationContext.Provider;

/** A store that can grow: the browser's, filled from the page, then from chunks on navigation. */
export function createTranslationStore(catalogs: Record<string, Catalog>, fetchNamespace?: (language: string, namespace: string) => Promise<Messages>): TranslationStore {
  let version = 0;
  const listeners = new Set<() => void>();
  // One promise per language and namespace, so a render that asks again waits for the same load.
  const pending = new Map<string, Promise<void>>();
  const loadOne = (language: string, namespace: string): Promise<void> => {
    const id = `${language}/${namespace}`;
    let promise = pending.get(id);
    if (!promise) {
      promise = fetchNamespace!(language, namespace).then(
        (messages) => {
          (catalogs[language] ??= {})[namespace] = messages;
          version += 1;
          for (const listener of listeners) listener();
        },
        // A namespace that cannot load (offline) shows its keys; the next navigation tries again.
        () => void pending.delete(id),
      );
      pending.set(id, promise);
    }
    return promise;
  };
  return {
    catalogs,
    load: fetchNamespace ? (language, namespaces) => Promise.all(namespaces.map((ns) => loadOne(language, ns))).then(() => undefined) : undefined,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    version: () => version,
  };
}

export interface TOptions {
  count?: number;
  defaultValue?: string;
  [name: string]: unknown;
}
/** `t(key, options)`, or `t(key, defaultValue, options)` as i18next also takes it. */
export type TFunction = (key: string, defaultValueOrOptions?: string | TOptions, options?: TOptions) => string;

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

// i18next's rules, the ones our messages use: "{{name}}" (and "{{- name}}") replaced by the
// option's value, a variable without a value left as written (i18next's skipOnVariables).
const interpolate = (text: string, options: TOptions | undefined) =>
  text.replace(/\{\{-?\s*([^{}\s]+)\s*\}\}/g, (whole, name: string) => {
    const value = options?.[name];
    return value === undefined || value === null ? whole : String(value);
  });

/**
 * i18next's lookup: "ns:key" names its namespace, otherwise the namespaces are tried in order;
 * with a numeric `count`, "key_zero" (for 0), then "key_{plural category}", then "key"; a missing
 * message gives `defaultValue`, else the key.
 */
export function translate(catalog: Catalog | undefined, language: string, namespaces: readonly string[], key: string, options?: TOptions): string {
  let names = namespaces;
  let path = key;
  const colon = key.indexOf(":");
  if (colon > 0) {
    names = [key.slice(0, colon)];
    path = key.slice(colon + 1);
  }
  const count = options?.count;
  const candidates = typeof count === "number" ? [...(count === 0 ? [`${path}_zero`] : []), `${path}_${pluralCategory(language, count)}`, path] : [path];
  for (const ns of names) {
    for (const candidate of candidates) {
      const text = lookup(catalog?.[ns], candidate);
      if (text !== undefined) return interpolate(text, options);
    }
  }
  return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : path;
}

const LanguageContext = createContext<string>(fallbackLanguage);
/**
 * The page's language: set by the entries from the request (server) or <html lang> (browser),
 * then by the root from its loader's answer, which follows a change of language.
 */
export const LanguageProvider = LanguageContext.Provider;
export const useLanguage = (): string => useContext(LanguageContext);

/** react-i18next's hook, as our components use it: `t` and `i18n.language`. */
export function useTranslation(ns: string | readonly string[] = "common"): { t: TFunction; i18n: { language: string } } {
  const store = useContext(TranslationContext);
  // Re-render when a namespace this component waited for has arrived.
  useSyncExternalStore(store.subscribe, store.version, store.version);
  const language = useLanguage();
  const namespaces = typeof ns === "string" ? [ns] : ns;
  const catalog = store.catalogs[language];
  // A namespace no route of the page names (an error message from another part of the site):
  // its keys show until it has loaded, as react-i18next did without Suspense.
  const missing = namespaces.filter((name) => !catalog?.[name]);
  if (missing.length > 0 && store.load && typeof document !== "undefined") void store.load(language, missing);
  const t: TFunction = (key, second, third) =>
    translate(catalog, language, namespaces, key, typeof second === "string" ? { ...third, defaultValue: second } : second);
  return { t, i18n: { language } };
}

/** The namespaces the matched routes name in `handle.i18n`, with "common" (the root's). */
export function useRouteNamespaces(): string[] {
  const names = new Set<string>(["common"]);
  for (const match of useMatches()) {
    const wanted = (match.handle as { i18n?: string | string[] } | undefined)?.i18n;
    for (const name of typeof wanted === "string" ? [wanted] : wanted ?? []) names.add(name);
  }
  return [...names].sort();
}

/**
 * Waits, in the browser, until the namespaces of the routes about to be shown have loaded. Remix
 * renders a navigation inside a React transition, so suspending here keeps the previous page on
 * screen for that time instead of showing keys. On the first render they are all in the page.
 */
export function useRouteTranslations() {
  const store = useContext(TranslationContext);
  const language = useLanguage();
  const namespaces = useRouteNamespaces();
  const catalog = store.catalogs[language];
  const missing = namespaces.filter((name) => !catalog?.[name]);
  if (missing.length > 0 && store.load && typeof document !== "undefined") throw store.load(language, missing);
}

export const TRANSLATIONS_ELEMENT_ID = "kn-translations";

// In the browser the element keeps what the server wrote: it is read once, before hydration.
let pageTranslations: string | undefined;

/** Reads the page's catalogue (<TranslationsData>) in the browser, before hydration. */
export function readPageTranslations(): Catalog {
  pageTranslations = document.getElementById(TRANSLATIONS_ELEMENT_ID)?.textContent ?? "{}";
  return JSON.parse(pageTranslations) as Catalog;
}

// The server's catalogues never change: each language's set of namespaces is serialised once, not
// on every page (tens of kilobytes: a few per cent of a signed-in page's CPU in its profile).
const serialisedCatalogs = new WeakMap<TranslationStore, Map<string, string>>();

function pageCatalogJson(store: TranslationStore, language: string, namespaces: string[]): string {
  // A store that loads more (the browser's) can change: only the server's fixed one is remembered.
  let cache = serialisedCatalogs.get(store);
  if (!cache && !store.load) serialisedCatalogs.set(store, (cache = new Map()));
  const key = `${language}:${namespaces.join(",")}`;
  const known = cache?.get(key);
  if (known !== undefined) return known;
  const catalog = store.catalogs[language] ?? {};
  const page: Catalog = {};
  for (const name of namespaces) if (catalog[name]) page[name] = catalog[name];
  // "<" escaped so that no message can close the element.
  const json = JSON.stringify(page).replace(/</g, "\\u003c");
  cache?.set(key, json);
  return json;
}

/**
 * The catalogue of the page's namespaces, as a JSON data block (never executed, so the CSP does
 * not apply to it): the translations come with the page, in its language only.
 */
export function TranslationsData() {
  const store = useContext(TranslationContext);
  const language = useLanguage();
  const namespaces = useRouteNamespaces();
  const json = pageTranslations ?? pageCatalogJson(store, language, namespaces);
  return <script type="application/json" id={TRANSLATIONS_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: json }} />;
}

/**
 * react-i18next's <Trans> for our messages: "<terms>Terms of Service</terms>" becomes the
 * `terms` element of `components` with the inner text as its child.
 */
export function Trans({ t, i18nKey, values, components }: { t: TFunction; i18nKey: string; values?: TOptions; components: Record<string, ReactElement> }) {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>([^<]*)<\/\1>/g;
  let last = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    parts.push(text.slice(last, match.index));
    const element = components[match[1]];
    parts.push(isValidElement(element) ? cloneElement(element, { key: parts.length }, match[2]) : match[2]);
    last = tag.lastIndex;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
