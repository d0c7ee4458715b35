// A piece of a static page written once and reused (issue 12, decision 0167).
//
// A page that loads no framework script (`handle.hydrate = false`: the listings, a property, an
// agent, the home page) is never hydrated, so its HTML only has to be right, not to match a
// React tree in the browser. Its repeated pieces, the listing cards above all, are the same
// bytes every time their inputs are the same: on /listings the twenty cards are two thirds of
// the page and most of its render. entry.server gives such a page a `FragmentWriter`; a component
// that finds one asks it for a piece's HTML by a key naming every input of that piece, and writes
// it with dangerouslySetInnerHTML. Without one (a hydrated page, the browser), it renders as usual.
import { createContext, useContext, type ReactElement } from "react";

export interface FragmentWriter {
  /**
   * The HTML of `render()`'s element, rendered by itself in the page's language the first time
   * `key` is asked for and kept (a bounded number of pieces). `key` must name every input the
   * element's output depends on, except the language, which the writer adds.
   */
  html(key: string, render: () => ReactElement): string;
}

const FragmentContext = createContext<FragmentWriter | null>(null);

export const FragmentProvider = FragmentContext.Provider;

/** The page's fragment writer: null unless this is a static page rendered on the server. */
export const useFragments = () => useContext(FragmentContext);
