import type { HistoryRepository, PastSearch, ViewedProperty } from "./history-repository.port";

type View = { userId: string; propertyId: string; viewedAt: Date };
type Search = { id: string; userId: string; query: string; searchedAt: Date };

// Ties on time are broken by id/property id descending, the same order the Kysely adapter uses.
const newestView = (a: View, b: View) => b.viewedAt.getTime() - a.viewedAt.getTime() || b.propertyId.localeCompare(a.propertyId);
const newestSearch = (a: Search, b: Search) => b.searchedAt.getTime() - a.searchedAt.getTime() || b.id.localeCompare(a.id);

export class InMemoryHistoryRepository implements HistoryRepository {
  readonly properties = new Map<string, { hidden: boolean }>();
  private views: View[] = [];
  private searches: Search[] = [];

  putProperty(id: string, hidden = false): void {
    this.properties.set(id, { hidden });
  }

  async isVisibleProperty(propertyId: string): Promise<boolean> {
    const p = this.properties.get(propertyId);
    return p !== undefined && !p.hidden;
  }

  async upsertView(userId: string, propertyId: string, at: Date): Promise<void> {
    const existing = this.views.find((v) => v.userId === userId && v.propertyId === propertyId);
    if (existing) existing.viewedAt = at;
    else this.views.push({ userId, propertyId, viewedAt: at });
  }

  async trimViews(userId: string, keep: number): Promise<void> {
    const mine = this.views.filter((v) => v.userId === userId).sort(newestView);
    const drop = new Set(mine.slice(keep));
    this.views = this.views.filter((v) => !drop.has(v));
  }

  async listViews(userId: string, limit: number): Promise<ViewedProperty[]> {
    const mine = this.views.filter((v) => v.userId === userId && !this.properties.get(v.propertyId)?.hidden).sort(newestView);
    return mine.slice(0, limit).map((v) => ({ propertyId: v.propertyId, viewedAt: new Date(v.viewedAt) }));
  }

  async clearViews(userId: string): Promise<void> {
    this.views = this.views.filter((v) => v.userId !== userId);
  }

  async latestSearch(userId: string): Promise<PastSearch | null> {
    return (await this.listSearches(userId, 1))[0] ?? null;
  }

  async addSearch(id: string, userId: string, query: string, at: Date): Promise<void> {
    this.searches.push({ id, userId, query, searchedAt: at });
  }

  async trimSearches(userId: string, keep: number): Promise<void> {
    const drop = new Set(
      this.searches
        .filter((s) => s.userId === userId)
        .sort(newestSearch)
        .slice(keep),
    );
    this.searches = this.searches.filter((s) => !drop.has(s));
  }

  async listSearches(userId: string, limit: number): Promise<PastSearch[]> {
    return this.searches
      .filter((s) => s.userId === userId)
      .sort(newestSearch)
      .slice(0, limit)
      .map((s) => ({ query: s.query, searchedAt: new Date(s.searchedAt) }));
  }

  async clearSearches(userId: string): Promise<void> {
    this.searches = this.searches.filter((s) => s.userId !== userId);
  }
}
