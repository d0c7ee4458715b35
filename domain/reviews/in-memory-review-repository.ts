import type { Review, Viewing } from "./review.entity";
import type { ReviewRepository, ReviewWithAuthor } from "./review-repository.port";

export class InMemoryReviewRepository implements ReviewRepository {
  readonly viewings = new Map<string, Viewing>();
  readonly reviews: Review[] = [];
  readonly names = new Map<string, string>();

  putViewing(v: Partial<Viewing> & { bookingId: string; studentId: string; agentId: string }): void {
    this.viewings.set(v.bookingId, {
      agentName: v.agentName ?? v.agentId,
      propertyId: v.propertyId ?? "p1",
      propertyTitle: v.propertyTitle ?? "Room",
      visitDate: v.visitDate ?? "2026-11-10",
      confirmed: v.confirmed ?? true,
      ...v,
    });
  }

  putName(userId: string, fullName: string): void {
    this.names.set(userId, fullName);
  }

  async findViewing(bookingId: string): Promise<Viewing | null> {
    const v = this.viewings.get(bookingId);
    return v ? { ...v } : null;
  }

  async add(review: Review): Promise<boolean> {
    if (this.reviews.some((r) => r.bookingId === review.bookingId)) return false;
    this.reviews.push({ ...review });
    return true;
  }

  async findById(reviewId: string): Promise<Review | null> {
    const r = this.reviews.find((x) => x.id === reviewId);
    return r ? { ...r } : null;
  }

  async saveReply(reviewId: string, reply: string, at: Date): Promise<boolean> {
    const r = this.reviews.find((x) => x.id === reviewId);
    if (!r || r.reply !== null) return false;
    r.reply = reply;
    r.repliedAt = at;
    return true;
  }

  async listForAgent(agentId: string): Promise<ReviewWithAuthor[]> {
    return this.reviews
      .filter((r) => r.agentId === agentId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .map((r) => ({ ...r, studentFullName: this.names.get(r.studentId) ?? "" }));
  }

  async unreviewedConfirmedViewings(studentId: string): Promise<Viewing[]> {
    const reviewed = new Set(this.reviews.map((r) => r.bookingId));
    return [...this.viewings.values()]
      .filter((v) => v.studentId === studentId && v.agentId !== studentId && v.confirmed && !reviewed.has(v.bookingId))
      .sort((a, b) => b.visitDate.localeCompare(a.visitDate) || b.bookingId.localeCompare(a.bookingId))
      .map((v) => ({ ...v }));
  }
}
