// A static page's listing cards, written once and reused (decision 0167).
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it, vi } from "vitest";
import { resources } from "~/i18next.server";
import { createTranslationStore, LanguageProvider, TranslationProvider, type Catalog } from "~/utils/translation";
import { fragmentStore } from "~/utils/fragments.server";
import { FragmentProvider, type FragmentWriter } from "~/components/fragments";
import { PropertyCard, PropertyGrid } from "~/components/listings/property-card";
import type { PropertyCard as PropertyCardModel } from "#domain/listings/listing-read-models";

const store = createTranslationStore(resources as Record<string, Catalog>);

const listing = (id: string, over: Partial<PropertyCardModel> = {}): PropertyCardModel =>
  ({
    id,
    title: `Room ${id} near UB gate`,
    propertyType: "room",
    neighbourhood: "Molyko",
    monthlyRent: 33_000,
    advanceMonths: 3,
    bedrooms: 1,
    distanceToCampusM: 820,
    furnished: false,
    toiletInside: true,
    showerInside: true,
    waterSupply: "tap",
    prepaidMeter: true,
    wifi: false,
    security: true,
    parking: false,
    status: "available",
    isVerified: true,
    isAvailable: true,
    availabilityConfirmedAt: null,
    createdAt: "2026-11-01T10:00:00.000Z",
    photo: { storageKey: `photo-${id}`, width: 1200, height: 800, alt: "The room" },
    ...over,
  }) as PropertyCardModel;

/** The grid as a page at /listings renders it, in `language`, with Save-Data as the root loader says. */
async function grid(
  items: PropertyCardModel[],
  options: { language?: string; saveData?: boolean; writer?: FragmentWriter | null } = {},
): Promise<string> {
  const language = options.language ?? "en";
  const page = (): ReactNode => createElement(PropertyGrid, { items, back: "n=Molyko", priorityFirst: true });
  const routes = [{ id: "root", path: "*", loader: () => ({ saveData: options.saveData ?? false }), Component: page }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/listings?n=Molyko"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    <TranslationProvider value={store}>
      <LanguageProvider value={language}>
        <FragmentProvider value={options.writer ?? null}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </FragmentProvider>
      </LanguageProvider>
    </TranslationProvider>,
  );
}

describe("a listing card's distance", () => {
  it("says it is approximate when the map point is the neighbourhood's centre, in English and French (decision 0205)", async () => {
    const exact = listing("x", { locationApproximate: false });
    const centre = listing("y", { locationApproximate: true });
    const en = await grid([exact, centre], { language: "en" });
    expect(en).toContain("Molyko · 820 m from the UB main gate<");
    expect(en).toContain("Molyko · about 820 m from the UB main gate (approximate location)");
    expect(en.match(/approximate location/g)).toHaveLength(1);
    const fr = await grid([centre], { language: "fr" });
    expect(fr).toContain("(emplacement approximatif)");
    // A kept card is keyed by every field: the approximate one is never served for the exact one.
    const fragments = fragmentStore(store);
    await grid([centre], { language: "en", writer: fragments.writer("en") });
    expect(await grid([{ ...centre, locationApproximate: false }], { language: "en", writer: fragments.writer("en") })).not.toContain(
      "approximate",
    );
  });
});

describe("a static page's listing cards", () => {
  it("are the cards React renders in the page, in each language and with Save-Data", async () => {
    const items = [
      listing("a"),
      listing("b", { isVerified: false, status: "booked", photo: null }),
      listing("c", { bedrooms: 3, propertyType: "apartment" }),
    ];
    const fragments = fragmentStore(store);
    for (const language of ["en", "fr"]) {
      for (const saveData of [false, true]) {
        const rendered = await grid(items, { language, saveData });
        expect(await grid(items, { language, saveData, writer: fragments.writer(language) })).toBe(rendered);
        // The second time the kept cards are written: the same page again.
        expect(await grid(items, { language, saveData, writer: fragments.writer(language) })).toBe(rendered);
      }
    }
    expect((await grid(items, { language: "fr" })).includes("33\u00a0000\u00a0FCFA")).toBe(true);
  });

  it("are rendered once for the same inputs, and again when any input changes", async () => {
    const fragments = fragmentStore(store);
    const writer = fragments.writer("en");
    const render = vi.fn((model: PropertyCardModel) => <PropertyCard property={model} saveData={false} />);
    const write = (model: PropertyCardModel, key = JSON.stringify(model)) => writer.html(key, () => render(model));
    const first = write(listing("a"));
    expect(write(listing("a"))).toBe(first);
    expect(render).toHaveBeenCalledTimes(1);
    const cheaper = write(listing("a", { monthlyRent: 30_000 }));
    expect(render).toHaveBeenCalledTimes(2);
    expect(cheaper).toContain("30\u00a0000\u00a0FCFA");
    expect(first).toContain("33\u00a0000\u00a0FCFA");
    // The same key in another language is another card.
    const french = fragments.writer("fr").html(JSON.stringify(listing("a")), () => render(listing("a")));
    expect(render).toHaveBeenCalledTimes(3);
    expect(french).not.toBe(first);
  });

  it("are kept up to the bound, the least recently used dropped first", () => {
    const fragments = fragmentStore(store, 2);
    const writer = fragments.writer("en");
    const render = vi.fn((id: string) => <PropertyCard property={listing(id)} saveData={false} />);
    writer.html("a", () => render("a"));
    writer.html("b", () => render("b"));
    writer.html("a", () => render("a")); // a is now the most recent
    writer.html("c", () => render("c")); // b goes
    expect(fragments.size).toBe(2);
    writer.html("a", () => render("a"));
    expect(render).toHaveBeenCalledTimes(3);
    writer.html("b", () => render("b"));
    expect(render).toHaveBeenCalledTimes(4);
  });
});
