// Loaded by the browser only when a client-side navigation needs a namespace the page did not
// carry: each locale file is a hashed chunk of its own (cached for good), and this map of them
// stays out of the first load.
import type { Messages } from "./translation";

const files = import.meta.glob<Messages>("../../public/locales/*/*.json", { import: "default" });

export function fetchNamespace(language: string, namespace: string): Promise<Messages> {
  const file = files[`../../public/locales/${language}/${namespace}.json`];
  return file ? file() : Promise.reject(new Error(`no locale file ${language}/${namespace}`));
}
