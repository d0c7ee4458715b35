// A listing's page (/listings/$id and /property/$id share loader and action), the wishlist
// resource and the saved searches resource.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as listingPage from "~/routes/listings+/$id";
import * as propertyPage from "~/routes/property.$id";
import * as wishlist from "~/routes/resources+/wishlist";
import * as savedSearches from "~/routes/resources+/saved-searches";
import { listViewHistory } from "#domain/engagement/history.queries";
import { listWishlistIds } from "#domain/engagement/wishlist.queries";
import { listSavedSearches } from "#domain/alerts/saved-searches.queries";
import { createPersona, signedInJar } from "../../support/route-harness";
import { allDatabaseKinds, databaseSuites } from "../../support/test-database";
import { createDiscoveryWorld, type DiscoveryWorld } from "./discovery-support";

const LOGIN = (back: string) => `/auth/login?${new URLSearchParams({ redirectTo: back })}`;

for (const { kind, title, skip } of databaseSuites(allDatabaseKinds(), "a listing's page on %s")) {
  describe.skipIf(skip)(title, () => {
    let w: DiscoveryWorld;
    let id: string;
    beforeAll(async () => {
      w = await createDiscoveryWorld(kind);
      id = w.ids["molyko-mid"];
      await w.fixtures.photo(id, 0, "photos/room-a");
      await w.fixtures.photo(id, 1, "photos/room-b");
    });
    afterAll(() => w.h.close());

    it("shows the same screen at /listings/{id} and /property/{id}, canonical /listings/{id}", async () => {
      const a = await w.h.get(listingPage, `/listings/${id}`, { params: { id } });
      const b = await w.h.get(propertyPage, `/property/${id}`, { params: { id } });
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(b.data.property).toEqual(a.data.property);
      expect(a.data.seo.path).toBe(`/listings/${id}`);
      expect(b.data.seo.path).toBe(`/listings/${id}`);
      expect(a.data.seo.image).toBe("/media/photos/room-a-1024.webp");
      expect(a.data.property.photos.map((p: { storageKey: string }) => p.storageKey)).toEqual(["photos/room-a", "photos/room-b"]);
      expect(a.data.jsonLd).toMatchObject({ "@type": "RealEstateListing", offers: { price: 35_000, priceCurrency: "XAF" } });
      expect(a.data.similar.map((p: { id: string }) => p.id)).not.toContain(id);
    });

    it("answers 404 for an unknown or hidden listing", async () => {
      for (const unknown of ["nope", "00000000-0000-4000-8000-999999999999", "x".repeat(500)]) {
        const r = await w.h.get(listingPage, `/listings/${unknown}`, { params: { id: unknown } });
        expect(r.status).toBe(404);
      }
      const hidden = w.ids["soppo"];
      await w.h.database.db.updateTable("properties").set({ hidden_at: new Date().toISOString() }).where("id", "=", hidden).execute();
      expect((await w.h.get(propertyPage, `/property/${hidden}`, { params: { id: hidden } })).status).toBe(404);
    });

    it("keeps the search to go back to, and only a clean /listings search", async () => {
      const back = (value: string) => w.h.get(listingPage, `/listings/${id}?${new URLSearchParams({ back: value })}`, { params: { id } });
      expect((await back("n=Molyko&max=40000&page=2")).data.back).toBe("/listings?n=Molyko&max=40000&page=2");
      expect((await back("//evil.example/x")).data.back).toBe("/listings");
      expect((await back("n=Molyko&next=javascript:alert(1)")).data.back).toBe("/listings?n=Molyko");
      expect((await w.h.get(listingPage, `/listings/${id}`, { params: { id } })).data.back).toBe("/listings");
    });

    it("puts a signed-in view in the view history", async () => {
      const jar = await w.studentJar();
      const r = await w.h.get(listingPage, `/listings/${id}`, { params: { id }, jar });
      expect(r.data.signedIn).toBe(true);
      const views = await listViewHistory(w.h.services.engagement, w.student.id);
      expect(views.map((v) => v.propertyId)).toEqual([id]);
    });

    it("sends a visitor who writes to the agent to login, and back", async () => {
      const r = await w.h.post(listingPage, `/listings/${id}?back=n%3DMolyko`, { intent: "contact", body: "Hello" }, { params: { id } });
      expect(r.status).toBe(302);
      expect(r.location).toBe(LOGIN(`/listings/${id}?back=n%3DMolyko`));
    });

    it("keeps a student's message as a thread for the agent's inbox", async () => {
      const jar = await w.studentJar();
      const empty = await w.h.post(listingPage, `/listings/${id}`, { intent: "contact", body: "   " }, { params: { id }, jar });
      expect(empty.status).toBe(400);
      expect(empty.data.fieldErrors.body).toBe("listings:errors.message_required");
      const sent = await w.h.post(
        propertyPage,
        `/property/${id}`,
        { intent: "contact", body: "Is the room still free?" },
        { params: { id }, jar },
      );
      expect(sent.status).toBe(302);
      expect(sent.location).toBe(`/property/${id}`);
      const threads = await w.h.database.db.selectFrom("message_threads").selectAll().where("property_id", "=", id).execute();
      expect(threads).toHaveLength(1);
      expect(threads[0]).toMatchObject({ student_id: w.student.id, agent_id: w.agent.id });
      const messages = await w.h.database.db.selectFrom("messages").select("body").where("thread_id", "=", threads[0].id).execute();
      expect(messages.map((m) => m.body)).toEqual(["Is the room still free?"]);
    });

    it("takes a report with a reason, refuses a bad reason and a second report", async () => {
      const reporter = await createPersona(w.h, "student");
      const jar = await signedInJar(w.h, reporter.id);
      const target = w.ids["bomaka-mid"];
      const bad = await w.h.post(listingPage, `/listings/${target}`, { intent: "report", reason: "ugly" }, { params: { id: target }, jar });
      expect(bad.status).toBe(400);
      expect(bad.data.fieldErrors.reason).toBe("listings:errors.invalid_report_reason");
      const ok = await w.h.post(
        listingPage,
        `/listings/${target}`,
        { intent: "report", reason: "scam", details: "Asked for money first" },
        { params: { id: target }, jar },
      );
      expect(ok.status).toBe(302);
      const again = await w.h.post(
        listingPage,
        `/listings/${target}`,
        { intent: "report", reason: "scam" },
        { params: { id: target }, jar },
      );
      expect(again.status).toBeGreaterThanOrEqual(400);
      expect(again.status).toBeLessThan(500);
      expect(again.data.formError).toMatch(/already reported/i);
    });

    it("refuses an unknown intent with 400, never 500", async () => {
      const jar = await w.studentJar();
      const r = await w.h.post(listingPage, `/listings/${id}`, { intent: "delete-everything" }, { params: { id }, jar });
      expect(r.status).toBe(400);
    });

    it("saves to and removes from the wishlist, visitors log in first", async () => {
      const visitor = await w.h.post(wishlist, "/resources/wishlist", { intent: "add", propertyId: id, redirectTo: `/listings/${id}` });
      expect(visitor.location).toBe(LOGIN(`/listings/${id}`));
      const jar = await w.studentJar();
      const added = await w.h.post(
        wishlist,
        "/resources/wishlist",
        { intent: "add", propertyId: id, redirectTo: `/listings/${id}` },
        { jar },
      );
      expect(added.status).toBe(302);
      expect(added.location).toBe(`/listings/${id}`);
      expect(await listWishlistIds(w.h.services.engagement, w.student.id)).toEqual([id]);
      const page = await w.h.get(listingPage, `/listings/${id}`, { params: { id }, jar });
      expect(page.data.saved).toBe(true);
      const removed = await w.h.post(
        wishlist,
        "/resources/wishlist",
        { intent: "remove", propertyId: id, redirectTo: "https://evil.example" },
        { jar },
      );
      expect(removed.location).toBe("/listings");
      expect(await listWishlistIds(w.h.services.engagement, w.student.id)).toEqual([]);
      const unknown = await w.h.post(wishlist, "/resources/wishlist", { intent: "add", propertyId: "nope" }, { jar });
      expect(unknown.status).toBe(404);
      const bad = await w.h.post(wishlist, "/resources/wishlist", { intent: "steal", propertyId: id }, { jar });
      expect(bad.status).toBe(400);
    });

    it("saves a search for alerts and stops it", async () => {
      const jar = await w.studentJar();
      const saved = await w.h.post(savedSearches, "/resources/saved-searches", { intent: "save", query: "n=Molyko&max=40000" }, { jar });
      expect(saved.location).toBe("/listings?n=Molyko&max=40000");
      const [search] = await listSavedSearches(w.h.services.alerts, w.student.id);
      expect(search.query).toBe("n=Molyko&max=40000");
      const twice = await w.h.post(savedSearches, "/resources/saved-searches", { intent: "save", query: "n=Molyko&max=40000" }, { jar });
      expect(twice.status).toBe(302);
      const deleted = await w.h.post(
        savedSearches,
        "/resources/saved-searches",
        { intent: "delete", id: search.id, redirectTo: "/profile" },
        { jar },
      );
      expect(deleted.location).toBe("/profile");
      expect(await listSavedSearches(w.h.services.alerts, w.student.id)).toEqual([]);
      const visitor = await w.h.post(savedSearches, "/resources/saved-searches", { intent: "save", query: "n=Bomaka" });
      expect(visitor.location).toBe(LOGIN("/listings?n=Bomaka"));
    });
  });
}
