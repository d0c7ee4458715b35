// The translations in React, on the server and in the browser (issue 12, decision 0143).
//
// Components render through this small module instead of react-i18next: in the browser it is the
// whole translation runtime, about 1 KB where i18next and react-i18next were 13 KB gzip on every
// hydrated page. The server renders through the same code, so what the browser hydrates is what
// the server wrote. Loaders, actions and e-mails keep i18next (app/i18next.server.ts).
//
// A hydrated page names, inside it (<TranslationsData>), the namespaces its routes declare in
// `handle.i18n` and any other its server render used; the browser loads them whole, as one hashed
// chunk each (app/utils/translation-chunks.ts), before it hydrates, so every message the page can
// show is there before it can show it (decision 0193). A client-side navigation to a route waits
// for its namespaces before the new page is shown.
import { cloneElement, createContext, isValidElement, useContext, useSyncExternalStore, type ReactElement, type ReactNode } from "react";
import { useMatches } from "@remix-run/react";
import { fallbackLanguage } from "~/i18n";
import { readFormMessage } from "./form-message";

/** One namespace's messages, as in public/locales/{language}/{namespace}.json. */
export type Messages = { [key: string]: string | Messages };
/** Namespace → messages, for one language. */
export type Catalog = Record<string, Messages>;

export interface TranslationStore {
  /** Language → the namespaces held so far. */
  catalogs: Record<string, Catalog>;
  /** Fetches what is missing (the browser); absent on the server, where every namespace is held. */
  load?: (language: string, namespaces: string[]) => Promise<void>;
  /** The browser: whether a namespace exists to be loaded (a key's "ns:" may be any text's "Note:"). */
  loadable?: (namespace: string) => boolean;
  subscribe: (listener: () => void) => () => void;
  version: () => number;
  /** The server: the namespaces this render used (one store per request). */
  used?: Set<string>;
  /** The server: the browser's locale chunks, "language/namespace" → URL, to preload. */
  chunks?: Record<string, string>;
}

const never = () => () => {};
const TranslationContext = createContext<TranslationStore>({ catalogs: {}, subscribe: never, version: () => 0 });
export const TranslationProvider = TranslationContext.Provider;

/** A store that can grow: the browser's, filled with chunks before hydration and on navigation. */
export function createTranslationStore(
  catalogs: Record<string, Catalog>,
  fetchNamespace?: (language: string, namespace: string) => Promise<Messages>,
  loadable?: (namespace: string) => boolean,
): TranslationStore {
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
        // A namespace that cannot load (offline) stays missing; the next navigation tries again.
        () => void pending.delete(id),
      );
      pending.set(id, promise);
    }
    return promise;
  };
  return {
    catalogs,
    load: fetchNamespace
      ? (language, namespaces) => Promise.all(namespaces.map((ns) => loadOne(language, ns))).then(() => undefined)
      : undefined,
    ...(loadable ? { loadable } : {}),
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

// The server renders every page and keeps what it works out once (below); the browser renders a
// page's messages once, and there the smaller code is the better: each helper has a plain version
// for it, chosen at build time (import.meta.env.SSR), so the browser's bundle holds only that one.

// Intl.PluralRules#select is slow beside a lookup, and a page asks it for the same few counts
// (a card's bedrooms, a list's total): the categories of small whole numbers are kept per language.
const SMALL_COUNTS = 1_000;
const pluralRules = new Map<string, { rules: Intl.PluralRules; small: string[] }>();
function pluralCategory(language: string, count: number): string {
  let plural = pluralRules.get(language);
  if (!plural) pluralRules.set(language, (plural = { rules: new Intl.PluralRules(language), small: [] }));
  if (!import.meta.env.SSR || !Number.isInteger(count) || count < 0 || count >= SMALL_COUNTS) return plural.rules.select(count);
  return (plural.small[count] ??= plural.rules.select(count));
}

function lookupPath(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

// Each namespace's dotted keys, resolved once: a page looks up a few hundred messages, most of them
// many times (a card's labels once per card), and splitting "a.b.c" each time was a tenth of the
// server's render (issue 12). Keyed by the namespace's object, which a load replaces whole.
const MAX_REMEMBERED_KEYS = 5_000;
const resolvedKeys = new WeakMap<Messages, Map<string, string | undefined>>();

function lookup(messages: Messages | undefined, key: string): string | undefined {
  if (messages === undefined) return undefined;
  if (!import.meta.env.SSR) return lookupPath(messages, key);
  let resolved = resolvedKeys.get(messages);
  if (!resolved) resolvedKeys.set(messages, (resolved = new Map()));
  if (resolved.has(key)) return resolved.get(key);
  const text = lookupPath(messages, key);
  // A key that is missing is remembered too (plural forms are tried in turn), but only so many:
  // a key built from a request's text must not grow the map without end.
  if (text !== undefined || resolved.size < MAX_REMEMBERED_KEYS) resolved.set(key, text);
  return text;
}

// i18next's rules, the ones our messages use: "{{name}}" (and "{{- name}}") replaced by the
// option's value, a variable without a value left as written (i18next's skipOnVariables).
// A message is split into its text and its variables once (at most 5 000 kept): a card's price
// and distance lines are filled in twenty times a page.
type Template = Array<string | { name: string; whole: string }>;
const VARIABLE = /\{\{-?\s*([^{}\s]+)\s*\}\}/g;
const templates = new Map<string, Template>();
function templateOf(text: string): Template {
  let template = templates.get(text);
  if (!template) {
    template = [];
    let last = 0;
    for (const match of text.matchAll(VARIABLE)) {
      template.push(text.slice(last, match.index), { name: match[1], whole: match[0] });
      last = match.index + match[0].length;
    }
    template.push(text.slice(last));
    if (templates.size < MAX_REMEMBERED_KEYS) templates.set(text, template);
  }
  return template;
}

const interpolateWithRegExp = (text: string, options: TOptions | undefined) =>
  text.replace(VARIABLE, (whole, name: string) => {
    const value = options?.[name];
    return value === undefined || value === null ? whole : String(value);
  });

function interpolate(text: string, options: TOptions | undefined): string {
  if (text.indexOf("{{") === -1) return text;
  if (!import.meta.env.SSR) return interpolateWithRegExp(text, options);
  let out = "";
  for (const part of templateOf(text)) {
    if (typeof part === "string") out += part;
    else {
      const value = options?.[part.name];
      out += value === undefined || value === null ? part.whole : String(value);
    }
  }
  return out;
}

/**
 * i18next's lookup: "ns:key" names its namespace, otherwise the namespaces are tried in order;
 * with a numeric `count`, "key_zero" (for 0), then "key_{plural category}", then "key"; a missing
 * message gives `defaultValue`, else the key.
 */
export function translate(
  catalog: Catalog | undefined,
  language: string,
  namespaces: readonly string[],
  key: string,
  options?: TOptions,
  found?: (namespace: string, key: string) => void,
): string {
  // A form's message with its values in it (app/utils/form-message.ts): the values given here win.
  const carried = readFormMessage(key);
  if (carried) {
    key = carried.key;
    options = { ...carried.values, ...options };
  }
  let names = namespaces;
  let path = key;
  const colon = key.indexOf(":");
  if (colon > 0) {
    names = [key.slice(0, colon)];
    path = key.slice(colon + 1);
  }
  const count = options?.count;
  const candidates =
    typeof count === "number" ? [...(count === 0 ? [`${path}_zero`] : []), `${path}_${pluralCategory(language, count)}`, path] : [path];
  for (const ns of names) {
    for (const candidate of candidates) {
      const text = lookup(catalog?.[ns], candidate);
      if (text !== undefined) {
        found?.(ns, path);
        return interpolate(text, options);
      }
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
  const { used, load, loadable } = store;
  // One recorder per component, not one per message: `hit` is reset before each lookup.
  let hit = false;
  const record = (ns: string) => {
    hit = true;
    used?.add(ns);
  };
  const t: TFunction = (key, second, third) => {
    hit = false;
    const options = typeof second === "string" ? { ...third, defaultValue: second } : second;
    const text = translate(catalog, language, namespaces, key, options, record);
    // Only the browser's store loads: the server holds every namespace.
    if (hit || !load) return text;
    // A message of a namespace the page did not name (an error from another part of the site):
    // it loads, and this renders again; meanwhile the message is blank, never its key.
    const colon = key.indexOf(":");
    const wanted = colon > 0 && /^[a-z][a-z-]*$/.test(key.slice(0, colon)) ? [key.slice(0, colon)] : namespaces;
    const missing = wanted.filter((name) => !catalog?.[name] && (loadable?.(name) ?? true));
    if (missing.length === 0) return text;
    void load(language, missing);
    return options?.defaultValue ?? "";
  };
  return { t, i18n: { language } };
}

/** The namespaces the matched routes name in `handle.i18n`, with "common" (the root's). */
export function useRouteNamespaces(): string[] {
  const names = new Set<string>(["common"]);
  for (const match of useMatches()) {
    const wanted = (match.handle as { i18n?: string | string[] } | undefined)?.i18n;
    for (const name of typeof wanted === "string" ? [wanted] : (wanted ?? [])) names.add(name);
  }
  return [...names].sort();
}

/**
 * Waits, in the browser, until the namespaces of the routes about to be shown have loaded. Remix
 * renders a navigation inside a React transition, so suspending here keeps the previous page on
 * screen for that time instead of showing keys. On the first render they are all there: the
 * browser hydrates once they have loaded (app/entry.client.tsx).
 */
export function useRouteTranslations() {
  const store = useContext(TranslationContext);
  const language = useLanguage();
  const namespaces = useRouteNamespaces();
  if (!store.load || typeof document === "undefined") return;
  const catalog = store.catalogs[language];
  const missing = namespaces.filter((name) => !catalog?.[name]);
  if (missing.length > 0) throw store.load(language, missing);
}

export const TRANSLATIONS_ELEMENT_ID = "kn-translations";

// In the browser the element and its preloads keep what the server wrote: read once, before hydration.
let pageNamespaces: string | undefined;
let pagePreloads: string[] | undefined;

/** The namespaces the page names (<TranslationsData>), read in the browser before hydration. */
export function readPageNamespaces(): string[] {
  const element = document.getElementById(TRANSLATIONS_ELEMENT_ID);
  pageNamespaces = element?.textContent ?? "[]";
  pagePreloads = Array.from(
    document.querySelectorAll<HTMLLinkElement>(`link[${PRELOAD_ATTRIBUTE}]`),
    (link) => link.getAttribute("href") ?? "",
  );
  return JSON.parse(pageNamespaces) as string[];
}

const PRELOAD_ATTRIBUTE = "data-kn-locale";

/**
 * The namespaces the page's messages come from, as a JSON data block (never executed, so the CSP
 * does not apply to it): those its routes declare and any other its server render used (this
 * element comes after the page's content). The browser loads them whole before it hydrates.
 */
export function TranslationsData() {
  const store = useContext(TranslationContext);
  const declared = useRouteNamespaces();
  const language = useLanguage();
  const namespaces = [...new Set([...declared, ...(store.used ?? [])])].sort();
  const json = pageNamespaces ?? JSON.stringify(namespaces);
  // The chunks are fetched beside the entry script, not one round trip after it (decision 0193);
  // the browser renders the links the server wrote, unchanged.
  const preloads = pagePreloads ?? namespaces.flatMap((ns) => store.chunks?.[`${language}/${ns}`] ?? []);
  return (
    <>
      <script type="application/json" id={TRANSLATIONS_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: json }} />
      {preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} {...{ [PRELOAD_ATTRIBUTE]: "" }} />
      ))}
    </>
  );
}

/**
 * react-i18next's <Trans> for our messages: "<terms>Terms of Service</terms>" becomes the
 * `terms` element of `components` with the inner text as its child.
 */
export function Trans({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  values?: TOptions;
  components: Record<string, ReactElement>;
}) {
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
