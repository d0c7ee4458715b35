// The locale files as hashed chunks, one each (cached for good): a hydrated page loads its
// namespaces from here before it hydrates (decision 0193), a client-side navigation those of the
// next page. This map holds only the chunks' names; the messages stay in the chunks.
import type { Messages } from "./translation";

const files = import.meta.glob<Messages>("../../public/locales/*/*.json", { import: "default" });

export function fetchNamespace(language: string, namespace: string): Promise<Messages> {
  const file = files[`../../public/locales/${language}/${namespace}.json`];
  return file ? file() : Promise.reject(new Error(`no locale file ${language}/${namespace}`));
}

/** Whether a namespace has a locale file (in English, which every namespace has). */
export function hasNamespace(namespace: string): boolean {
  return `../../public/locales/en/${namespace}.json` in files;
}
