// The guest-house pages' loaders (/guest-houses and /guest-house/$id) over real Services, on
// SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Insertable } from "kysely";
import * as listPage from "~/routes/guest-houses";
import * as detailPage from "~/routes/guest-house.$id";
import type { GuestHousesTable } from "#infrastructure/db/schema";
import { NEIGHBOURHOOD_CENTRES } from "#domain/listings/buea";
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
      // The badge comes from the host's latest verification; house 2's host has none but the house is seeded.
      const host = await createPersona(h, "student", { fullName: "Mama Ngozi" });
      const other = await createPersona(h, "student", { fullName: "Papa Eric" });
      const pendingHost = await createPersona(h, "student", { fullName: "New Host" });
      const now = new Date().toISOString();
      await h.database.db
        .insertInto("host_verifications")
        .values([
          { id: "hv-new", host_id: host.id, status: "verified", submitted_at: at(2), reviewed_at: at(2) },
          { id: "hv-pending", host_id: pendingHost.id, status: "pending", submitted_at: now },
        ])
        .execute();
      const rows: Array<Insertable<GuestHousesTable>> = SPECS.map(([n, name, neighbourhood, rate, day, verified]) => ({
        id: id(n),
        host_id: verified ? host.id : other.id,
        seeded: verified ? 0 : 1,
        max_guests: n,
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
        whatsapp_number: n === 2 ? "12" : "677 12 34 56",
        is_verified: verified,
        created_at: at(day),
      }));
      // A house of a host awaiting approval: hidden from visitors.
      rows.push({ ...rows[0], id: id(5), name: "Hidden House", host_id: pendingHost.id, seeded: 0, created_at: at(5) });
      await h.database.db.insertInto("guest_houses").values(rows).execute();
      await h.database.db
        .insertInto("guest_house_blocked_dates")
        .values([
          { guest_house_id: id(1), blocked_date: "2099-01-10", created_at: now },
          { guest_house_id: id(1), blocked_date: "2000-01-10", created_at: now },
        ])
        .execute();
      await h.database.db
        .insertInto("photos")
        .values(
          [1, 0].map((position) => ({
            id: id(100 + position),
            owner_type: "guest_house" as const,
            owner_id: id(1),
            position,
            storage_key: `photos/lodge-${position}`,
            width: 1024,
            height: 768,
            alt: `Lodge photo ${position}`,
            created_at: at(3),
          })),
        )
        .execute();
    });
    afterAll(() => h.close());

    it("lists every guest house, newest first, with photo, rate, rooms, amenities and the verified host", async () => {
      const r = await h.get(listPage, "/guest-houses");
      expect(r.status).toBe(200);
      expect(r.data.items.map((g: { name: string }) => g.name)).toEqual([
        "Fako View Guest House",
        "Molyko Comfort Lodge",
        "Bonduma Family Guest House",
        "Molyko Budget Rooms",
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
      expect(r.data.items[3]).toMatchObject({ verifiedHost: false, photo: null });
      expect(r.data.neighbourhoods).toEqual([
        { neighbourhood: "Bonduma", count: 1 },
        { neighbourhood: "Great Soppo", count: 1 },
        { neighbourhood: "Molyko", count: 2 },
      ]);
      expect(r.data.seo).toMatchObject({ path: "/guest-houses", noindex: false });
    });

    it("filters by neighbourhood and sorts cheapest first", async () => {
      const molyko = await h.get(listPage, "/guest-houses?n=Molyko");
      expect(molyko.status).toBe(200);
      expect(molyko.data.items.map((g: { id: string }) => g.id)).toEqual([id(1), id(2)]);
      expect(molyko.data.seo.path).toBe("/guest-houses?n=Molyko");
      expect(molyko.data.seo.title).toContain("Molyko");

      const cheapest = await h.get(listPage, "/guest-houses?n=Molyko&sort=price_asc");
      expect(cheapest.data.items.map((g: { id: string }) => g.id)).toEqual([id(2), id(1)]);
      expect(cheapest.data.seo.noindex).toBe(true);

      const all = await h.get(listPage, "/guest-houses?sort=price_asc");
      expect(all.data.items.map((g: { nightlyRate: number }) => g.nightlyRate)).toEqual([8_000, 10_000, 12_000, 18_000]);

      const none = await h.get(listPage, "/guest-houses?n=Muea");
      expect(none.status).toBe(200);
      expect(none.data.items).toEqual([]);
    });

    it("redirects the GET form's empty fields and defaults to one canonical address", async () => {
      expect((await h.get(listPage, "/guest-houses?n=&sort=newest")).location).toBe("/guest-houses");
      expect((await h.get(listPage, "/guest-houses?sort=price_asc&n=Molyko")).location).toBe("/guest-houses?n=Molyko&sort=price_asc");
      expect((await h.get(listPage, "/guest-houses?sort=bogus&lng=fr")).location).toBe("/guest-houses?lng=fr");
    });

    it("filters by price, guests, amenities, verified host and free dates, and pages the results", async () => {
      const ids = async (query: string) => (await h.get(listPage, `/guest-houses?${query}`)).data.items.map((g: { id: string }) => g.id);
      expect(await ids("min=9000&max=12000")).toEqual([id(1), id(3)]);
      expect((await h.get(listPage, "/guest-houses?min=12000&max=9000")).location).toBe("/guest-houses?min=9000&max=12000");
      expect(await ids("g=3")).toEqual([id(4), id(3)]);
      expect(await ids("a=wifi&a=tv")).toHaveLength(4);
      expect(await ids("a=breakfast")).toEqual([]);
      expect(await ids("v=1")).toEqual([id(4), id(1), id(3)]);
      expect(await ids("from=2099-01-09&to=2099-01-11")).toEqual([id(4), id(3), id(2)]);
      expect(await ids("from=2099-01-11&to=2099-01-12")).toHaveLength(4);
      const page = await h.get(listPage, "/guest-houses?page=2");
      expect(page.data.items).toEqual([]);
      expect(page.data.total).toBe(4);
      expect(page.data.pages).toMatchObject({ page: 2, pageCount: 1, prev: "/guest-houses", next: null });
      expect(page.data.seo.noindex).toBe(true);
    });

    it("hides a house whose host is not approved: not listed, not counted, 404 on its page", async () => {
      const all = await h.get(listPage, "/guest-houses?n=Molyko");
      expect(all.data.items.map((g: { id: string }) => g.id)).not.toContain(id(5));
      const hidden = await h.get(detailPage, `/guest-house/${id(5)}`, { params: { id: id(5) } });
      expect(hidden.status).toBe(404);
    });

    it("shows a guest house with its photos, facts, house rules, blocked nights and the way to book (no free WhatsApp link)", async () => {
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
        maxGuests: 1,
        contactable: true,
        blockedDates: ["2099-01-10"],
      });
      expect(g).not.toHaveProperty("whatsapp");
      expect(g.photos.map((p: { storageKey: string }) => p.storageKey)).toEqual(["photos/lodge-0", "photos/lodge-1"]);
      expect(r.data.back).toBe("/guest-houses?n=Molyko");
      expect(r.data.bookHref).toBe(`/guest-house-booking/${id(1)}`);
      expect(JSON.stringify(r.data)).not.toContain("wa.me");
      expect(r.data.seo).toMatchObject({ path: `/guest-house/${id(1)}`, image: "/media/photos/lodge-0-1024.webp" });

      const fr = await h.get(detailPage, `/guest-house/${id(1)}?lng=fr`, { params: { id: id(1) } });
      expect(fr.data.back).toBe("/guest-houses");

      // An unusable stored number: the house cannot be booked; its host (seeded house, no verification) has no badge.
      const noPhone = await h.get(detailPage, `/guest-house/${id(2)}?back=${encodeURIComponent("//evil.example")}`, {
        params: { id: id(2) },
      });
      expect(noPhone.data.guestHouse).toMatchObject({ contactable: false, verifiedHost: false });
      expect(noPhone.data.back).toBe("/guest-houses");
    });

    it("answers 404 for an unknown guest house", async () => {
      for (const unknown of ["nope", id(999), "x".repeat(500)]) {
        const r = await h.get(detailPage, `/guest-house/${unknown}`, { params: { id: unknown } });
        expect(r.status).toBe(404);
        expect(r.thrown).toBe(true);
      }
    });
  });
}
