// The guest-house pages' loaders (/guest-houses and /guest-house/$id) over real Services, on
// SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Insertable } from "kysely";
import * as listPage from "../../../app/routes/guest-houses";
import * as detailPage from "../../../app/routes/guest-house.$id";
import type { GuestHousesTable } from "../../../infrastructure/db/schema";
import { NEIGHBOURHOOD_CENTRES } from "../../../domain/listings/buea";
import { createPersona, createRouteHarness, type RouteHarness } from "../../support/route-harness";
import { allDatabaseKinds, databaseSuites } from "../../support/test-database";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const at = (day: number) => new Date(Date.UTC(2026, 10, day)).toISOString();

type Spec = [n: number, name: string, neighbourhood: "Molyko" | "Bonduma" | "Great Soppo", rate: number, day: number, verified: 0 | 1];
const SPECS: Spec[] = [
  [1, "Molyko Comfort Lodge", "Molyko", 12_000, 3, 1],
  [2, "Molyko Budget Rooms", "Molyko", 8_000, 1, 0],
  [3, "Bonduma Family Guest House", "Bonduma", 10_000, 2, 1],
  [4, "Fako View Guest House", "Great Soppo", 18_000, 4, 1],
];

for (const { kind, title, skip } of databaseSuites(allDatabaseKinds(), "guest-house pages on %s")) {
  describe.skipIf(skip)(title, () => {
    let h: RouteHarness;
    beforeAll(async () => {
      h = await createRouteHarness({ kind });
      const host = await createPersona(h, "student", { fullName: "Mama Ngozi" });
      // The badge and visibility come from the host's verification (guestHouseVisibility): the
      // "unverified" house belongs to a host still under review, so visitors never see it.
      const pendingHost = await createPersona(h, "student", { fullName: "Eric Tabi" });
      await h.database.db
        .insertInto("host_verifications")
        .values([
          { id: id(200), host_id: host.id, status: "verified", submitted_at: at(1), reviewed_at: at(2) },
          { id: id(201), host_id: pendingHost.id, status: "pending", submitted_at: at(1) },
        ])
        .execute();
      const rows: Array<Insertable<GuestHousesTable>> = SPECS.map(([n, name, neighbourhood, rate, day, verified]) => ({
        id: id(n),
        host_id: verified ? host.id : pendingHost.id,
        name,
        description: `${name}: clean rooms in ${neighbourhood}.`,
        neighbourhood,
        address: `${neighbourhood}, Buea`,
        latitude: NEIGHBOURHOOD_CENTRES[neighbourhood].latitude,
        longitude: NEIGHBOURHOOD_CENTRES[neighbourhood].longitude,
        nightly_rate: rate,
        rooms: n + 2,
        // Unknown keys are dropped; known ones come back in a fixed order.
        amenities: JSON.stringify(["tv", "wifi", "jacuzzi"]),
        whatsapp_number: n === 3 ? "12" : "677 12 34 56",
        // The old column is no longer read: set the opposite to prove it.
        is_verified: verified ? 0 : 1,
        created_at: at(day),
      }));
      await h.database.db.insertInto("guest_houses").values(rows).execute();
      await h.database.db
        .insertInto("photos")
        .values([1, 0].map((position) => ({
          id: id(100 + position),
          owner_type: "guest_house" as const,
          owner_id: id(1),
          position,
          storage_key: `photos/lodge-${position}`,
          width: 1024,
          height: 768,
          alt: `Lodge photo ${position}`,
          created_at: at(3),
        })))
        .execute();
    });
    afterAll(() => h.close());

    it("lists every approved host's guest house, newest first, with photo, rate, rooms, amenities and the verified host", async () => {
      const r = await h.get(listPage, "/guest-houses");
      expect(r.status).toBe(200);
      expect(r.data.items.map((g: { name: string }) => g.name)).toEqual([
        "Fako View Guest House",
        "Molyko Comfort Lodge",
        "Bonduma Family Guest House",
      ]);
      const lodge = r.data.items[1];
      expect(lodge).toMatchObject({
        id: id(1),
        neighbourhood: "Molyko",
        nightlyRate: 12_000,
        rooms: 3,
        amenities: ["wifi", "tv"],
        verifiedHost: true,
        photo: { storageKey: "photos/lodge-0", width: 1024, height: 768 },
      });
      expect(lodge.distanceToCampusM).toBeGreaterThan(0);
      expect(lodge.distanceToCampusM).toBeLessThan(500);
      expect(r.data.items.every((g: { verifiedHost: boolean }) => g.verifiedHost)).toBe(true);
      expect(r.data.neighbourhoods).toEqual([
        { neighbourhood: "Bonduma", count: 1 },
        { neighbourhood: "Great Soppo", count: 1 },
        { neighbourhood: "Molyko", count: 1 },
      ]);
      expect(r.data.seo).toMatchObject({ path: "/guest-houses", noindex: false });
    });

    it("filters by neighbourhood and sorts cheapest first", async () => {
      const molyko = await h.get(listPage, "/guest-houses?n=Molyko");
      expect(molyko.status).toBe(200);
      expect(molyko.data.items.map((g: { id: string }) => g.id)).toEqual([id(1)]);
      expect(molyko.data.seo.path).toBe("/guest-houses?n=Molyko");
      expect(molyko.data.seo.title).toContain("Molyko");

      const cheapest = await h.get(listPage, "/guest-houses?n=Molyko&sort=price_asc");
      expect(cheapest.data.items.map((g: { id: string }) => g.id)).toEqual([id(1)]);
      expect(cheapest.data.seo.noindex).toBe(true);

      const all = await h.get(listPage, "/guest-houses?sort=price_asc");
      expect(all.data.items.map((g: { nightlyRate: number }) => g.nightlyRate)).toEqual([10_000, 12_000, 18_000]);

      const none = await h.get(listPage, "/guest-houses?n=Muea");
      expect(none.status).toBe(200);
      expect(none.data.items).toEqual([]);
    });

    it("redirects the GET form's empty fields and defaults to one canonical address", async () => {
      expect((await h.get(listPage, "/guest-houses?n=&sort=newest")).location).toBe("/guest-houses");
      expect((await h.get(listPage, "/guest-houses?sort=price_asc&n=Molyko")).location).toBe("/guest-houses?n=Molyko&sort=price_asc");
      expect((await h.get(listPage, "/guest-houses?sort=bogus&lng=fr")).location).toBe("/guest-houses?lng=fr");
    });

    it("shows a guest house with its photos, facts and a WhatsApp link with a polite message", async () => {
      const r = await h.get(detailPage, `/guest-house/${id(1)}?back=${encodeURIComponent("n=Molyko")}`, { params: { id: id(1) } });
      expect(r.status).toBe(200);
      const g = r.data.guestHouse;
      expect(g).toMatchObject({
        name: "Molyko Comfort Lodge",
        description: "Molyko Comfort Lodge: clean rooms in Molyko.",
        address: "Molyko, Buea",
        nightlyRate: 12_000,
        rooms: 3,
        verifiedHost: true,
        whatsapp: "237677123456",
      });
      expect(g.photos.map((p: { storageKey: string }) => p.storageKey)).toEqual(["photos/lodge-0", "photos/lodge-1"]);
      expect(r.data.back).toBe("/guest-houses?n=Molyko");
      const link = new URL(r.data.whatsappHref);
      expect(`${link.origin}${link.pathname}`).toBe("https://wa.me/237677123456");
      expect(link.searchParams.get("text")).toMatch(/^Hello, I found "Molyko Comfort Lodge" on KamerNest \(http:\/\/localhost:3000\/guest-house\/.+\)\..*Thank you\.$/);
      expect(r.data.seo).toMatchObject({ path: `/guest-house/${id(1)}`, image: "/media/photos/lodge-0-1024.webp" });

      const fr = await h.get(detailPage, `/guest-house/${id(1)}?lng=fr`, { params: { id: id(1) } });
      expect(new URL(fr.data.whatsappHref).searchParams.get("text")).toMatch(/^Bonjour, j'ai trouvé « Molyko Comfort Lodge » sur KamerNest/);
      expect(fr.data.back).toBe("/guest-houses");

      // An unusable stored number: no link rather than a broken one.
      const noPhone = await h.get(detailPage, `/guest-house/${id(3)}?back=${encodeURIComponent("//evil.example")}`, { params: { id: id(3) } });
      expect(noPhone.data.whatsappHref).toBeNull();
      expect(noPhone.data.back).toBe("/guest-houses");
    });

    it("answers 404 for an unknown guest house, and for one whose host is not approved", async () => {
      for (const unknown of ["nope", id(999), "x".repeat(500), id(2)]) {
        const r = await h.get(detailPage, `/guest-house/${unknown}`, { params: { id: unknown } });
        expect(r.status).toBe(404);
        expect(r.thrown).toBe(true);
      }
    });
  });
}
