import { afterEach, beforeEach, expect, it } from "vitest";
import type { ContactMessage } from "#domain/contact/contact-message.entity";
import type { ContactMessageStore, ContactRateLimit } from "#domain/contact/contact-message-repository.port";
import { InMemoryContactMessageStore } from "#domain/contact/in-memory-contact-message-store";
import { KyselyContactMessageStore } from "#infrastructure/repositories/kysely-contact-message-store";
import { allDatabaseKinds, createTestDatabase, type TestDatabase, describeEachDatabase } from "../../support/test-database";

type Store = ContactMessageStore & ContactRateLimit;

async function harness(kind: string): Promise<{ store: Store; stored(): Promise<unknown[]>; close(): Promise<void> }> {
  if (kind === "memory") {
    const store = new InMemoryContactMessageStore();
    return { store, stored: async () => store.messages, close: async () => {} };
  }
  const t: TestDatabase = await createTestDatabase(kind as "sqlite" | "postgres");
  return {
    store: new KyselyContactMessageStore(t.db),
    stored: () => t.db.selectFrom("contact_messages").selectAll().execute(),
    close: () => t.destroy(),
  };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
const msg = (id: string, email: string, ip: string | null, minute: number): ContactMessage => ({
  id,
  name: "Ngozi",
  email,
  subject: "Hello",
  message: "A question about a listing",
  ip,
  createdAt: at(minute),
});

describeEachDatabase(["memory", ...allDatabaseKinds()])("Contact message store on %s", (kind) => {
  let h: Awaited<ReturnType<typeof harness>>;
  beforeEach(async () => {
    h = await harness(kind);
  });
  afterEach(() => h.close());

  it("saves messages", async () => {
    await h.store.save(msg("c1", "a@x.cm", "1.1.1.1", 1));
    expect(await h.stored()).toHaveLength(1);
  });

  it("counts recent submissions by address and by IP, strictly after `since`", async () => {
    await h.store.save(msg("c1", "a@x.cm", "1.1.1.1", 1));
    await h.store.save(msg("c2", "a@x.cm", "2.2.2.2", 5));
    await h.store.save(msg("c3", "b@x.cm", "1.1.1.1", 6));
    await h.store.save(msg("c4", "b@x.cm", null, 7));
    expect(await h.store.recentSubmissions({ email: "a@x.cm", ip: "1.1.1.1", since: at(0) })).toEqual({ byEmail: 2, byIp: 2 });
    expect(await h.store.recentSubmissions({ email: "a@x.cm", ip: "1.1.1.1", since: at(1) })).toEqual({ byEmail: 1, byIp: 1 });
    expect(await h.store.recentSubmissions({ email: "b@x.cm", ip: null, since: at(0) })).toEqual({ byEmail: 2, byIp: 0 });
    expect(await h.store.recentSubmissions({ email: "c@x.cm", ip: "9.9.9.9", since: at(0) })).toEqual({ byEmail: 0, byIp: 0 });
  });
});
