import { afterEach, beforeEach, expect, it } from "vitest";
import type { Review } from "#domain/reviews/review.entity";
import { InMemoryReviewRepository } from "#domain/reviews/in-memory-review-repository";
import type { ReviewRepository } from "#domain/reviews/review-repository.port";
import { KyselyReviewRepository } from "#infrastructure/repositories/kysely-review-repository";
import { allDatabaseKinds, createTestDatabase, type TestDatabase, describeEachDatabase } from "../../support/test-database";
import { insertAgent, insertBooking, insertProfile, insertProperty } from "./discovery-fixtures";

// Agent a1 ("Buea Homes" as business name) owns p1; bookings:
// b1 s1 confirmed/confirmed 2026-11-10, b2 s1 confirmed/confirmed 2026-11-12, b3 s1 confirmed/no_show,
// b4 s1 cancelled/confirmed, b5 s2 confirmed/confirmed.
async function harness(kind: string): Promise<{ repo: ReviewRepository; close(): Promise<void> }> {
  if (kind === "memory") {
    const repo = new InMemoryReviewRepository();
    const base = { agentId: "a1", agentName: "Buea Homes", propertyId: "p1", propertyTitle: "Studio near the gate" };
    repo.putViewing({ ...base, bookingId: "b1", studentId: "s1", visitDate: "2026-11-10" });
    repo.putViewing({ ...base, bookingId: "b2", studentId: "s1", visitDate: "2026-11-12" });
    repo.putViewing({ ...base, bookingId: "b3", studentId: "s1", visitDate: "2026-11-13", confirmed: false });
    repo.putViewing({ ...base, bookingId: "b4", studentId: "s1", visitDate: "2026-11-14", confirmed: false });
    repo.putViewing({ ...base, bookingId: "b5", studentId: "s2", visitDate: "2026-11-10" });
    repo.putViewing({ ...base, bookingId: "b6", studentId: "a1", visitDate: "2026-11-11" });
    repo.putName("s1", "Ngozi Tabi");
    repo.putName("s2", "Paul Mbah");
    return { repo, close: async () => {} };
  }
  const t: TestDatabase = await createTestDatabase(kind as "sqlite" | "postgres");
  await insertAgent(t.db, { id: "a1" });
  await t.db.updateTable("agents").set({ business_name: "Buea Homes" }).where("user_id", "=", "a1").execute();
  await insertProfile(t.db, { id: "s1", fullName: "Ngozi Tabi" });
  await insertProfile(t.db, { id: "s2", fullName: "Paul Mbah" });
  await insertProperty(t.db, { id: "p1", agentId: "a1", title: "Studio near the gate" });
  await insertBooking(t.db, { id: "b1", propertyId: "p1", studentId: "s1", visitDate: "2026-11-10" });
  await insertBooking(t.db, { id: "b2", propertyId: "p1", studentId: "s1", visitDate: "2026-11-12" });
  await insertBooking(t.db, { id: "b3", propertyId: "p1", studentId: "s1", visitDate: "2026-11-13", viewingOutcome: "no_show" });
  await insertBooking(t.db, { id: "b4", propertyId: "p1", studentId: "s1", visitDate: "2026-11-14", bookingStatus: "cancelled" });
  await insertBooking(t.db, { id: "b5", propertyId: "p1", studentId: "s2", visitDate: "2026-11-10", visitTime: "11:00 AM" });
  // The agent's own visit of their listing (possible before decision 0108).
  await insertBooking(t.db, { id: "b6", propertyId: "p1", studentId: "a1", visitDate: "2026-11-11" });
  return { repo: new KyselyReviewRepository(t.db), close: () => t.destroy() };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
const review = (id: string, bookingId: string, studentId = "s1", rating = 4, minute = 1): Review => ({
  id,
  agentId: "a1",
  studentId,
  bookingId,
  rating,
  comment: "Honest agent",
  reply: null,
  repliedAt: null,
  createdAt: at(minute),
});

describeEachDatabase(["memory", ...allDatabaseKinds()])("ReviewRepository on %s", (kind) => {
  let h: { repo: ReviewRepository; close(): Promise<void> };
  beforeEach(async () => {
    h = await harness(kind);
  });
  afterEach(() => h.close());

  it("finds a viewing and whether it really took place", async () => {
    expect(await h.repo.findViewing("b1")).toEqual({
      bookingId: "b1",
      studentId: "s1",
      agentId: "a1",
      agentName: "Buea Homes",
      propertyId: "p1",
      propertyTitle: "Studio near the gate",
      visitDate: "2026-11-10",
      confirmed: true,
    });
    expect((await h.repo.findViewing("b3"))?.confirmed).toBe(false);
    expect((await h.repo.findViewing("b4"))?.confirmed).toBe(false);
    expect(await h.repo.findViewing("nope")).toBeNull();
  });

  it("stores one review per viewing", async () => {
    expect(await h.repo.add(review("r1", "b1"))).toBe(true);
    expect(await h.repo.add(review("r2", "b1"))).toBe(false);
    expect(await h.repo.findById("r1")).toEqual(review("r1", "b1"));
    expect(await h.repo.findById("r2")).toBeNull();
  });

  it("saves a reply only once", async () => {
    await h.repo.add(review("r1", "b1"));
    expect(await h.repo.saveReply("r1", "Thank you", at(5))).toBe(true);
    expect(await h.repo.saveReply("r1", "Again", at(6))).toBe(false);
    expect(await h.repo.findById("r1")).toMatchObject({ reply: "Thank you", repliedAt: at(5) });
    expect(await h.repo.saveReply("nope", "x", at(6))).toBe(false);
  });

  it("lists an agent's reviews newest first with the author's name", async () => {
    await h.repo.add(review("r1", "b1", "s1", 5, 1));
    await h.repo.add(review("r2", "b5", "s2", 3, 2));
    const list = await h.repo.listForAgent("a1");
    expect(list.map((r) => [r.id, r.studentFullName, r.rating])).toEqual([
      ["r2", "Paul Mbah", 3],
      ["r1", "Ngozi Tabi", 5],
    ]);
    expect(await h.repo.listForAgent("s1")).toEqual([]);
  });

  it("lists the student's confirmed viewings without a review, latest visit first", async () => {
    expect((await h.repo.unreviewedConfirmedViewings("s1")).map((v) => v.bookingId)).toEqual(["b2", "b1"]);
    await h.repo.add(review("r1", "b2"));
    expect((await h.repo.unreviewedConfirmedViewings("s1")).map((v) => v.bookingId)).toEqual(["b1"]);
    expect((await h.repo.unreviewedConfirmedViewings("s2")).map((v) => v.bookingId)).toEqual(["b5"]);
    // An agent is never prompted to rate themselves.
    expect(await h.repo.unreviewedConfirmedViewings("a1")).toEqual([]);
  });
});
