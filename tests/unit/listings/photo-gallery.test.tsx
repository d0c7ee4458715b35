// A gallery's photos as the server writes them (decision 0242): each a link to its large view
// (?photo=N) with its caption, the viewer's controls named in the reader's language, and under
// Save-Data nothing that loads a photo. The browser's side is tests/e2e/gallery-phone.spec.ts.
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { resources } from "~/i18next.server";
import { createTranslationStore, LanguageProvider, TranslationProvider, type Catalog } from "~/utils/translation";
import { PhotoGallery, PhotoView } from "~/components/photo-gallery";
import { photoViewHref, photoViewIndex } from "~/utils/photo-view";
import type { PhotoRef } from "#domain/listings/listing-read-models";

const store = createTranslationStore(resources as Record<string, Catalog>);

const photos: PhotoRef[] = [1, 2, 3].map((n) => ({ storageKey: `photos/room-${n}`, width: 1024, height: 683, alt: `Room ${n}` }));
const captionFor = (p: PhotoRef, i: number) => `Photo ${i + 1} of ${photos.length}: ${p.alt}`;

async function render(url: string, page: () => ReactNode, language = "en"): Promise<string> {
  const handler = createStaticHandler([{ id: "root", path: "*", Component: page }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  return renderToStaticMarkup(
    <TranslationProvider value={store}>
      <LanguageProvider value={language}>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </LanguageProvider>
    </TranslationProvider>,
  );
}

const gallery = (saveData: boolean) => () => createElement(PhotoGallery, { photos, captionFor, title: "Room near UB", saveData });

describe("?photo=N", () => {
  it("names one of the page's photos, 0-based; anything else is no photo", () => {
    const at = (value: string) => photoViewIndex(new URLSearchParams({ photo: value }), 3);
    expect(at("1")).toBe(0);
    expect(at("3")).toBe(2);
    for (const bad of ["0", "4", "-1", "2.5", "1e1", " 2", "02", "abc", "", "9999"]) expect(at(bad), bad).toBeNull();
    expect(photoViewIndex(new URLSearchParams(), 3)).toBeNull();
    expect(photoViewIndex(new URLSearchParams({ photo: "1" }), 0)).toBeNull();
  });

  it("is set or removed with the page's other parameters kept", () => {
    expect(photoViewHref("/listings/a", "", 0)).toBe("/listings/a?photo=1");
    expect(photoViewHref("/listings/a", "?back=n%3DMolyko&photo=3", 1)).toBe("/listings/a?back=n%3DMolyko&photo=2");
    expect(photoViewHref("/listings/a", "?back=n%3DMolyko&photo=3", null, "#photo-3")).toBe("/listings/a?back=n%3DMolyko#photo-3");
    expect(photoViewHref("/listings/a", "?photo=2", null)).toBe("/listings/a");
  });
});

describe("the gallery's strip", () => {
  it("links each photo to its large view, its caption in full and named as the link", async () => {
    const html = await render("/listings/a?back=n%3DMolyko", gallery(false));
    const links = [...html.matchAll(/(<a\b[^>]*data-gallery-open=""[^>]*>)([\s\S]*?)<\/a>/g)];
    expect(links.map((m) => /href="([^"]+)"/.exec(m[1]!)?.[1])).toEqual([1, 2, 3].map((n) => `/listings/a?back=n%3DMolyko&amp;photo=${n}`));
    expect(links[1]![2]).toContain(">Photo 2 of 3: Room 2</span>");
    expect(links[1]![2]).toContain("(view large)");
    // Only the first photo is loaded at once; the others when the strip brings them near.
    expect(html.match(/loading="eager"/g)).toHaveLength(1);
    expect(html).toMatch(/<dialog[^>]*aria-label="Photos: Room near UB"/);
    // The viewer's buttons show the short word and are named in full (decision 0242).
    expect(html).toMatch(/<button[^>]*aria-label="Next photo">Next</);
  });

  it("names the viewer's controls in French for a French reader", async () => {
    const html = await render("/listings/a", gallery(false), "fr");
    expect(html).toContain("(voir en grand)");
    expect(html).toMatch(/<dialog[^>]*aria-label="Photos : Room near UB"/);
    expect(html).toContain(">Fermer<");
    expect(html).toMatch(/<button[^>]*aria-label="Photo précédente"><span aria-hidden="true">← <\/span>Précédente</);
    expect(html).toMatch(/<button[^>]*aria-label="Photo suivante">Suivante</);
  });

  it("with Save-Data, loads no photo and has no viewer: each photo waits behind its link", async () => {
    const html = await render("/listings/a?photos=1", gallery(true));
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<dialog");
    expect(html).not.toContain("data-gallery-open");
    expect(html.match(/data-testid="show-photo"/g)).toHaveLength(3);
  });
});

describe("a photo's large view", () => {
  it("shows the photo at the screen's width, its caption, the photos around it and the way back to it", async () => {
    const view = () =>
      createElement(PhotoView, { photos, captionFor, title: "Room near UB", saveData: false, index: 1, backLabel: "Back to the listing" });
    const html = await render("/listings/a?photo=2", view);
    expect(html).toContain('sizes="(min-width: 1152px) 70rem, 100vw"');
    expect(html).toContain("photos/room-2-1024.webp 1024w");
    expect(html).toContain(">Photo 2 of 3: Room 2</figcaption>");
    expect(html).toContain('href="/listings/a?photo=1"');
    expect(html).toContain('href="/listings/a?photo=3"');
    expect(html).toContain('href="/listings/a#photo-2"');
  });
});
