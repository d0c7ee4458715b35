// The booking forms kept while their guests pay the access (decision 0243), the same on the
// in-memory adapter, SQLite and PostgreSQL: one per guest and house, replaced when typed again, read
// back only by their author and only while fresh, the latest one across houses, forgotten by
// booking (that house only, with the attempt), by signing out (all of the guest's) and by age.
import { afterEach, beforeEach, expect, it } from "vitest";
import { allDatabaseKinds, describeEachDatabase, type DatabaseKind } from "../../support/test-database";
import { KyselyBookingAttemptRepository } from "#infrastructure/repositories/kysely-guest-house-booking";
import { InMemoryBookingAttemptRepository } from "#domain/guest-house-booking/in-memory-guest-house-booking";
import type { BookingAttemptRepository } from "#domain/guest-house-booking/booking-attempt-repository.port";
import type { BookingDraft } from "#domain/guest-house-booking/booking-draft";
import { insertProfile, repositoryHarness, type RepositoryHarness } from "./discovery-fixtures";

const stamp = "2026-11-01T10:00:00.000Z";
const at = (iso: string) => new Date(iso);
const long = "Nous arrivons de Douala — merci ’beaucoup’ ".repeat(23).slice(0, 1000);

const draft = (over: Partial<BookingDraft> = {}): BookingDraft => ({
  userId: "u1",
  guestHouseId: "h1",
  checkIn: "2026-11-20",
  checkOut: "2026-11-22",
  guests: 2,
  message: "Arriving by bus.",
  savedAt: at("2026-11-01T10:00:00.000Z"),
  ...over,
});

/** Two guests, and a host with two houses. */
const harness = (kind: "memory" | DatabaseKind) =>
  repositoryHarness<BookingAttemptRepository>(
    kind,
    () => new InMemoryBookingAttemptRepository(),
    (db) => new KyselyBookingAttemptRepository(db),
    async (db) => {
      for (const id of ["u1", "u2", "host"]) await insertProfile(db, { id });
      for (const id of ["h1", "h2"]) {
        await db
          .insertInto("guest_houses")
          .values({
            id,
            host_id: "host",
            name: `House ${id}`,
            neighbourhood: "Molyko",
            latitude: 4.15,
            longitude: 9.29,
            nightly_rate: 12000,
            whatsapp_number: "+237 677 12 34 56",
            seeded: 1,
            created_at: stamp,
          })
          .execute();
      }
    },
  );

const kinds = ["memory", ...allDatabaseKinds()] as const;

describeEachDatabase(kinds)("booking drafts on %s", (kind) => {
  let h: RepositoryHarness<BookingAttemptRepository>;
  let repo: BookingAttemptRepository;
  beforeEach(async () => {
    h = await harness(kind);
    repo = h.repo;
  });
  afterEach(() => h.close());

  it("keeps a draft with every field, a long message in any script included, and replaces it when typed again", async () => {
    await repo.saveDraft(draft({ message: long }));
    expect(await repo.findDraft("u1", "h1", at("2026-11-01T00:00:00.000Z"))).toEqual(draft({ message: long }));
    const again = draft({ checkIn: "2026-11-21", checkOut: "2026-11-24", guests: 1, message: "", savedAt: at("2026-11-01T11:00:00.000Z") });
    await repo.saveDraft(again);
    expect(await repo.findDraft("u1", "h1", at("2026-11-01T00:00:00.000Z"))).toEqual(again);
  });

  it("answers only its author, for its house, while it is fresh", async () => {
    await repo.saveDraft(draft());
    expect(await repo.findDraft("u2", "h1", at("2026-11-01T00:00:00.000Z"))).toBeNull();
    expect(await repo.findDraft("u1", "h2", at("2026-11-01T00:00:00.000Z"))).toBeNull();
    expect(await repo.findDraft("u1", "h1", at("2026-11-01T10:00:00.000Z"))).not.toBeNull();
    expect(await repo.findDraft("u1", "h1", at("2026-11-01T10:00:00.001Z"))).toBeNull();
  });

  it("keeps one draft per house and finds the latest", async () => {
    await repo.saveDraft(draft({ guestHouseId: "h1", savedAt: at("2026-11-01T10:00:00.000Z") }));
    await repo.saveDraft(draft({ guestHouseId: "h2", message: "Second tab.", savedAt: at("2026-11-01T10:05:00.000Z") }));
    await repo.saveDraft(draft({ userId: "u2", guestHouseId: "h1", savedAt: at("2026-11-01T10:10:00.000Z") }));
    const since = at("2026-11-01T00:00:00.000Z");
    expect((await repo.findDraft("u1", "h1", since))?.message).toBe("Arriving by bus.");
    expect((await repo.findDraft("u1", "h2", since))?.message).toBe("Second tab.");
    expect((await repo.findLatestDraft("u1", since))?.guestHouseId).toBe("h2");
    expect(await repo.findLatestDraft("u1", at("2026-11-01T10:05:00.001Z"))).toBeNull();
    expect(await repo.findLatestDraft("nobody", since)).toBeNull();
  });

  it("forgets the house's draft with the attempt booked from it, and no other", async () => {
    await repo.saveDraft(draft({ guestHouseId: "h1" }));
    await repo.saveDraft(draft({ guestHouseId: "h2" }));
    await repo.saveDraft(draft({ userId: "u2", guestHouseId: "h1" }));
    await repo.insert({
      id: "a1",
      userId: "u1",
      guestHouseId: "h1",
      attemptDate: at("2026-11-01T12:00:00.000Z"),
      checkIn: "2026-11-20",
      checkOut: "2026-11-22",
      guests: 2,
      message: "Arriving by bus.",
      language: "en",
      whatsappMessageSent: false,
    });
    const since = at("2026-11-01T00:00:00.000Z");
    expect(await repo.findOwn("u1", "a1")).not.toBeNull();
    expect(await repo.findDraft("u1", "h1", since)).toBeNull();
    expect(await repo.findDraft("u1", "h2", since)).not.toBeNull();
    expect(await repo.findDraft("u2", "h1", since)).not.toBeNull();
  });

  it("forgets all of a guest's drafts (signing out), and everyone's older than a cutoff", async () => {
    await repo.saveDraft(draft({ guestHouseId: "h1" }));
    await repo.saveDraft(draft({ guestHouseId: "h2" }));
    await repo.saveDraft(draft({ userId: "u2", guestHouseId: "h1", savedAt: at("2026-11-01T09:00:00.000Z") }));
    await repo.saveDraft(draft({ userId: "u2", guestHouseId: "h2", savedAt: at("2026-11-01T11:00:00.000Z") }));
    const since = at("2026-11-01T00:00:00.000Z");
    await repo.forgetDrafts("u1");
    expect(await repo.findLatestDraft("u1", since)).toBeNull();
    expect(await repo.findDraft("u2", "h1", since)).not.toBeNull();
    expect(await repo.forgetDraftsSavedBefore(at("2026-11-01T10:00:00.000Z"))).toBe(1);
    expect(await repo.findDraft("u2", "h1", since)).toBeNull();
    expect(await repo.findDraft("u2", "h2", since)).not.toBeNull();
  });
});
