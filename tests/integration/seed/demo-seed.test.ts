import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allDatabaseKinds, databaseSuites, createTestDatabase, type TestDatabase } from "../../support/test-database";
import { ScryptPasswordHasher } from "#infrastructure/auth/scrypt-password-hasher";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, buildDemoData, seedDemoData } from "#infrastructure/seed/demo-seed";
import { RENT_RANGES } from "#infrastructure/seed/demo-properties";
import { demoId } from "#infrastructure/seed/prng";
import { photoFileKeys } from "#infrastructure/photos/photo-variants";
import { LocalFileStorage } from "#infrastructure/storage/local-file-storage";
import { NEIGHBOURHOOD_CENTRES, NEIGHBOURHOODS, distanceMetres, distanceToCampusMetres } from "#domain/listings/buea";

const DAY_MS = 86_400_000;
// A fixed moment, so dates in the data are the same on every run.
const NOW = new Date("2026-11-23T08:00:00.000Z");

const emailsOf = (role: string) =>
  Object.entries(DEMO_ACCOUNTS)
    .filter(([, a]) => a.role === role)
    .map(([e]) => e);

describe("demo data builder", () => {
  it("is deterministic: the same rows every time for the same moment", () => {
    expect(buildDemoData("hash", NOW)).toEqual(buildDemoData("hash", NOW));
  });

  it("writes blog posts of 250 to 500 words in English and in French", () => {
    const posts = buildDemoData("hash", NOW).blog_posts ?? [];
    expect(posts).toHaveLength(6);
    for (const post of posts) {
      for (const body of [post.body_en, post.body_fr]) {
        const words = body.split(/\s+/).filter((w) => /[\p{L}\d]/u.test(w)).length;
        expect(words, post.slug).toBeGreaterThanOrEqual(250);
        expect(words, post.slug).toBeLessThanOrEqual(500);
      }
    }
  });
});

for (const { kind, title, skip } of databaseSuites(allDatabaseKinds(), "seedDemoData on %s")) {
  describe.skipIf(skip)(title, () => {
    let database: TestDatabase;
    let storageDir: string;
    let first: { seeded: boolean };
    const hasher = new ScryptPasswordHasher();

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-seed-"));
      first = await seedDemoData(database.db, { photos: new LocalFileStorage(storageDir), hasher, now: NOW });
    });

    afterAll(async () => {
      await database?.destroy();
      if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true });
    });

    const count = async (table: "profiles" | "properties" | "guest_houses" | "blog_posts" | "photos" | "bookings") => {
      const row = await database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const profileByEmail = (email: string) =>
      database.db.selectFrom("profiles").selectAll().where("email", "=", email).executeTakeFirstOrThrow();

    // How long it takes is npm start's business, not a test's: a timed assertion fails on a busy machine.
    it("seeds a fresh database", () => {
      expect(first).toEqual({ seeded: true });
    });

    it("creates the documented accounts with their roles, confirmed, signing in with the demo password", async () => {
      for (const [email, account] of Object.entries(DEMO_ACCOUNTS)) {
        const profile = await profileByEmail(email);
        expect(profile.role, email).toBe(account.role);
        expect(profile.email_confirmed_at, email).not.toBeNull();
      }
      const admin = await profileByEmail(emailsOf("admin")[0]);
      expect(await hasher.verify(DEMO_PASSWORD, admin.password_hash!)).toBe(true);
    });

    it("has 10 approved agents with business details, agent@ among them with 8+ listings, and one pending agent", async () => {
      const agents = await database.db.selectFrom("agents").selectAll().execute();
      const approved = agents.filter((a) => a.verification_status === "approved");
      expect(approved).toHaveLength(10);
      for (const a of agents) {
        expect(a.business_name).toBeTruthy();
        expect(a.license_number).toBeTruthy();
        expect(a.business_phone).toMatch(/^\+2376\d{8}$/);
        expect(JSON.parse(a.specializations).length).toBeGreaterThan(0);
      }
      const agent = await profileByEmail("agent@kamernest.test");
      expect(approved.map((a) => a.user_id)).toContain(agent.id);
      const listings = await database.db.selectFrom("properties").selectAll().where("agent_id", "=", agent.id).execute();
      expect(listings.length).toBeGreaterThanOrEqual(8);
      const showcase = listings.find((p) => p.id === demoId("property", 0))!;
      expect(showcase).toMatchObject({ neighbourhood: "Molyko", status: "available", is_available: 1, is_verified: 1 });

      const pending = await profileByEmail("pending-agent@kamernest.test");
      const pendingAgent = agents.find((a) => a.user_id === pending.id)!;
      expect(pendingAgent.verification_status).toBe("pending");
      expect(pendingAgent.business_address).toBeTruthy();
    });

    it("makes host@ a verified host with at least two guest houses", async () => {
      const host = await profileByEmail("host@kamernest.test");
      expect(host.role).toBe("student");
      const verification = await database.db
        .selectFrom("host_verifications")
        .selectAll()
        .where("host_id", "=", host.id)
        .executeTakeFirstOrThrow();
      expect(verification.status).toBe("verified");
      const houses = await database.db.selectFrom("guest_houses").selectAll().where("host_id", "=", host.id).execute();
      expect(houses.length).toBeGreaterThanOrEqual(2);
    });

    it("gives the subscriber an active subscription bought by a successful 8000 unified payment", async () => {
      const subscriber = await profileByEmail("subscriber@kamernest.test");
      const subscriptions = await database.db.selectFrom("subscriptions").selectAll().where("user_id", "=", subscriber.id).execute();
      const active = subscriptions.filter((s) => Date.parse(s.starts_at) <= NOW.getTime() && Date.parse(s.ends_at) > NOW.getTime());
      expect(active).toHaveLength(1);
      expect(Date.parse(active[0].ends_at)).toBe(NOW.getTime() + 10 * DAY_MS);
      const payment = await database.db
        .selectFrom("payments")
        .selectAll()
        .where("id", "=", active[0].payment_id!)
        .executeTakeFirstOrThrow();
      expect(payment).toMatchObject({
        amount: 8000,
        payment_type: "unified_payment",
        payment_gateway: "simulated",
        payment_status: "successful",
        user_id: subscriber.id,
      });
      const events = await database.db.selectFrom("payment_events").selectAll().where("payment_id", "=", payment.id).execute();
      expect(events.length).toBeGreaterThan(0);
    });

    it("leaves student@ without bookings or a subscription", async () => {
      const student = await profileByEmail("student@kamernest.test");
      expect(await database.db.selectFrom("bookings").select("id").where("student_id", "=", student.id).execute()).toHaveLength(0);
      expect(await database.db.selectFrom("subscriptions").select("id").where("user_id", "=", student.id).execute()).toHaveLength(0);
    });

    it("lists 64 properties over all ten neighbourhoods, near their centres, with campus distances", async () => {
      const properties = await database.db.selectFrom("properties").selectAll().execute();
      expect(properties).toHaveLength(64);
      expect(new Set(properties.map((p) => p.neighbourhood))).toEqual(new Set(NEIGHBOURHOODS));
      for (const p of properties) {
        const point = { latitude: p.latitude, longitude: p.longitude };
        expect(distanceMetres(point, NEIGHBOURHOOD_CENTRES[p.neighbourhood as keyof typeof NEIGHBOURHOOD_CENTRES])).toBeLessThan(600);
        expect(p.distance_to_campus_m).toBe(distanceToCampusMetres(point));
      }
    });

    it("prices every listing within its type's range, rounded, with 3 to 12 months of advance", async () => {
      const properties = await database.db.selectFrom("properties").selectAll().execute();
      for (const p of properties) {
        const range = RENT_RANGES[p.property_type];
        expect(p.monthly_rent, p.title).toBeGreaterThanOrEqual(range.min);
        expect(p.monthly_rent, p.title).toBeLessThanOrEqual(range.max);
        expect(p.monthly_rent % 500).toBe(0);
        expect(p.advance_months).toBeGreaterThanOrEqual(3);
        expect(p.advance_months).toBeLessThanOrEqual(12);
      }
      expect(new Set(properties.map((p) => p.property_type))).toEqual(new Set(["room", "studio", "apartment", "house"]));
    });

    it("mixes statuses: mostly available, some booked, rented out, unavailable and two sold houses", async () => {
      const properties = await database.db.selectFrom("properties").selectAll().execute();
      const byStatus = (s: string) => properties.filter((p) => p.status === s);
      expect(byStatus("available").length).toBeGreaterThan(properties.length / 2);
      expect(byStatus("booked").length).toBeGreaterThan(0);
      expect(byStatus("unavailable").length).toBeGreaterThan(0);
      expect(byStatus("rented_out").length).toBeGreaterThan(0);
      expect(byStatus("sold").map((p) => p.property_type)).toEqual(["house", "house"]);
      for (const p of [...byStatus("rented_out"), ...byStatus("unavailable"), ...byStatus("sold")]) expect(p.is_available).toBe(0);
      expect(properties.filter((p) => p.is_verified === 1).length).toBeGreaterThan(properties.length * 0.75);
      const ages = properties.map((p) => (NOW.getTime() - Date.parse(p.availability_confirmed_at!)) / DAY_MS);
      expect(Math.max(...ages)).toBeLessThanOrEqual(31);
      expect(ages.some((d) => d > 14)).toBe(true);
      for (const p of properties) expect(Date.parse(p.created_at)).toBeGreaterThan(NOW.getTime() - 91 * DAY_MS);
    });

    it("gives every property three photos, every guest house two and every post a cover, all on disk", async () => {
      const photos = await database.db.selectFrom("photos").selectAll().execute();
      const perOwner = new Map<string, number>();
      for (const p of photos) perOwner.set(`${p.owner_type}:${p.owner_id}`, (perOwner.get(`${p.owner_type}:${p.owner_id}`) ?? 0) + 1);
      const properties = await database.db.selectFrom("properties").select("id").execute();
      for (const p of properties) expect(perOwner.get(`property:${p.id}`)).toBe(3);
      const houses = await database.db.selectFrom("guest_houses").select("id").execute();
      expect(houses).toHaveLength(8);
      for (const h of houses) expect(perOwner.get(`guest_house:${h.id}`)).toBe(2);
      const posts = await database.db.selectFrom("blog_posts").selectAll().execute();
      expect(posts).toHaveLength(6);

      const keys = new Set([...photos.map((p) => p.storage_key), ...posts.map((p) => p.cover_storage_key!)]);
      expect(keys.size).toBe(24 + 6);
      for (const key of keys)
        for (const file of photoFileKeys(key).map((k) => path.join(storageDir, k))) expect(fs.existsSync(file), file).toBe(true);
    });

    it("guest houses cost 8 000 to 25 000 FCFA a night and list their amenities", async () => {
      const houses = await database.db.selectFrom("guest_houses").selectAll().execute();
      for (const h of houses) {
        expect(h.nightly_rate).toBeGreaterThanOrEqual(8000);
        expect(h.nightly_rate).toBeLessThanOrEqual(25000);
        expect(Array.isArray(JSON.parse(h.amenities))).toBe(true);
        expect(h.whatsapp_number).toMatch(/^2376\d{8}$/);
      }
    });

    it("has bookings, past viewings with reviews and commissions, and message threads", async () => {
      const bookings = await database.db.selectFrom("bookings").selectAll().execute();
      expect(bookings.length).toBeGreaterThanOrEqual(5);
      const today = new Date(NOW.getTime() + 3_600_000).toISOString().slice(0, 10);
      expect(bookings.some((b) => b.booking_status === "confirmed" && b.visit_date < today && b.viewing_outcome === "confirmed")).toBe(
        true,
      );
      expect(bookings.some((b) => b.booking_status === "confirmed" && b.visit_date > today)).toBe(true);
      const reviews = await database.db.selectFrom("reviews").selectAll().execute();
      expect(reviews.length).toBeGreaterThan(0);
      for (const r of reviews) expect(bookings.find((b) => b.id === r.booking_id)?.viewing_outcome).toBe("confirmed");
      expect((await database.db.selectFrom("commission_earnings").selectAll().execute()).length).toBeGreaterThan(0);
      expect((await database.db.selectFrom("message_threads").selectAll().execute()).length).toBeGreaterThan(0);
      expect((await database.db.selectFrom("messages").selectAll().execute()).length).toBeGreaterThan(0);
    });

    it("gives agent@'s visible listings a daily view history in each report period, and nobody else's", async () => {
      const agent = await profileByEmail("agent@kamernest.test");
      const rows = await database.db
        .selectFrom("property_view_days as v")
        .innerJoin("properties as p", "p.id", "v.property_id")
        .select(["p.agent_id", "p.hidden_at", "v.day", "v.views"])
        .execute();
      expect(rows.every((r) => r.agent_id === agent.id && r.hidden_at === null && Number(r.views) > 0)).toBe(true);
      const today = new Date(NOW.getTime() + 3_600_000).toISOString().slice(0, 10);
      const daysAgo = (d: string) => (Date.parse(today) - Date.parse(d)) / 86_400_000;
      for (const period of [7, 30, 90]) expect(rows.filter((r) => daysAgo(r.day) < period).length).toBeGreaterThan(period / 2);
      expect(rows.every((r) => daysAgo(r.day) >= 0)).toBe(true);
    });

    it("keeps the rules of decision 0108: no booking of one's own listing, at most 3 live bookings and one per property per student, one commission per agent, student and period", async () => {
      const today = new Date(NOW.getTime() + 3_600_000).toISOString().slice(0, 10);
      const bookings = await database.db
        .selectFrom("bookings as b")
        .innerJoin("properties as p", "p.id", "b.property_id")
        .select([
          "b.student_id",
          "b.property_id",
          "b.booking_status",
          "b.visit_date",
          "b.viewing_outcome",
          "b.hold_expires_at",
          "p.agent_id",
        ])
        .execute();
      for (const b of bookings) expect(b.student_id).not.toBe(b.agent_id);
      const live = bookings.filter(
        (b) =>
          (b.booking_status === "pending" && b.hold_expires_at !== null && b.hold_expires_at > NOW.toISOString()) ||
          (b.booking_status === "confirmed" && b.viewing_outcome === null && b.visit_date >= today),
      );
      const perStudent = new Map<string, string[]>();
      for (const b of live) perStudent.set(b.student_id, [...(perStudent.get(b.student_id) ?? []), b.property_id]);
      for (const properties of perStudent.values()) {
        expect(properties.length).toBeLessThanOrEqual(3);
        expect(new Set(properties).size).toBe(properties.length);
      }
      const earnings = await database.db.selectFrom("commission_earnings").selectAll().execute();
      for (const e of earnings) {
        expect(e.student_id).not.toBeNull();
        expect(e.period_key).not.toBeNull();
        expect(e.status).toBe(Number(e.paid) === 1 ? "paid" : "pending");
      }
      expect(new Set(earnings.map((e) => `${e.agent_id}|${e.student_id}|${e.period_key}`)).size).toBe(earnings.length);
      const reviews = await database.db.selectFrom("reviews").select(["agent_id", "student_id"]).execute();
      for (const r of reviews) expect(r.student_id).not.toBe(r.agent_id);
    });

    it("does nothing the second time", async () => {
      const before = await Promise.all([count("profiles"), count("properties"), count("photos"), count("bookings")]);
      expect(await seedDemoData(database.db, { photos: new LocalFileStorage(storageDir), hasher, now: NOW })).toEqual({ seeded: false });
      expect(await Promise.all([count("profiles"), count("properties"), count("photos"), count("bookings")])).toEqual(before);
    });
  });
}
