import { afterEach, beforeEach, expect, it } from "vitest";
import type { Message, Thread } from "#domain/messaging/message.entity";
import { InMemoryMessageRepository } from "#domain/messaging/in-memory-message-repository";
import type { MessageRepository } from "#domain/messaging/message-repository.port";
import { KyselyMessageRepository } from "#infrastructure/repositories/kysely-message-repository";
import { allDatabaseKinds, createTestDatabase, type TestDatabase, describeEachDatabase } from "../../support/test-database";
import { insertAgent, insertProfile, insertProperty } from "./discovery-fixtures";

// Agent "agent" (business name "Buea Homes") owns p1 and p2; p3 is hidden. Students s1 (Ngozi Tabi), s2 (Paul Mbah).
async function harness(kind: string): Promise<{ repo: MessageRepository; close(): Promise<void> }> {
  if (kind === "memory") {
    const repo = new InMemoryMessageRepository();
    repo.putProperty({ id: "p1", agentId: "agent", title: "Studio in Molyko" });
    repo.putProperty({ id: "p2", agentId: "agent", title: "Room in Bomaka" });
    repo.putProperty({ id: "p3", agentId: "agent", title: "Hidden", hidden: true });
    repo.putPerson("agent", { name: "Buea Homes", email: "agent@kamernest.test" });
    repo.putPerson("s1", { name: "Ngozi Tabi", email: "s1@kamernest.test", language: "fr" });
    repo.putName("s2", "Paul Mbah");
    return { repo, close: async () => {} };
  }
  const t: TestDatabase = await createTestDatabase(kind as "sqlite" | "postgres");
  await insertAgent(t.db, { id: "agent", fullName: "Emmanuel Fon" });
  await t.db.updateTable("agents").set({ business_name: "Buea Homes" }).where("user_id", "=", "agent").execute();
  await insertProfile(t.db, { id: "s1", fullName: "Ngozi Tabi" });
  await t.db.updateTable("profiles").set({ language: "fr" }).where("id", "=", "s1").execute();
  await insertProfile(t.db, { id: "s2", fullName: "Paul Mbah" });
  await insertProperty(t.db, { id: "p1", agentId: "agent", title: "Studio in Molyko" });
  await insertProperty(t.db, { id: "p2", agentId: "agent", title: "Room in Bomaka" });
  await insertProperty(t.db, { id: "p3", agentId: "agent", title: "Hidden", hiddenAt: "2026-11-01T00:00:00.000Z" });
  return { repo: new KyselyMessageRepository(t.db), close: () => t.destroy() };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
const thread = (id: string, studentId: string, propertyId: string, minute = 0): Thread => ({
  id,
  propertyId,
  studentId,
  agentId: "agent",
  createdAt: at(minute),
  lastMessageAt: at(minute),
});
const message = (id: string, threadId: string, senderId: string, minute: number, body = `message ${id}`): Message => ({
  id,
  threadId,
  senderId,
  body,
  readAt: null,
  createdAt: at(minute),
});

describeEachDatabase(["memory", ...allDatabaseKinds()])("MessageRepository on %s", (kind) => {
  let h: { repo: MessageRepository; close(): Promise<void> };
  beforeEach(async () => {
    h = await harness(kind);
  });
  afterEach(() => h.close());

  it("finds only visible listings to write about", async () => {
    expect(await h.repo.findContactableProperty("p1")).toEqual({ id: "p1", agentId: "agent", title: "Studio in Molyko" });
    expect(await h.repo.findContactableProperty("p3")).toBeNull();
    expect(await h.repo.findContactableProperty("nope")).toBeNull();
  });

  it("creates a thread once and returns the existing one afterwards", async () => {
    expect(await h.repo.findOrCreateThread(thread("t1", "s1", "p1"))).toEqual(thread("t1", "s1", "p1"));
    expect(await h.repo.findOrCreateThread(thread("t2", "s1", "p1", 5))).toEqual(thread("t1", "s1", "p1"));
    expect((await h.repo.findOrCreateThread(thread("t3", "s2", "p1"))).id).toBe("t3");
    expect((await h.repo.findOrCreateThread(thread("t4", "s1", "p2"))).id).toBe("t4");
    expect(await h.repo.findThread("t2")).toBeNull();
    expect(await h.repo.findThread("t3")).toEqual(thread("t3", "s2", "p1"));
  });

  it("stores messages oldest first and moves the thread's last activity", async () => {
    await h.repo.findOrCreateThread(thread("t1", "s1", "p1"));
    await h.repo.addMessage(message("m2", "t1", "agent", 2));
    await h.repo.addMessage(message("m1", "t1", "s1", 1));
    expect((await h.repo.listMessages("t1")).map((m) => m.id)).toEqual(["m1", "m2"]);
    expect((await h.repo.findThread("t1"))?.lastMessageAt).toEqual(at(2));
    expect(await h.repo.listMessages("t1")).toContainEqual(message("m1", "t1", "s1", 1));
  });

  it("summarises threads per viewer: names, last message and unread count, latest first", async () => {
    await h.repo.findOrCreateThread(thread("t1", "s1", "p1"));
    await h.repo.findOrCreateThread(thread("t2", "s1", "p2"));
    await h.repo.findOrCreateThread(thread("t3", "s2", "p1"));
    await h.repo.addMessage(message("m1", "t1", "s1", 1, "Hello"));
    await h.repo.addMessage(message("m2", "t1", "s1", 2, "Still free?"));
    await h.repo.addMessage(message("m3", "t2", "s1", 3, "Bomaka?"));
    await h.repo.addMessage(message("m4", "t1", "agent", 4, "Yes"));

    const forAgent = await h.repo.listThreadsFor("agent");
    expect(forAgent.map((t) => [t.id, t.unreadCount, t.lastMessage?.body ?? null])).toEqual([
      ["t1", 2, "Yes"],
      ["t2", 1, "Bomaka?"],
      ["t3", 0, null],
    ]);
    expect(forAgent[0]).toMatchObject({
      propertyTitle: "Studio in Molyko",
      studentName: "Ngozi Tabi",
      agentName: "Buea Homes",
      lastMessage: { body: "Yes", senderId: "agent", createdAt: at(4) },
      lastMessageAt: at(4),
    });
    const forS1 = await h.repo.listThreadsFor("s1");
    expect(forS1.map((t) => [t.id, t.unreadCount])).toEqual([
      ["t1", 1],
      ["t2", 0],
    ]);
    expect(await h.repo.listThreadsFor("s2")).toHaveLength(1);
    expect((await h.repo.findThreadSummary("t1", "s1"))?.unreadCount).toBe(1);
    expect(await h.repo.findThreadSummary("nope", "s1")).toBeNull();
  });

  it("marks the other side's messages read and counts unread across threads", async () => {
    await h.repo.findOrCreateThread(thread("t1", "s1", "p1"));
    await h.repo.findOrCreateThread(thread("t2", "s2", "p1"));
    await h.repo.addMessage(message("m1", "t1", "s1", 1));
    await h.repo.addMessage(message("m2", "t1", "agent", 2));
    await h.repo.addMessage(message("m3", "t2", "s2", 3));
    expect(await h.repo.unreadCount("agent")).toBe(2);
    expect(await h.repo.unreadCount("s1")).toBe(1);
    await h.repo.markRead("t1", "agent", at(5));
    expect(await h.repo.unreadCount("agent")).toBe(1);
    expect(await h.repo.unreadCount("s1")).toBe(1);
    const msgs = await h.repo.listMessages("t1");
    expect(msgs.map((m) => [m.id, m.readAt])).toEqual([
      ["m1", at(5)],
      ["m2", null],
    ]);
  });

  it("finds a participant's name, e-mail and own language; the agent goes by the business name", async () => {
    expect(await h.repo.findParticipant("s1")).toEqual({ id: "s1", name: "Ngozi Tabi", email: "s1@kamernest.test", language: "fr" });
    expect(await h.repo.findParticipant("agent")).toEqual({
      id: "agent",
      name: "Buea Homes",
      email: "agent@kamernest.test",
      language: "en",
    });
    expect(await h.repo.findParticipant("nobody")).toBeNull();
  });

  it("gives each side of a thread one notice slot per window", async () => {
    await h.repo.findOrCreateThread(thread("t1", "s1", "p1"));
    await h.repo.findOrCreateThread(thread("t2", "s2", "p1"));
    // First notice: free. Then not again until the last one is at or before notBefore.
    expect(await h.repo.claimNotice("t1", "agent", at(10), at(0))).toBe(true);
    expect(await h.repo.claimNotice("t1", "agent", at(20), at(9))).toBe(false);
    expect(await h.repo.claimNotice("t1", "agent", at(30), at(10))).toBe(true);
    expect(await h.repo.claimNotice("t1", "agent", at(31), at(29))).toBe(false);
    // The other side and another thread have their own slots.
    expect(await h.repo.claimNotice("t1", "student", at(31), at(29))).toBe(true);
    expect(await h.repo.claimNotice("t2", "agent", at(31), at(29))).toBe(true);
    expect(await h.repo.claimNotice("nope", "agent", at(31), at(0))).toBe(false);
  });

  it("hands a free notice slot to only one of two claims at once", async () => {
    await h.repo.findOrCreateThread(thread("t1", "s1", "p1"));
    const claims = await Promise.all([1, 2, 3].map(() => h.repo.claimNotice("t1", "agent", at(10), at(0))));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
