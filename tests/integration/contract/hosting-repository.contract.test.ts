// The hosting repository and its unit of work, the same cases on memory, SQLite and PostgreSQL:
// one verification per host, review only while pending, houses and photos scoped by host, blocked
// nights, booking attempts without the guest's contact details, and rollback with the audit log.
import { afterEach, beforeEach, expect, it } from "vitest";
import type { AuditLog } from "#domain/accounts/audit-log.port";
import type { HostedGuestHouse } from "#domain/hosting/hosted-guest-house.entity";
import type { HostVerification } from "#domain/hosting/host-verification.entity";
import type { HostingRepos, HostingRepository } from "#domain/hosting/hosting-repository.port";
import { InMemoryHostingUnitOfWork } from "#domain/hosting/in-memory-hosting-repository";
import type { UnitOfWork } from "#domain/shared/transaction";
import { KyselyAccountAuditLog } from "#infrastructure/repositories/kysely-account-audit-log";
import { KyselyHostingRepository, kyselyHostingUnitOfWork } from "#infrastructure/repositories/kysely-hosting-repository";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase } from "../../support/test-database";
import { insertProfile } from "./discovery-fixtures";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));

const verification = (hostId: string, minute: number, over: Partial<HostVerification> = {}): HostVerification => ({
  id: `v-${hostId}-${minute}`,
  hostId,
  status: "pending",
  documents: [
    {
      id: `d-${minute}`,
      kind: "identity",
      storageKey: `host-documents/${hostId}/d-${minute}.pdf`,
      originalName: "id.pdf",
      mimeType: "application/pdf",
      sizeBytes: 15,
    },
  ],
  submittedAt: at(minute),
  reviewedAt: null,
  reviewedBy: null,
  rejectReason: null,
  ...over,
});

const house = (id: string, hostId: string, minute = 0, over: Partial<HostedGuestHouse> = {}): HostedGuestHouse => ({
  id,
  hostId,
  name: `House ${id}`,
  description: "Rooms with a view.",
  neighbourhood: "Great Soppo",
  address: "Great Soppo, Buea",
  latitude: 4.16,
  longitude: 9.24,
  locationApproximate: false,
  nightlyRate: 18_000,
  rooms: 8,
  maxGuests: 16,
  amenities: ["wifi", "tv"],
  houseRules: "Quiet after 22:00.",
  whatsappNumber: "+237677123456",
  createdAt: at(minute),
  photos: [],
  ...over,
});

interface Harness {
  repo: HostingRepository;
  uow: UnitOfWork<HostingRepos>;
  auditLog: AuditLog;
  addAttempt(a: {
    id: string;
    houseId: string;
    guestId: string;
    minute: number;
    checkIn: string | null;
    guests: number | null;
  }): Promise<void>;
  close(): Promise<void>;
}

const GUEST_NAMES: Record<string, string> = { g1: "Ada Guest", g2: "" };

async function harness(kind: "memory" | "sqlite" | "postgres"): Promise<Harness> {
  if (kind === "memory") {
    const uow = new InMemoryHostingUnitOfWork();
    return {
      repo: uow.hosting,
      uow,
      auditLog: uow.auditLog,
      addAttempt: async (a) =>
        uow.hosting.addBookingAttempt({
          id: a.id,
          guestHouseId: a.houseId,
          guestName: GUEST_NAMES[a.guestId]!,
          attemptDate: at(a.minute),
          checkIn: a.checkIn,
          checkOut: a.checkIn,
          guests: a.guests,
        }),
      close: async () => {},
    };
  }
  const t = await createTestDatabase(kind);
  for (const id of ["h1", "h2", "admin"]) await insertProfile(t.db, { id, role: id === "admin" ? "admin" : "student" });
  for (const [id, fullName] of Object.entries(GUEST_NAMES)) await insertProfile(t.db, { id, fullName });
  return {
    repo: new KyselyHostingRepository(t.db),
    uow: kyselyHostingUnitOfWork(t.db, t.kind),
    auditLog: new KyselyAccountAuditLog(t.db),
    addAttempt: async (a) => {
      await t.db
        .insertInto("booking_attempts")
        .values({
          id: a.id,
          user_id: a.guestId,
          guest_house_id: a.houseId,
          attempt_date: at(a.minute).toISOString(),
          check_in: a.checkIn,
          check_out: a.checkIn,
          guests: a.guests,
        })
        .execute();
    },
    close: () => t.destroy(),
  };
}

describeEachDatabase(["memory", ...allDatabaseKinds()] as const)("HostingRepository on %s", (kind) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness(kind);
  });
  afterEach(() => h.close());

  it("keeps one verification per host: a new submission replaces the previous one", async () => {
    expect(await h.repo.findVerification("h1")).toBeNull();
    await h.repo.saveSubmission(verification("h1", 0));
    expect(await h.repo.findVerification("h1")).toEqual(verification("h1", 0));
    await h.repo.saveSubmission(verification("h1", 5, { id: "v-h1-0" }));
    expect(await h.repo.findVerification("h1")).toEqual(verification("h1", 5, { id: "v-h1-0" }));
  });

  it("reviews only a pending verification, and lists each status oldest first", async () => {
    await h.repo.saveSubmission(verification("h2", 3));
    await h.repo.saveSubmission(verification("h1", 1));
    expect((await h.repo.listVerifications("pending", 10)).map((v) => v.hostId)).toEqual(["h1", "h2"]);
    expect((await h.repo.listVerifications("pending", 1)).map((v) => v.hostId)).toEqual(["h1"]);
    const outcome = { status: "rejected" as const, reviewedAt: at(9), reviewedBy: "admin", rejectReason: "Blurry" };
    expect(await h.repo.review("h1", outcome)).toBe(true);
    expect(await h.repo.review("h1", { ...outcome, status: "verified", rejectReason: null })).toBe(false);
    expect(await h.repo.review("nobody", outcome)).toBe(false);
    expect(await h.repo.findVerification("h1")).toEqual(
      verification("h1", 1, { status: "rejected", reviewedAt: at(9), reviewedBy: "admin", rejectReason: "Blurry" }),
    );
    expect((await h.repo.listVerifications("pending", 10)).map((v) => v.hostId)).toEqual(["h2"]);
    expect((await h.repo.listVerifications("rejected", 10)).map((v) => v.hostId)).toEqual(["h1"]);
  });

  it("gives a house back only to its host, newest first, and updates only the host's own", async () => {
    await h.repo.insertHouse(house("g1h", "h1", 0));
    await h.repo.insertHouse(house("g2h", "h1", 5));
    await h.repo.insertHouse(house("g3h", "h2", 7));
    expect(await h.repo.findHouse("h1", "g1h")).toEqual(house("g1h", "h1", 0));
    expect(await h.repo.findHouse("h2", "g1h")).toBeNull();
    expect(await h.repo.lockHouse("h2", "g1h")).toBeNull();
    expect(await h.repo.findHouse("h1", "nope")).toBeNull();
    expect((await h.repo.listHouses("h1")).map((x) => x.id)).toEqual(["g2h", "g1h"]);

    const changed = house("g1h", "h1", 0, {
      name: "Changed",
      nightlyRate: 25_000,
      amenities: [],
      houseRules: "",
      rooms: 2,
      maxGuests: 3,
      locationApproximate: true,
    });
    expect(await h.repo.updateHouse(changed)).toBe(true);
    expect(await h.repo.lockHouse("h1", "g1h")).toEqual(changed);
    expect(await h.repo.updateHouse({ ...changed, hostId: "h2", name: "Stolen" })).toBe(false);
    expect((await h.repo.findHouse("h1", "g1h"))?.name).toBe("Changed");
  });

  it("keeps photos in position order, deletes and renumbers only the house's own", async () => {
    await h.repo.insertHouse(house("g1h", "h1"));
    await h.repo.insertHouse(house("g2h", "h2"));
    for (const [i, id] of ["f1", "f2", "f3"].entries()) {
      await h.repo.insertPhoto("g1h", { id, storageKey: `photos/${id}`, width: 1024, height: 768, position: 2 - i }, at(i));
    }
    await h.repo.insertPhoto("g2h", { id: "other", storageKey: "photos/other", width: 10, height: 10, position: 0 }, at(0));
    expect((await h.repo.findHouse("h1", "g1h"))?.photos.map((p) => p.id)).toEqual(["f3", "f2", "f1"]);
    expect(await h.repo.deletePhoto("g1h", "other")).toBe(false);
    expect(await h.repo.deletePhoto("g1h", "f2")).toBe(true);
    await h.repo.setPhotoPositions("g1h", [
      { id: "f1", position: 0 },
      { id: "f3", position: 1 },
      { id: "other", position: 5 },
    ]);
    expect(await h.repo.findHouse("h1", "g1h")).toMatchObject({
      photos: [
        { id: "f1", storageKey: "photos/f1", width: 1024, height: 768, position: 0 },
        { id: "f3", storageKey: "photos/f3", width: 1024, height: 768, position: 1 },
      ],
    });
    expect((await h.repo.listHouses("h2"))[0]?.photos).toEqual([
      { id: "other", storageKey: "photos/other", width: 10, height: 10, position: 0 },
    ]);
  });

  it("blocks nights once, unblocks a range and lists from a night on", async () => {
    await h.repo.insertHouse(house("g1h", "h1"));
    await h.repo.insertHouse(house("g2h", "h2"));
    await h.repo.blockNights("g1h", ["2026-11-20", "2026-11-21", "2026-11-22"], at(0));
    await h.repo.blockNights("g1h", ["2026-11-22", "2026-11-23"], at(1));
    await h.repo.blockNights("g2h", ["2026-11-21"], at(1));
    expect(await h.repo.listBlockedNights("g1h", "2026-11-21")).toEqual(["2026-11-21", "2026-11-22", "2026-11-23"]);
    await h.repo.unblockNights("g1h", ["2026-11-21", "2026-11-22", "2026-12-01"]);
    expect(await h.repo.listBlockedNights("g1h", "2026-01-01")).toEqual(["2026-11-20", "2026-11-23"]);
    expect(await h.repo.listBlockedNights("g2h", "2026-01-01")).toEqual(["2026-11-21"]);
  });

  it("lists booking attempts on the host's houses only, newest first, with the guest's name", async () => {
    await h.repo.insertHouse(house("g1h", "h1"));
    await h.repo.insertHouse(house("g2h", "h2"));
    await h.addAttempt({ id: "a1", houseId: "g1h", guestId: "g1", minute: 1, checkIn: "2026-12-01", guests: 2 });
    await h.addAttempt({ id: "a2", houseId: "g1h", guestId: "g2", minute: 3, checkIn: null, guests: null });
    await h.addAttempt({ id: "a3", houseId: "g2h", guestId: "g1", minute: 2, checkIn: null, guests: 1 });
    expect(await h.repo.listBookingAttempts("h1", 10)).toEqual([
      {
        id: "a2",
        guestHouseId: "g1h",
        guestHouseName: "House g1h",
        guestName: "",
        attemptDate: at(3),
        checkIn: null,
        checkOut: null,
        guests: null,
      },
      {
        id: "a1",
        guestHouseId: "g1h",
        guestHouseName: "House g1h",
        guestName: "Ada Guest",
        attemptDate: at(1),
        checkIn: "2026-12-01",
        checkOut: "2026-12-01",
        guests: 2,
      },
    ]);
    expect((await h.repo.listBookingAttempts("h1", 1)).map((a) => a.id)).toEqual(["a2"]);
  });

  it("commits the change and its audit row together, and rolls both back when the work throws", async () => {
    await h.repo.saveSubmission(verification("h1", 0));
    const review = (reason: string, fail: boolean) =>
      h.uow.run(async ({ hosting, auditLog }) => {
        await hosting.review("h1", { status: "rejected", reviewedAt: at(5), reviewedBy: "admin", rejectReason: reason });
        await auditLog.record({
          id: `log-${reason}`,
          actorId: "admin",
          action: "admin.host_rejected",
          data: { target: "host:h1", reason },
          at: at(5),
        });
        if (fail) throw new Error("boom");
      });
    await expect(review("First", true)).rejects.toThrow("boom");
    expect(await h.repo.findVerification("h1")).toMatchObject({ status: "pending", rejectReason: null });
    expect(await h.auditLog.list({ action: "admin.host_rejected", limit: 5 })).toEqual([]);
    await review("Second", false);
    expect(await h.repo.findVerification("h1")).toMatchObject({ status: "rejected", rejectReason: "Second" });
    expect(await h.auditLog.list({ action: "admin.host_rejected", limit: 5 })).toMatchObject([
      { id: "log-Second", data: { target: "host:h1", reason: "Second" } },
    ]);
  });
});
