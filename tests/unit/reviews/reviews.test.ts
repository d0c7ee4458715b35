import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryReviewRepository } from "#domain/reviews/in-memory-review-repository";
import { rateAgent } from "#domain/reviews/rate-agent.use-case";
import { replyToReview } from "#domain/reviews/reply-to-review.use-case";
import { listReviewsForAgent, reviewableViewings } from "#domain/reviews/reviews.queries";
import { FixedClock, MINUTE_MS } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { CountingPublicPages } from "#domain/shared/public-pages.port";

describe("reviews", () => {
  let reviews: InMemoryReviewRepository;
  let clock: FixedClock;
  let deps: { reviews: InMemoryReviewRepository; clock: FixedClock; ids: SequentialIds; publicPages: CountingPublicPages };
  beforeEach(() => {
    reviews = new InMemoryReviewRepository();
    clock = new FixedClock(new Date("2026-11-20T09:00:00Z"));
    deps = { reviews, clock, ids: new SequentialIds("rv"), publicPages: new CountingPublicPages() };
    reviews.putViewing({ bookingId: "b1", studentId: "s1", agentId: "a1", visitDate: "2026-11-10" });
    reviews.putViewing({ bookingId: "b2", studentId: "s1", agentId: "a1", visitDate: "2026-11-12" });
    reviews.putViewing({ bookingId: "b3", studentId: "s1", agentId: "a1", confirmed: false });
    reviews.putViewing({ bookingId: "b4", studentId: "s2", agentId: "a1" });
    reviews.putName("s1", "Ngozi Tabi Eyong");
    reviews.putName("s2", "Paul Mbah");
  });

  it("lets a student rate the agent after a confirmed viewing", async () => {
    const r = await rateAgent(deps, { studentId: "s1", bookingId: "b1", rating: 4, comment: "  On time, honest about the water.  " });
    expect(r).toEqual({ ok: true, value: { reviewId: "rv-000001", agentId: "a1" } });
    const list = await listReviewsForAgent(deps, "a1");
    expect(list.items[0]).toMatchObject({ rating: 4, comment: "On time, honest about the water.", studentName: "Ngozi", reply: null });
  });

  it("allows one review per viewing", async () => {
    await rateAgent(deps, { studentId: "s1", bookingId: "b1", rating: 4 });
    expect(deps.publicPages.changes).toBe(1);
    expect(await rateAgent(deps, { studentId: "s1", bookingId: "b1", rating: 5 })).toEqual({
      ok: false,
      error: { code: "reviews.already_reviewed" },
    });
    // A refused review changes no public page.
    expect(deps.publicPages.changes).toBe(1);
    expect((await rateAgent(deps, { studentId: "s1", bookingId: "b2", rating: 5 })).ok).toBe(true);
  });

  it("refuses a viewing that did not take place, is someone else's, or does not exist", async () => {
    expect(await rateAgent(deps, { studentId: "s1", bookingId: "b3", rating: 3 })).toEqual({
      ok: false,
      error: { code: "reviews.viewing_not_confirmed" },
    });
    expect(await rateAgent(deps, { studentId: "s1", bookingId: "b4", rating: 3 })).toEqual({
      ok: false,
      error: { code: "reviews.viewing_not_found" },
    });
    expect(await rateAgent(deps, { studentId: "s1", bookingId: "nope", rating: 3 })).toEqual({
      ok: false,
      error: { code: "reviews.viewing_not_found" },
    });
  });

  it("accepts whole ratings from 1 to 5 and comments up to 1000 characters", async () => {
    for (const rating of [0, 6, 3.5, Number.NaN]) {
      expect(await rateAgent(deps, { studentId: "s1", bookingId: "b1", rating })).toEqual({
        ok: false,
        error: { code: "reviews.invalid_rating", params: { min: 1, max: 5 } },
      });
    }
    expect(await rateAgent(deps, { studentId: "s1", bookingId: "b1", rating: 5, comment: "x".repeat(1001) })).toEqual({
      ok: false,
      error: { code: "reviews.comment_too_long", params: { max: 1000 } },
    });
    expect((await rateAgent(deps, { studentId: "s1", bookingId: "b1", rating: 1, comment: "x".repeat(1000) })).ok).toBe(true);
  });

  it("lets the reviewed agent reply once", async () => {
    const r = await rateAgent(deps, { studentId: "s1", bookingId: "b1", rating: 2 });
    if (!r.ok) throw new Error("setup");
    clock.advance(MINUTE_MS);
    expect(await replyToReview(deps, { agentId: "a2", reviewId: r.value.reviewId, reply: "Not mine" })).toEqual({
      ok: false,
      error: { code: "reviews.review_not_found" },
    });
    expect(await replyToReview(deps, { agentId: "a1", reviewId: r.value.reviewId, reply: "   " })).toEqual({
      ok: false,
      error: { code: "reviews.empty_reply" },
    });
    expect(await replyToReview(deps, { agentId: "a1", reviewId: r.value.reviewId, reply: "y".repeat(1001) })).toEqual({
      ok: false,
      error: { code: "reviews.reply_too_long", params: { max: 1000 } },
    });
    expect(await replyToReview(deps, { agentId: "a1", reviewId: r.value.reviewId, reply: " Sorry, the taxi was late. " })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await replyToReview(deps, { agentId: "a1", reviewId: r.value.reviewId, reply: "Again" })).toEqual({
      ok: false,
      error: { code: "reviews.already_replied" },
    });
    const [item] = (await listReviewsForAgent(deps, "a1")).items;
    expect(item).toMatchObject({ reply: "Sorry, the taxi was late.", repliedAt: clock.now() });
  });

  it("lists an agent's reviews newest first with count and average", async () => {
    expect(await listReviewsForAgent(deps, "a1")).toEqual({ items: [], count: 0, averageRating: null });
    await rateAgent(deps, { studentId: "s1", bookingId: "b1", rating: 5 });
    clock.advance(MINUTE_MS);
    await rateAgent(deps, { studentId: "s1", bookingId: "b2", rating: 4 });
    clock.advance(MINUTE_MS);
    await rateAgent(deps, { studentId: "s2", bookingId: "b4", rating: 4 });
    const list = await listReviewsForAgent(deps, "a1");
    expect(list.count).toBe(3);
    expect(list.averageRating).toBe(4.3);
    expect(list.items.map((i) => i.studentName)).toEqual(["Paul", "Ngozi", "Ngozi"]);
  });

  it("offers only confirmed, not yet reviewed viewings for review", async () => {
    expect((await reviewableViewings(deps, "s1")).map((v) => v.bookingId)).toEqual(["b2", "b1"]);
    await rateAgent(deps, { studentId: "s1", bookingId: "b2", rating: 5 });
    expect((await reviewableViewings(deps, "s1")).map((v) => v.bookingId)).toEqual(["b1"]);
  });

  it("refuses an agent rating their own listing's visit, storing nothing (decision 0108)", async () => {
    reviews.putViewing({ bookingId: "own", studentId: "a1", agentId: "a1" });
    expect(await rateAgent(deps, { studentId: "a1", bookingId: "own", rating: 5 })).toEqual({
      ok: false,
      error: { code: "reviews.self_review_forbidden" },
    });
    expect(reviews.reviews).toHaveLength(0);
    // The same agent may rate another agent after a visit that took place.
    reviews.putViewing({ bookingId: "other", studentId: "a1", agentId: "a2" });
    expect((await rateAgent(deps, { studentId: "a1", bookingId: "other", rating: 5 })).ok).toBe(true);
  });

  it("refuses an agent replying to a review they wrote about themselves", async () => {
    // Such a review can only come from before the rule; it stays unanswered.
    reviews.reviews.push({
      id: "self",
      agentId: "a1",
      studentId: "a1",
      bookingId: "own",
      rating: 5,
      comment: "",
      reply: null,
      repliedAt: null,
      createdAt: clock.now(),
    });
    expect(await replyToReview(deps, { agentId: "a1", reviewId: "self", reply: "Thanks me" })).toEqual({
      ok: false,
      error: { code: "reviews.self_review_forbidden" },
    });
    expect(reviews.reviews[0].reply).toBeNull();
  });
});
