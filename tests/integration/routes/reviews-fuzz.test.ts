// Fuzzed reviews, replies and viewing outcomes (fast-check). Two students and the listing's agent
// post mostly valid forms naming their own bookings, each other's, and garbage. Never a 500, only
// the expected statuses, and the tables keep the rules: a rating in 1..5, one review per confirmed
// viewing and by that viewing's student, replies only by the reviewed agent, one commission of
// exactly 5 000 FCFA per confirmed viewing and none for a no-show.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentRoute from "~/routes/agent+/$id";
import * as confirmViewingRoute from "~/routes/confirm-viewing";
import { RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX, REVIEW_REPLY_MAX } from "#domain/reviews/review.entity";
import { VISITATION_COMMISSION_XAF } from "#domain/commission/commission.entity";
import { addDays, doualaDate } from "#domain/booking/visit-date";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";
import { databaseKinds } from "../../support/test-database";
import { insertBooking, insertProperty } from "../contract/discovery-fixtures";
import { CONTROL, RUNS, expectLocalRedirect, expectStatus, form, maybe, postForm, weird } from "./fuzz-support";

const TIMES = ["9:00 AM", "10:00 AM", "11:00 AM", "12:00 PM", "1:00 PM", "2:00 PM", "3:00 PM", "4:00 PM"];

describe.each(databaseKinds())("fuzzed reviews and viewing outcomes (%s)", (kind) => {
  let h: RouteHarness;
  let agentId: string;
  let otherAgentId: string;
  const people: Array<{ id: string; jar: CookieJar }> = [];
  /** Bookings by owner: reviewable (viewing confirmed), due (visit today or before, outcome open), and others. */
  const bookings: Array<{ id: string; studentId: string; propertyId: string }> = [];

  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    const agent = await createPersona(h, "approvedAgent");
    const otherAgent = await createPersona(h, "approvedAgent");
    agentId = agent.id;
    otherAgentId = otherAgent.id;
    await insertProperty(h.database.db, { id: `rv-prop-a-${kind}`, agentId });
    await insertProperty(h.database.db, { id: `rv-prop-b-${kind}`, agentId: otherAgentId });
    const students = [await createPersona(h, "student"), await createPersona(h, "student")];
    for (const s of [...students, agent]) people.push({ id: s.id, jar: await signedInJar(h, s.id) });
    const today = doualaDate(new Date());
    let n = 0;
    for (const s of students) {
      for (const propertyId of [`rv-prop-a-${kind}`, `rv-prop-b-${kind}`]) {
        // Reviewable, due for an outcome (today, yesterday), not yet due (tomorrow), and a pending one.
        const cases: Array<{ status: string; outcome: "confirmed" | null; date: string }> = [
          { status: "confirmed", outcome: "confirmed", date: addDays(today, -5) },
          { status: "confirmed", outcome: "confirmed", date: addDays(today, -4) },
          { status: "confirmed", outcome: null, date: today },
          { status: "confirmed", outcome: null, date: addDays(today, -1) },
          { status: "confirmed", outcome: null, date: addDays(today, 1) },
          { status: "pending", outcome: null, date: addDays(today, -2) },
        ];
        for (const c of cases) {
          n += 1;
          const id = `rv-bk-${kind}-${n}`;
          await insertBooking(h.database.db, {
            id,
            propertyId,
            studentId: s.id,
            bookingStatus: c.status,
            viewingOutcome: c.outcome,
            visitDate: c.date,
            visitTime: TIMES[n % TIMES.length],
          });
          bookings.push({ id, studentId: s.id, propertyId });
        }
      }
    }
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  const bookingId = () =>
    fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...bookings.map((b) => b.id)) }, { weight: 1, arbitrary: weird });

  it(`reviews and replies: ${RUNS * 2} forms, never a 500, only valid reviews and replies stored`, async () => {
    const seen = new Set<number>();
    const reviewForm = form({
      intent: maybe(fc.constant("review")),
      bookingId: maybe(bookingId()),
      rating: maybe(
        fc.oneof(fc.integer({ min: RATING_MIN, max: RATING_MAX }).map(String), fc.constantFrom("0", "6", "4.5", "-1", "1e3", " 3 ")),
      ),
      comment: maybe(fc.constantFrom("", "  Very helpful  ", "x".repeat(REVIEW_COMMENT_MAX), "x".repeat(REVIEW_COMMENT_MAX + 1))),
      studentId: weird,
      agentId: weird,
    });
    const reviewIds = async () => (await h.database.db.selectFrom("reviews").select("id").execute()).map((r) => r.id);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(people.length - 1),
        fc.constantFrom(agentId, otherAgentId, "no-such-agent"),
        fc.boolean(),
        reviewForm,
        fc.nat(),
        form({
          intent: maybe(fc.constant("reply")),
          reply: maybe(fc.constantFrom("Thank you!", "   ", "x".repeat(REVIEW_REPLY_MAX), "x".repeat(REVIEW_REPLY_MAX + 1))),
        }),
        async (who, pageAgent, reply, review, pick, replyFields) => {
          const ids = await reviewIds();
          const fields = reply
            ? { ...replyFields, reviewId: ids.length > 0 && pick % 5 !== 0 ? ids[pick % ids.length] : String(pick) }
            : review;
          const r = await postForm(h, agentRoute, `/agent/${pageAgent}`, fields, {
            jar: people[who].jar.clone(),
            params: { id: pageAgent },
          });
          expectStatus(r, [302, 400, 403, 404, 409], reply ? "reply" : "review");
          expectLocalRedirect(r);
          seen.add(r.status);
        },
      ),
      {
        numRuns: RUNS * 2,
        // bookings[0]: the first student's confirmed viewing, reviewable; then a form without a rating.
        examples: [
          [0, agentId, false, { intent: "review", bookingId: bookings[0].id, rating: "5", comment: " Helpful " }, 0, {}],
          [0, agentId, false, { intent: "review", bookingId: bookings[1].id }, 0, {}],
        ],
      },
    );
    expect([...seen]).toEqual(expect.arrayContaining([302, 400]));

    const reviews = await h.database.db.selectFrom("reviews").selectAll().execute();
    const rows = await h.database.db
      .selectFrom("bookings")
      .innerJoin("properties", "properties.id", "bookings.property_id")
      .select(["bookings.id", "bookings.student_id", "bookings.booking_status", "bookings.viewing_outcome", "properties.agent_id"])
      .execute();
    expect(reviews.length).toBeGreaterThan(0);
    const perBooking = new Set<string>();
    for (const review of reviews) {
      const where = `review ${review.id}`;
      expect(Number.isInteger(Number(review.rating)), where).toBe(true);
      expect(Number(review.rating), where).toBeGreaterThanOrEqual(RATING_MIN);
      expect(Number(review.rating), where).toBeLessThanOrEqual(RATING_MAX);
      expect(review.comment, where).toBe(review.comment.trim());
      expect(review.comment.length, where).toBeLessThanOrEqual(REVIEW_COMMENT_MAX);
      expect(CONTROL.test(review.comment), where).toBe(false);
      expect(perBooking.has(review.booking_id), `two reviews of booking ${review.booking_id}`).toBe(false);
      perBooking.add(review.booking_id);
      const booking = rows.find((b) => b.id === review.booking_id);
      expect(booking, where).toBeDefined();
      expect(booking!.student_id, where).toBe(review.student_id);
      expect(booking!.booking_status, where).toBe("confirmed");
      expect(booking!.viewing_outcome, where).toBe("confirmed");
      expect(review.agent_id, where).toBe(booking!.agent_id);
      expect(review.student_id, "an agent reviewed themself").not.toBe(review.agent_id);
      if (review.reply !== null) {
        expect(review.reply, where).toBe(review.reply.trim());
        expect(review.reply.length, where).toBeGreaterThan(0);
        expect(review.reply.length, where).toBeLessThanOrEqual(REVIEW_REPLY_MAX);
        expect(review.replied_at, where).not.toBeNull();
      }
    }
    // Only agentId posted replies in this run; the other agent's reviews stay unanswered.
    for (const review of reviews.filter((r) => r.agent_id !== agentId)) expect(review.reply).toBeNull();
  }, 120_000);

  it(`viewing outcomes: ${RUNS} forms, never a 500, only the student's own due visit, at most one commission per agent, student and period`, async () => {
    const seen = new Set<number>();
    const dueBefore = new Set(
      (
        await h.database.db
          .selectFrom("bookings")
          .select(["id"])
          .where("viewing_outcome", "is", null)
          .where("booking_status", "=", "confirmed")
          .where("visit_date", "<=", doualaDate(new Date()))
          .execute()
      ).map((b) => b.id),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.nat(people.length - 1),
        form({
          bookingId: maybe(bookingId()),
          outcome: maybe(fc.constantFrom("confirmed", "confirmed", "no_show")),
          studentId: weird,
          amount: weird,
        }),
        async (who, fields) => {
          const r = await postForm(h, confirmViewingRoute, "/confirm-viewing", fields, { jar: people[who].jar.clone() });
          expectStatus(r, [302, 400, 403, 404, 409], "confirm viewing");
          expectLocalRedirect(r);
          seen.add(r.status);
          if (r.status === 302) {
            const booking = bookings.find((b) => b.id === String(fields.bookingId).trim());
            expect(booking?.studentId, "an outcome recorded by someone else than the booking's student").toBe(people[who].id);
          }
        },
      ),
      {
        numRuns: RUNS,
        // bookings[2]: the first student's visit today, due.
        examples: [
          [0, { bookingId: bookings[2].id, outcome: "confirmed" }],
          [0, { bookingId: bookings[3].id, outcome: "maybe" }],
        ],
      },
    );
    expect([...seen]).toEqual(expect.arrayContaining([302, 400]));

    const rows = await h.database.db
      .selectFrom("bookings")
      .innerJoin("properties", "properties.id", "bookings.property_id")
      .select(["bookings.id", "bookings.viewing_outcome", "bookings.student_id", "properties.agent_id", "bookings.property_id"])
      .execute();
    const earnings = await h.database.db.selectFrom("commission_earnings").selectAll().execute();
    // One student's confirmed viewings earn an agent at most one commission per subscription
    // period (decision 0108): each (agent, student, period) has at most one row, and every
    // agent and student with a confirmed viewing has been paid once for it.
    const periods = new Set<string>();
    for (const e of earnings) {
      const key = `${e.agent_id} ${e.student_id} ${e.period_key}`;
      expect(periods.has(key), `two commissions in one period: ${key}`).toBe(false);
      periods.add(key);
    }
    for (const b of rows) {
      const mine = earnings.filter((e) => e.booking_id === b.id);
      if (dueBefore.has(b.id) && b.viewing_outcome === "confirmed") {
        expect(mine.length, `commissions of ${b.id}`).toBeLessThanOrEqual(1);
        expect(
          earnings.some((e) => e.agent_id === b.agent_id && e.student_id === b.student_id),
          `no commission for ${b.id}'s agent and student`,
        ).toBe(true);
        for (const e of mine) {
          expect(Number(e.amount)).toBe(VISITATION_COMMISSION_XAF);
          expect(e.agent_id).toBe(b.agent_id);
          expect(e.property_id).toBe(b.property_id);
          expect(e.type).toBe("visitation");
        }
      } else {
        expect(mine, `a commission for ${b.id} (${b.viewing_outcome})`).toEqual([]);
      }
      // An outcome only where one was due: never on a pending booking or a visit still to come.
      if (!dueBefore.has(b.id) && b.viewing_outcome !== null)
        expect(bookings.find((x) => x.id === b.id) && b.viewing_outcome).toBe("confirmed");
    }
    const changed = rows.filter((b) => dueBefore.has(b.id) && b.viewing_outcome !== null);
    expect(changed.length).toBeGreaterThan(0);
    const notDue = await h.database.db
      .selectFrom("bookings")
      .select(["id", "viewing_outcome"])
      .where((eb) => eb.or([eb("booking_status", "!=", "confirmed"), eb("visit_date", ">", doualaDate(new Date()))]))
      .execute();
    for (const b of notDue) expect(b.viewing_outcome, `outcome on ${b.id}, not due`).toBeNull();
  }, 120_000);
});
