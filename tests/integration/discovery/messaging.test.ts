// Messaging over the real database: two first messages sent at once end in a single thread.
import { afterEach, beforeEach, expect, it } from "vitest";
import { contactAgent } from "#domain/messaging/contact-agent.use-case";
import { listThreadsFor, threadWithMessages } from "#domain/messaging/messaging.queries";
import { FixedClock } from "#domain/shared/clock";
import { InMemoryMailer } from "#domain/shared/mailer.port";
import { defaultMessageEmails } from "#infrastructure/mail/default-message-emails";
import { KyselyMessageRepository, kyselyMessagingUnitOfWork } from "#infrastructure/repositories/kysely-message-repository";
import { allDatabaseKinds, createTestDatabase, type TestDatabase, describeEachDatabase } from "../../support/test-database";
import { insertAgent, insertProfile, insertProperty } from "../contract/discovery-fixtures";

describeEachDatabase(allDatabaseKinds())("messaging on %s", (kind) => {
  let t: TestDatabase;
  const clock = new FixedClock(new Date("2026-11-20T09:00:00Z"));
  const ids = { id: () => crypto.randomUUID() };
  beforeEach(async () => {
    t = await createTestDatabase(kind);
    await insertAgent(t.db, { id: "agent" });
    await insertProfile(t.db, { id: "s1" });
    await insertProperty(t.db, { id: "p1", agentId: "agent" });
  });
  afterEach(() => t.destroy());

  it("keeps one thread, and sends one notice, when the first messages race", async () => {
    const mailer = new InMemoryMailer();
    const deps = {
      uow: kyselyMessagingUnitOfWork(t.db),
      clock,
      ids,
      mailer,
      noticeEmails: defaultMessageEmails,
      appUrl: "https://kamernest.test",
    };
    const results = await Promise.all(
      ["Hello", "Is it free?", "Can I visit?"].map((body) => contactAgent(deps, { studentId: "s1", propertyId: "p1", body })),
    );
    const threadIds = new Set(results.map((r) => (r.ok ? r.value.threadId : r.error.code)));
    expect(threadIds.size).toBe(1);
    expect(mailer.sent).toHaveLength(1);
    expect(results.filter((r) => r.ok && r.value.notice === "sent")).toHaveLength(1);
    const messages = new KyselyMessageRepository(t.db);
    const inbox = await listThreadsFor({ messages }, "agent");
    expect(inbox).toHaveLength(1);
    expect(inbox[0].unreadCount).toBe(3);
    const opened = await threadWithMessages({ messages, clock }, { userId: "agent", threadId: inbox[0].id });
    expect(opened.ok && opened.value.messages).toHaveLength(3);
    expect((await listThreadsFor({ messages }, "agent"))[0].unreadCount).toBe(0);
  });
});
