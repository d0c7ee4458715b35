import { afterEach, beforeEach, expect, it } from "vitest";
import { InMemorySavedSearchRepository } from "#domain/alerts/in-memory-saved-search-repository";
import type { SavedSearch } from "#domain/alerts/saved-search.entity";
import type { SavedSearchRepository } from "#domain/alerts/saved-search-repository.port";
import { KyselySavedSearchRepository } from "#infrastructure/repositories/kysely-saved-search-repository";
import { allDatabaseKinds, createTestDatabase, type TestDatabase, describeEachDatabase } from "../../support/test-database";
import { insertProfile } from "./discovery-fixtures";

async function harness(kind: string): Promise<{ repo: SavedSearchRepository; close(): Promise<void> }> {
  if (kind === "memory") {
    const repo = new InMemorySavedSearchRepository();
    repo.putUser("u1", "ngozi@example.cm", "Ngozi Tabi");
    repo.putUser("u2", "paul@example.cm", "Paul Mbah", "fr");
    return { repo, close: async () => {} };
  }
  const t: TestDatabase = await createTestDatabase(kind as "sqlite" | "postgres");
  await insertProfile(t.db, { id: "u1", email: "ngozi@example.cm", fullName: "Ngozi Tabi" });
  await insertProfile(t.db, { id: "u2", email: "paul@example.cm", fullName: "Paul Mbah" });
  await t.db.updateTable("profiles").set({ language: "fr" }).where("id", "=", "u2").execute();
  return { repo: new KyselySavedSearchRepository(t.db), close: () => t.destroy() };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
const search = (id: string, userId: string, query: string, minute: number): SavedSearch => ({
  id,
  userId,
  query,
  lastNotifiedAt: at(minute),
  createdAt: at(minute),
});

describeEachDatabase(["memory", ...allDatabaseKinds()])("SavedSearchRepository on %s", (kind) => {
  let h: { repo: SavedSearchRepository; close(): Promise<void> };
  beforeEach(async () => {
    h = await harness(kind);
  });
  afterEach(() => h.close());

  it("never passes the limit, also when one user saves many searches at the same moment", async () => {
    expect(await h.repo.addWithinLimit(search("s0", "u1", "n=Molyko", 0), 3)).toBe("added");
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => h.repo.addWithinLimit(search(`s${i + 1}`, "u1", `max=${20_000 + i}`, i + 1), 3)),
    );
    expect(outcomes.filter((o) => o === "added")).toHaveLength(2);
    expect(outcomes.filter((o) => o === "limit")).toHaveLength(6);
    expect(await h.repo.countFor("u1")).toBe(3);
    // The limit is per user, and a duplicate is told apart from a full list.
    expect(await h.repo.addWithinLimit(search("s9", "u1", "n=Molyko", 9), 3)).toBe("exists");
    expect(await h.repo.addWithinLimit(search("s10", "u2", "n=Molyko", 10), 3)).toBe("added");
  });

  it("adds, refuses a duplicate per user, counts and lists newest first", async () => {
    expect(await h.repo.addWithinLimit(search("s1", "u1", "n=Molyko", 1), 10)).toBe("added");
    expect(await h.repo.addWithinLimit(search("s2", "u1", "n=Molyko", 2), 10)).toBe("exists");
    expect(await h.repo.addWithinLimit(search("s3", "u1", "n=Muea", 3), 10)).toBe("added");
    expect(await h.repo.addWithinLimit(search("s4", "u2", "n=Molyko", 4), 10)).toBe("added");
    expect(await h.repo.countFor("u1")).toBe(2);
    expect(await h.repo.listFor("u1")).toEqual([search("s3", "u1", "n=Muea", 3), search("s1", "u1", "n=Molyko", 1)]);
  });

  it("removes only the owner's search", async () => {
    await h.repo.addWithinLimit(search("s1", "u1", "n=Molyko", 1), 10);
    expect(await h.repo.remove("u2", "s1")).toBe(false);
    expect(await h.repo.remove("u1", "s1")).toBe(true);
    expect(await h.repo.remove("u1", "s1")).toBe(false);
    expect(await h.repo.countFor("u1")).toBe(0);
  });

  it("lists every search with its recipient, grouped by user, and marks them notified", async () => {
    await h.repo.addWithinLimit(search("s3", "u2", "n=Muea", 1), 10);
    await h.repo.addWithinLimit(search("s2", "u1", "max=30000", 2), 10);
    await h.repo.addWithinLimit(search("s1", "u1", "n=Molyko", 1), 10);
    const all = await h.repo.listAllWithRecipients();
    // With the language of each recipient's e-mails, for a digest they can read.
    expect(all.map((r) => [r.search.id, r.email, r.fullName, r.language])).toEqual([
      ["s1", "ngozi@example.cm", "Ngozi Tabi", "en"],
      ["s2", "ngozi@example.cm", "Ngozi Tabi", "en"],
      ["s3", "paul@example.cm", "Paul Mbah", "fr"],
    ]);
    await h.repo.markNotified(["s1", "s3"], at(30));
    await h.repo.markNotified([], at(40));
    const after = await h.repo.listAllWithRecipients();
    expect(after.map((r) => [r.search.id, r.search.lastNotifiedAt])).toEqual([
      ["s1", at(30)],
      ["s2", at(2)],
      ["s3", at(30)],
    ]);
  });
});
