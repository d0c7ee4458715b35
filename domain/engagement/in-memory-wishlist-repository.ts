import type { WishlistRepository } from "./wishlist-repository.port";

export class InMemoryWishlistRepository implements WishlistRepository {
  /** Known properties and whether moderation hid them. */
  readonly properties = new Map<string, { hidden: boolean }>();
  private readonly entries: { userId: string; propertyId: string; at: Date; seq: number }[] = [];
  private seq = 0;

  putProperty(id: string, hidden = false): void {
    this.properties.set(id, { hidden });
  }

  async isVisibleProperty(propertyId: string): Promise<boolean> {
    const p = this.properties.get(propertyId);
    return p !== undefined && !p.hidden;
  }

  async add(userId: string, propertyId: string, at: Date): Promise<void> {
    if (this.entries.some((e) => e.userId === userId && e.propertyId === propertyId)) return;
    this.entries.push({ userId, propertyId, at, seq: ++this.seq });
  }

  async remove(userId: string, propertyId: string): Promise<void> {
    const i = this.entries.findIndex((e) => e.userId === userId && e.propertyId === propertyId);
    if (i >= 0) this.entries.splice(i, 1);
  }

  async listIds(userId: string): Promise<string[]> {
    const visible = await Promise.all(
      this.entries.filter((e) => e.userId === userId).map(async (e) => ((await this.isVisibleProperty(e.propertyId)) ? e : null)),
    );
    return visible
      .filter((e) => e !== null)
      .sort((a, b) => b.at.getTime() - a.at.getTime() || b.propertyId.localeCompare(a.propertyId))
      .map((e) => e.propertyId);
  }
}
