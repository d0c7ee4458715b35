import type { SavedSearch } from "./saved-search.entity";
import type { SavedSearchRepository, SavedSearchWithRecipient } from "./saved-search-repository.port";

export class InMemorySavedSearchRepository implements SavedSearchRepository {
  readonly searches: SavedSearch[] = [];
  readonly users = new Map<string, { email: string; fullName: string; language: "en" | "fr" }>();

  putUser(id: string, email: string, fullName = id, language: "en" | "fr" = "en"): void {
    this.users.set(id, { email, fullName, language });
  }

  async countFor(userId: string): Promise<number> {
    return this.searches.filter((s) => s.userId === userId).length;
  }

  // Synchronous from check to push: one step, like the database adapter's transaction.
  async addWithinLimit(search: SavedSearch, limit: number): Promise<"added" | "exists" | "limit"> {
    const mine = this.searches.filter((s) => s.userId === search.userId);
    if (mine.some((s) => s.query === search.query)) return "exists";
    if (mine.length >= limit) return "limit";
    this.searches.push({ ...search });
    return "added";
  }

  async remove(userId: string, searchId: string): Promise<boolean> {
    const i = this.searches.findIndex((s) => s.userId === userId && s.id === searchId);
    if (i < 0) return false;
    this.searches.splice(i, 1);
    return true;
  }

  async listFor(userId: string): Promise<SavedSearch[]> {
    return this.searches
      .filter((s) => s.userId === userId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .map((s) => ({ ...s }));
  }

  async listAllWithRecipients(): Promise<SavedSearchWithRecipient[]> {
    return [...this.searches]
      .filter((s) => this.users.has(s.userId))
      .sort((a, b) => a.userId.localeCompare(b.userId) || a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((s) => {
        const u = this.users.get(s.userId) ?? { email: "", fullName: "", language: "en" as const };
        return { search: { ...s }, email: u.email, fullName: u.fullName, language: u.language };
      });
  }

  async markNotified(searchIds: readonly string[], at: Date): Promise<void> {
    for (const s of this.searches) if (searchIds.includes(s.id)) s.lastNotifiedAt = at;
  }
}
