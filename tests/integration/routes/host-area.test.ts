// The host area (issue 10) through its routes, on SQLite and PostgreSQL: becoming a host with
// documents, a house hidden until an admin approves the host (then public with the badge), the
// audit row and the host's e-mail, photos and blocked nights, booking attempts without contact
// details, and the attacker's view: another host's house is a 404 and nothing changes.
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminHostReview from "~/routes/admin+/host-verification.$hostId";
import * as hostDocument from "~/routes/admin+/host-verification.$hostId_.documents.$documentId";
import * as adminQueue from "~/routes/admin+/agent-verification";
import * as hostBookings from "~/routes/host+/bookings";
import * as hostHome from "~/routes/host+/_index";
import * as editHouse from "~/routes/host+/houses.$id.edit";
import * as newHouse from "~/routes/host+/new-house";
import * as verification from "~/routes/host+/verification";
import * as detailPage from "~/routes/guest-house.$id";
import * as listPage from "~/routes/guest-houses";
import {
  createPersona,
  createRouteHarness,
  lastEmailTo,
  signedInJar,
  tinyPdf,
  type CookieJar,
  type RouteHarness,
} from "../../support/route-harness";
import { allDatabaseKinds, databaseSuites } from "../../support/test-database";

const jpeg = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    "house.jpg",
    { type: "image/jpeg" },
  );

const HOUSE = {
  name: "Bokwai Hills Guest House",
  description: "Quiet rooms with a view of the mountain.",
  neighbourhood: "Bokwai",
  address: "Bokwai road, Buea",
  latitude: "4.1490",
  longitude: "9.2620",
  nightlyRate: "15000",
  rooms: "5",
  maxGuests: "10",
  amenities: ["wifi", "breakfast"],
  houseRules: "No smoking inside.",
  whatsappNumber: "6 77 12 34 56",
};

const tomorrow = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
const inDays = (n: number) => new Date(Date.now() + n * 24 * 3600 * 1000).toISOString().slice(0, 10);

for (const { kind, title, skip } of databaseSuites(allDatabaseKinds(), "host area on %s")) {
  describe.skipIf(skip)(title, () => {
    let h: RouteHarness;
    let host: { id: string; email: string };
    let hostJar: CookieJar;
    let otherJar: CookieJar;
    let adminJar: CookieJar;
    let adminId: string;
    let houseId: string;

    beforeAll(async () => {
      h = await createRouteHarness({ kind });
      host = await createPersona(h, "student", { fullName: "Grace Fon" });
      hostJar = await signedInJar(h, host.id);
      otherJar = await signedInJar(h, (await createPersona(h, "student", { fullName: "Other Host" })).id);
      adminId = (await createPersona(h, "admin")).id;
      adminJar = await signedInJar(h, adminId);
    });
    afterAll(() => h.close());

    it("a user becomes a host by sending identity and ownership documents, checked from the bytes", async () => {
      expect((await h.get(hostHome, "/host", { jar: hostJar })).data.status).toBeNull();
      // Before the documents, adding a house leads to the verification page.
      expect((await h.get(newHouse, "/host/new-house", { jar: hostJar })).location).toBe("/host/verification");

      const missing = await h.post(verification, "/host/verification", { identity: tinyPdf("id.pdf") }, { jar: hostJar, multipart: true });
      expect(missing.status).toBe(400);
      expect(missing.data.formError).toMatch(/proof of ownership/i);
      const fake = new File([new TextEncoder().encode("<html>not a pdf</html>")], "deed.pdf", { type: "application/pdf" });
      const wrongType = await h.post(
        verification,
        "/host/verification",
        { identity: tinyPdf("id.pdf"), ownership: fake },
        { jar: hostJar, multipart: true },
      );
      expect(wrongType.status).toBe(400);
      expect(await h.database.db.selectFrom("host_verifications").select("id").where("host_id", "=", host.id).execute()).toEqual([]);

      const sent = await h.post(
        verification,
        "/host/verification",
        { identity: tinyPdf("id.pdf"), ownership: tinyPdf("deed.pdf") },
        { jar: hostJar, multipart: true },
      );
      expect(sent.status).toBe(302);
      expect(sent.location).toBe("/host");
      const row = await h.database.db.selectFrom("host_verifications").selectAll().where("host_id", "=", host.id).executeTakeFirstOrThrow();
      expect(row.status).toBe("pending");
      expect(JSON.parse(row.documents).map((d: { kind: string }) => d.kind)).toEqual(["identity", "ownership"]);
    });

    it("a new house is saved, hidden from visitors until the host is approved; bad input is a 400 and stores nothing", async () => {
      const bad = await h.post(newHouse, "/host/new-house", { ...HOUSE, latitude: "48.85", whatsappNumber: "12" }, { jar: hostJar });
      expect(bad.status).toBe(400);
      expect(await h.database.db.selectFrom("guest_houses").select("id").where("host_id", "=", host.id).execute()).toEqual([]);

      const created = await h.post(newHouse, "/host/new-house", HOUSE, { jar: hostJar });
      expect(created.status).toBe(302);
      houseId = /\/host\/houses\/([^/]+)\/edit/.exec(created.location ?? "")![1];
      const row = await h.database.db.selectFrom("guest_houses").selectAll().where("id", "=", houseId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        host_id: host.id,
        nightly_rate: 15000,
        max_guests: 10,
        whatsapp_number: "+237677123456",
        house_rules: "No smoking inside.",
      });
      expect(JSON.parse(row.amenities)).toEqual(["wifi", "breakfast"]);

      const photo = await h.post(
        editHouse,
        `/host/houses/${houseId}/edit`,
        { intent: "add-photo", photo: await jpeg() },
        { jar: hostJar, params: { id: houseId } },
      );
      expect(photo.status).toBe(302);

      const list = await h.get(listPage, "/guest-houses");
      expect(list.data.items.map((g: { id: string }) => g.id)).not.toContain(houseId);
      expect((await h.get(detailPage, `/guest-house/${houseId}`, { params: { id: houseId } })).status).toBe(404);
      const home = await h.get(hostHome, "/host", { jar: hostJar });
      expect(home.data.houses).toEqual([expect.objectContaining({ id: houseId, public: false, photoCount: 1 })]);
    });

    it("another host's house is a 404 everywhere, and nothing changes", async () => {
      const before = await h.database.db.selectFrom("guest_houses").selectAll().where("id", "=", houseId).executeTakeFirstOrThrow();
      expect((await h.get(editHouse, `/host/houses/${houseId}/edit`, { jar: otherJar, params: { id: houseId } })).status).toBe(404);
      for (const form of [
        { ...HOUSE, name: "Hijacked" },
        { intent: "block", from: tomorrow(), to: tomorrow() },
        { intent: "delete-photo", photoId: "anything" },
        { intent: "move-photo", photoId: "anything", move: "cover" },
      ]) {
        const r = await h.post(editHouse, `/host/houses/${houseId}/edit`, form, { jar: otherJar, params: { id: houseId } });
        expect(r.status).toBe(404);
      }
      expect(await h.database.db.selectFrom("guest_houses").selectAll().where("id", "=", houseId).executeTakeFirstOrThrow()).toEqual(
        before,
      );
      expect(
        await h.database.db.selectFrom("guest_house_blocked_dates").selectAll().where("guest_house_id", "=", houseId).execute(),
      ).toEqual([]);
      expect(await h.database.db.selectFrom("photos").select("id").where("owner_id", "=", houseId).execute()).toHaveLength(1);
    });

    it("the host chooses the cover and reorders photos with plain forms; a bad move is a 4xx", async () => {
      const second = await h.post(
        editHouse,
        `/host/houses/${houseId}/edit`,
        { intent: "add-photo", photo: await jpeg() },
        { jar: hostJar, params: { id: houseId } },
      );
      expect(second.status).toBe(302);
      const order = async () =>
        (
          await h.database.db
            .selectFrom("photos")
            .select(["id", "position"])
            .where("owner_type", "=", "guest_house")
            .where("owner_id", "=", houseId)
            .orderBy("position")
            .execute()
        ).map((p) => p.id);
      const [first, last] = await order();
      const cover = await h.post(
        editHouse,
        `/host/houses/${houseId}/edit`,
        { intent: "move-photo", photoId: last!, move: "cover" },
        { jar: hostJar, params: { id: houseId } },
      );
      expect(cover.status).toBe(302);
      expect(cover.location).toMatch(/#photos$/);
      expect(await order()).toEqual([last, first]);
      const down = await h.post(
        editHouse,
        `/host/houses/${houseId}/edit`,
        { intent: "move-photo", photoId: last!, move: "down" },
        { jar: hostJar, params: { id: houseId } },
      );
      expect(down.status).toBe(302);
      expect(await order()).toEqual([first, last]);
      for (const form of [
        { intent: "move-photo", photoId: last!, move: "sideways" },
        { intent: "move-photo", photoId: "missing", move: "up" },
      ]) {
        const r = await h.post(editHouse, `/host/houses/${houseId}/edit`, form, { jar: hostJar, params: { id: houseId } });
        expect(r.status).toBeGreaterThanOrEqual(400);
        expect(r.status).toBeLessThan(500);
      }
      expect(await order()).toEqual([first, last]);
      // Back to one photo, as the later cases expect.
      expect(
        (
          await h.post(
            editHouse,
            `/host/houses/${houseId}/edit`,
            { intent: "delete-photo", photoId: last! },
            { jar: hostJar, params: { id: houseId } },
          )
        ).status,
      ).toBe(302);
    });

    it("the host blocks and unblocks nights; past or reversed ranges are refused", async () => {
      const blocked = await h.post(
        editHouse,
        `/host/houses/${houseId}/edit`,
        { intent: "block", from: inDays(2), to: inDays(4) },
        { jar: hostJar, params: { id: houseId } },
      );
      expect(blocked.status).toBe(302);
      const unblocked = await h.post(
        editHouse,
        `/host/houses/${houseId}/edit`,
        { intent: "unblock", from: inDays(3), to: inDays(3) },
        { jar: hostJar, params: { id: houseId } },
      );
      expect(unblocked.status).toBe(302);
      const page = await h.get(editHouse, `/host/houses/${houseId}/edit`, { jar: hostJar, params: { id: houseId } });
      expect(page.data.blockedNights.map((n: { night: string }) => n.night)).toEqual([inDays(2), inDays(4)]);
      for (const [from, to] of [
        [inDays(-2), inDays(1)],
        [inDays(5), inDays(3)],
        ["2026-02-30", "2026-03-01"],
        [inDays(1), inDays(400)],
      ]) {
        const r = await h.post(
          editHouse,
          `/host/houses/${houseId}/edit`,
          { intent: "block", from, to },
          { jar: hostJar, params: { id: houseId } },
        );
        expect(r.status).toBe(400);
      }
    });

    it("a host cannot review anyone, and an admin cannot host", async () => {
      const r = await h.post(
        adminHostReview,
        `/admin/host-verification/${host.id}`,
        { intent: "approve" },
        { jar: hostJar, params: { hostId: host.id } },
      );
      expect(r.location).toBe("/admin/unauthorized");
      expect((await h.get(verification, "/host/verification", { jar: adminJar })).location).toBe("/admin/agent-verification?tab=hosts");
      expect(
        (await h.database.db.selectFrom("host_verifications").select("status").where("host_id", "=", host.id).executeTakeFirstOrThrow())
          .status,
      ).toBe("pending");
    });

    it("the admin sees the host with their documents, approves them (audit row, e-mail), and the house becomes public with the badge", async () => {
      const queue = await h.get(adminQueue, "/admin/agent-verification?tab=hosts", { jar: adminJar });
      const item = queue.data.hosts.find((x: { id: string }) => x.id === host.id);
      expect(item.documents).toHaveLength(2);
      const doc = await h.get(hostDocument, `/admin/host-verification/${host.id}/documents/${item.documents[0].id}`, {
        jar: adminJar,
        params: { hostId: host.id, documentId: item.documents[0].id },
      });
      expect(doc.status).toBe(200);
      expect(doc.headers.get("Content-Type")).toBe("application/pdf");
      expect(doc.headers.get("Content-Disposition")).toMatch(/^attachment/);
      const notAdmin = await h.get(hostDocument, `/admin/host-verification/${host.id}/documents/${item.documents[0].id}`, {
        jar: hostJar,
        params: { hostId: host.id, documentId: item.documents[0].id },
      });
      expect(notAdmin.location).toBe("/admin/unauthorized");

      const noReason = await h.post(
        adminHostReview,
        `/admin/host-verification/${host.id}`,
        { intent: "reject", reason: "  " },
        { jar: adminJar, params: { hostId: host.id } },
      );
      expect(noReason.status).toBe(400);
      // Approving asks for confirmation (a required checkbox, issue 33).
      const unconfirmed = await h.post(
        adminHostReview,
        `/admin/host-verification/${host.id}`,
        { intent: "approve" },
        { jar: adminJar, params: { hostId: host.id } },
      );
      expect(unconfirmed.status).toBe(400);
      expect(unconfirmed.data).toEqual({ formError: "Tick the box to confirm the approval." });

      const approved = await h.post(
        adminHostReview,
        `/admin/host-verification/${host.id}`,
        { intent: "approve", confirmed: "yes" },
        { jar: adminJar, params: { hostId: host.id } },
      );
      expect(approved.status).toBe(302);
      const audit = await h.database.db.selectFrom("audit_log").selectAll().where("action", "=", "admin.host_approved").execute();
      expect(audit).toHaveLength(1);
      const data = JSON.parse(audit[0].data);
      expect(data).toMatchObject({ target: `host:${host.id}`, reason: null });
      expect(JSON.parse(data.before).status).toBe("pending");
      expect(JSON.parse(data.after).status).toBe("verified");
      expect((await lastEmailTo(h, host.email))?.subject).toMatch(/verified KamerNest host/);

      const again = await h.post(
        adminHostReview,
        `/admin/host-verification/${host.id}`,
        { intent: "reject", reason: "late" },
        { jar: adminJar, params: { hostId: host.id } },
      );
      expect(again.status).toBe(400);

      const list = await h.get(listPage, "/guest-houses");
      expect(list.data.items.find((g: { id: string }) => g.id === houseId)).toMatchObject({ verifiedHost: true, name: HOUSE.name });
      expect((await h.get(detailPage, `/guest-house/${houseId}`, { params: { id: houseId } })).status).toBe(200);
    });

    it("the host sees booking attempts with the guest's name and dates, never their phone or e-mail", async () => {
      const guest = await createPersona(h, "student", { fullName: "Brenda Ayuk" });
      await h.database.db.updateTable("profiles").set({ phone: "+237699887766" }).where("id", "=", guest.id).execute();
      await h.database.db
        .insertInto("booking_attempts")
        .values({
          id: `ba-${kind}`,
          user_id: guest.id,
          guest_house_id: houseId,
          attempt_date: new Date().toISOString(),
          whatsapp_message_sent: 1,
          check_in: inDays(10),
          check_out: inDays(12),
          guests: 3,
        })
        .execute();
      const r = await h.get(hostBookings, "/host/bookings", { jar: hostJar });
      expect(r.data.attempts).toEqual([expect.objectContaining({ guest: "Brenda Ayuk", house: HOUSE.name, guests: 3 })]);
      const text = JSON.stringify(r.data);
      expect(text).not.toContain(guest.email);
      expect(text).not.toContain("699887766");
      expect((await h.get(hostBookings, "/host/bookings", { jar: otherJar })).data.attempts).toEqual([]);
    });

    it("fuzzed house forms never answer 500 and never store an invalid row", async () => {
      const field = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("", "-1", "1e309", "NaN", "0", "4.15", "\u0000", "9999999999"));
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            name: field,
            neighbourhood: fc.oneof(field, fc.constant("Molyko")),
            address: field,
            latitude: field,
            longitude: field,
            nightlyRate: field,
            rooms: field,
            maxGuests: field,
            whatsappNumber: field,
            amenities: field,
          }),
          async (form) => {
            const r = await h.post(newHouse, "/host/new-house", form, { jar: hostJar });
            expect(r.status).toBeLessThan(500);
          },
        ),
        { numRuns: 40 },
      );
      // Whatever was stored passed every rule.
      const rows = await h.database.db.selectFrom("guest_houses").select(["nightly_rate", "latitude", "whatsapp_number"]).execute();
      for (const r of rows) {
        expect(Number(r.nightly_rate)).toBeGreaterThanOrEqual(1000);
        expect(r.whatsapp_number).toMatch(/^\+2376\d{8}$/);
      }
    });
  });
}
