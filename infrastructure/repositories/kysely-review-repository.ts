import type { Kysely, Selectable } from "kysely";
import type { Review, Viewing } from "#domain/reviews/review.entity";
import type { ReviewRepository, ReviewWithAuthor } from "#domain/reviews/review-repository.port";
import type { Database, ReviewsTable } from "../db/schema";

function toReview(r: Selectable<ReviewsTable>): Review {
  return {
    id: r.id,
    agentId: r.agent_id,
    studentId: r.student_id,
    bookingId: r.booking_id,
    rating: Number(r.rating),
    comment: r.comment,
    reply: r.reply,
    repliedAt: r.replied_at ? new Date(r.replied_at) : null,
    createdAt: new Date(r.created_at),
  };
}

export class KyselyReviewRepository implements ReviewRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private viewings() {
    return this.db
      .selectFrom("bookings as b")
      .innerJoin("properties as p", "p.id", "b.property_id")
      .innerJoin("profiles as a", "a.id", "p.agent_id")
      .leftJoin("agents as ag", "ag.user_id", "p.agent_id")
      .select([
        "b.id as booking_id",
        "b.student_id",
        "b.visit_date",
        "b.booking_status",
        "b.viewing_outcome",
        "p.id as property_id",
        "p.title",
        "p.agent_id",
        "a.full_name",
        "ag.business_name",
      ]);
  }

  private static toViewing(r: {
    booking_id: string;
    student_id: string;
    visit_date: string;
    booking_status: string;
    viewing_outcome: string | null;
    property_id: string;
    title: string;
    agent_id: string;
    full_name: string;
    business_name: string | null;
  }): Viewing {
    return {
      bookingId: r.booking_id,
      studentId: r.student_id,
      agentId: r.agent_id,
      agentName: r.business_name || r.full_name,
      propertyId: r.property_id,
      propertyTitle: r.title,
      visitDate: r.visit_date,
      confirmed: r.booking_status === "confirmed" && r.viewing_outcome === "confirmed",
    };
  }

  async findViewing(bookingId: string): Promise<Viewing | null> {
    const row = await this.viewings().where("b.id", "=", bookingId).executeTakeFirst();
    return row ? KyselyReviewRepository.toViewing(row) : null;
  }

  async add(review: Review): Promise<boolean> {
    const inserted = await this.db
      .insertInto("reviews")
      .values({
        id: review.id,
        agent_id: review.agentId,
        student_id: review.studentId,
        booking_id: review.bookingId,
        rating: review.rating,
        comment: review.comment,
        reply: review.reply,
        replied_at: review.repliedAt?.toISOString() ?? null,
        created_at: review.createdAt.toISOString(),
      })
      .onConflict((oc) => oc.column("booking_id").doNothing())
      .returning("id")
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async findById(reviewId: string): Promise<Review | null> {
    const row = await this.db.selectFrom("reviews").selectAll().where("id", "=", reviewId).executeTakeFirst();
    return row ? toReview(row) : null;
  }

  async saveReply(reviewId: string, reply: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("reviews")
      .set({ reply, replied_at: at.toISOString() })
      .where("id", "=", reviewId)
      .where("reply", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async listForAgent(agentId: string): Promise<ReviewWithAuthor[]> {
    const rows = await this.db
      .selectFrom("reviews as r")
      .innerJoin("profiles as s", "s.id", "r.student_id")
      .selectAll("r")
      .select("s.full_name")
      .where("r.agent_id", "=", agentId)
      .orderBy("r.created_at", "desc")
      .orderBy("r.id", "desc")
      .execute();
    return rows.map((r) => ({ ...toReview(r), studentFullName: r.full_name }));
  }

  async unreviewedConfirmedViewings(studentId: string): Promise<Viewing[]> {
    const rows = await this.viewings()
      .leftJoin("reviews as r", "r.booking_id", "b.id")
      .where("b.student_id", "=", studentId)
      .where("b.booking_status", "=", "confirmed")
      .where("b.viewing_outcome", "=", "confirmed")
      // Never prompt an agent to rate themselves (rateAgent refuses it).
      .whereRef("p.agent_id", "<>", "b.student_id")
      .where("r.id", "is", null)
      .orderBy("b.visit_date", "desc")
      .orderBy("b.id", "desc")
      .execute();
    return rows.map(KyselyReviewRepository.toViewing);
  }
}
