// The server's fragment writer (app/components/fragments.tsx, decision 0167): a piece rendered by
// itself with renderToStaticMarkup, in the page's language, kept in a bounded map shared by every
// request. A piece's key names all its inputs, so a kept piece is never out of date: a listing
// changed by its agent has a new key, and the old one ages out.
import { renderToStaticMarkup } from "react-dom/server";
import type { FragmentWriter } from "~/components/fragments";
import { LanguageProvider, TranslationProvider, type TranslationStore } from "./translation";

/** Pieces kept: a card is about 2 KB, so about 4 MB at most. */
const MAX_PIECES = 2000;

export function fragmentStore(store: TranslationStore, maxPieces = MAX_PIECES) {
  const pieces = new Map<string, string>();
  return {
    /** The writer for one page in `language`. */
    writer(language: string): FragmentWriter {
      return {
        html(key, render) {
          const fullKey = `${language}\u0000${key}`;
          const kept = pieces.get(fullKey);
          if (kept !== undefined) {
            // Map keeps insertion order: moved to the end, the first key is the least recently used.
            pieces.delete(fullKey);
            pieces.set(fullKey, kept);
            return kept;
          }
          const html = renderToStaticMarkup(
            <TranslationProvider value={store}>
              <LanguageProvider value={language}>{render()}</LanguageProvider>
            </TranslationProvider>,
          );
          pieces.set(fullKey, html);
          if (pieces.size > maxPieces) pieces.delete(pieces.keys().next().value as string);
          return html;
        },
      };
    },
    get size() {
      return pieces.size;
    },
  };
}
