// The server's side of the page's namespaces (decision 0193): a store per render that records the
// namespaces the render looks messages up in, so the page names every one the browser must load
// before it hydrates, even one no route declares. Kept out of app/utils/translation.tsx, which the
// browser loads.
import type { TranslationStore } from "./translation";

/**
 * The server's store for one render: the shared catalogues, a record of the namespaces used, and
 * the URLs of the browser's locale chunks ("language/namespace" → URL) to preload.
 */
export function recordingStore(store: TranslationStore, chunks: Record<string, string> = {}): TranslationStore {
  return { ...store, used: new Set<string>(), chunks };
}
