import { beforeEach, describe, expect, it } from "vitest";
import { contactAgent } from "#domain/messaging/contact-agent.use-case";
import { InMemoryMessageRepository, InMemoryMessagingUnitOfWork } from "#domain/messaging/in-memory-message-repository";
import { listThreadsFor, threadWithMessages, unreadMessageCount } from "#domain/messaging/messaging.queries";
import { replyInThread } from "#domain/messaging/reply-in-thread.use-case";
import { FixedClock, MINUTE_MS } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { InMemoryMailer } from "#domain/shared/mailer.port";
import type { MessagingDeps } from "#domain/messaging/contact-agent.use-case";
import type { MessageNoticeEmails } from "#domain/messaging/message-notice.port";

// The notice's words are the adapter's business; here each part the use case passes is visible.
const noticeEmails: MessageNoticeEmails = {
  newMessage: ({ language, recipientName, senderName, propertyTitle, link }) => ({
    subject: `[${language}] ${senderName} → ${recipientName}`,
    text: `${propertyTitle ?? "-"} ${link}`,
  }),
};

describe("messaging", () => {
  let repo: InMemoryMessageRepository;
  let clock: FixedClock;
  let deps: MessagingDeps;
  let mailer: InMemoryMailer;
  beforeEach(() => {
    repo = new InMemoryMessageRepository();
    repo.putProperty({ id: "p1", agentId: "agent", title: "Studio in Molyko" });
    repo.putProperty({ id: "p2", agentId: "agent", title: "Room in Bomaka" });
    repo.putProperty({ id: "hidden", agentId: "agent", hidden: true });
    repo.putPerson("student", { name: "Ngozi Tabi", email: "ngozi@example.cm", language: "fr" });
    repo.putPerson("agent", { name: "Buea Homes", email: "office@bueahomes.cm", language: "en" });
    clock = new FixedClock(new Date("2026-11-20T09:00:00Z"));
    mailer = new InMemoryMailer();
    deps = {
      uow: new InMemoryMessagingUnitOfWork(repo),
      clock,
      ids: new SequentialIds("m"),
      mailer,
      noticeEmails,
      appUrl: "https://kamernest.test",
    };
  });
  const later = () => clock.advance(MINUTE_MS);

  it("opens one thread per student, agent and property and reuses it", async () => {
    const first = await contactAgent(deps, { studentId: "student", propertyId: "p1", body: "  Is it still available?  " });
    later();
    const second = await contactAgent(deps, { studentId: "student", propertyId: "p1", body: "Can I visit on Saturday?" });
    later();
    const other = await contactAgent(deps, { studentId: "student", propertyId: "p2", body: "And this one?" });
    if (!first.ok || !second.ok || !other.ok) throw new Error("setup");
    expect(second.value.threadId).toBe(first.value.threadId);
    expect(other.value.threadId).not.toBe(first.value.threadId);
    const opened = await threadWithMessages({ messages: repo, clock }, { userId: "student", threadId: first.value.threadId });
    if (!opened.ok) throw new Error("open");
    expect(opened.value.messages.map((m) => [m.body, m.fromMe])).toEqual([
      ["Is it still available?", true],
      ["Can I visit on Saturday?", true],
    ]);
  });

  it("trims the body and accepts 1 to 2000 characters", async () => {
    expect(await contactAgent(deps, { studentId: "student", propertyId: "p1", body: "   " })).toEqual({
      ok: false,
      error: { code: "messages.empty_body" },
    });
    expect(await contactAgent(deps, { studentId: "student", propertyId: "p1", body: "x".repeat(2001) })).toEqual({
      ok: false,
      error: { code: "messages.body_too_long", params: { max: 2000 } },
    });
    expect((await contactAgent(deps, { studentId: "student", propertyId: "p1", body: ` ${"x".repeat(2000)} ` })).ok).toBe(true);
  });

  it("refuses a missing or hidden listing and an agent writing about their own listing", async () => {
    for (const propertyId of ["nope", "hidden"]) {
      expect(await contactAgent(deps, { studentId: "student", propertyId, body: "Hello" })).toEqual({
        ok: false,
        error: { code: "messages.property_not_found" },
      });
    }
    expect(await contactAgent(deps, { studentId: "agent", propertyId: "p1", body: "Hello" })).toEqual({
      ok: false,
      error: { code: "messages.own_listing" },
    });
    expect(repo.state.threads).toEqual([]);
  });

  it("drops control characters (NUL and the like) but keeps line breaks and tabs", async () => {
    const c = await contactAgent(deps, { studentId: "student", propertyId: "p1", body: "Hel\u0000lo\u0007\nSecond\tline\u001b" });
    expect(c.ok).toBe(true);
    expect(repo.state.messages.map((m) => m.body)).toEqual(["Hello\nSecond\tline"]);
    expect(await contactAgent(deps, { studentId: "student", propertyId: "p1", body: "\u0000\u0001 " })).toEqual({
      ok: false,
      error: { code: "messages.empty_body" },
    });
  });

  it("treats a thread id that cannot be one as an unknown thread", async () => {
    for (const threadId of ["", "a\u0000b", "x".repeat(65), "../etc", "' OR 1=1 --"]) {
      expect(await replyInThread(deps, { userId: "agent", threadId, body: "Hi" })).toEqual({
        ok: false,
        error: { code: "messages.thread_not_found" },
      });
      expect(await threadWithMessages({ messages: repo, clock }, { userId: "agent", threadId })).toEqual({
        ok: false,
        error: { code: "messages.thread_not_found" },
      });
    }
  });

  it("lets only the two sides reply", async () => {
    const c = await contactAgent(deps, { studentId: "student", propertyId: "p1", body: "Hello" });
    if (!c.ok) throw new Error("setup");
    later();
    expect((await replyInThread(deps, { userId: "agent", threadId: c.value.threadId, body: "Yes, come at 10." })).ok).toBe(true);
    expect(await replyInThread(deps, { userId: "intruder", threadId: c.value.threadId, body: "Hi" })).toEqual({
      ok: false,
      error: { code: "messages.thread_not_found" },
    });
    expect(await replyInThread(deps, { userId: "agent", threadId: "nope", body: "Hi" })).toEqual({
      ok: false,
      error: { code: "messages.thread_not_found" },
    });
    expect(await replyInThread(deps, { userId: "agent", threadId: c.value.threadId, body: "" })).toEqual({
      ok: false,
      error: { code: "messages.empty_body" },
    });
  });

  it("lists each side's inbox with the last message and unread count, and reading clears it", async () => {
    const c = await contactAgent(deps, { studentId: "student", propertyId: "p1", body: "Hello" });
    if (!c.ok) throw new Error("setup");
    later();
    await contactAgent(deps, { studentId: "student", propertyId: "p1", body: "Still there?" });
    later();
    await contactAgent(deps, { studentId: "student", propertyId: "p2", body: "Bomaka room?" });

    const agentInbox = await listThreadsFor({ messages: repo }, "agent");
    expect(agentInbox.map((t) => [t.propertyTitle, t.otherPartyName, t.role, t.unreadCount, t.lastMessage?.body])).toEqual([
      ["Room in Bomaka", "Ngozi Tabi", "agent", 1, "Bomaka room?"],
      ["Studio in Molyko", "Ngozi Tabi", "agent", 2, "Still there?"],
    ]);
    expect(await unreadMessageCount({ messages: repo }, "agent")).toBe(3);
    expect(await unreadMessageCount({ messages: repo }, "student")).toBe(0);

    later();
    const opened = await threadWithMessages({ messages: repo, clock }, { userId: "agent", threadId: c.value.threadId });
    if (!opened.ok) throw new Error("open");
    expect(opened.value.thread).toMatchObject({ otherPartyName: "Ngozi Tabi", unreadCount: 0, role: "agent" });
    expect(opened.value.messages.every((m) => !m.fromMe)).toBe(true);
    expect(await unreadMessageCount({ messages: repo }, "agent")).toBe(1);

    later();
    await replyInThread(deps, { userId: "agent", threadId: c.value.threadId, body: "Yes" });
    const studentInbox = await listThreadsFor({ messages: repo }, "student");
    expect(studentInbox[0]).toMatchObject({
      propertyTitle: "Studio in Molyko",
      otherPartyName: "Buea Homes",
      role: "student",
      unreadCount: 1,
    });
    expect(studentInbox[0].lastMessage).toEqual({ body: "Yes", fromMe: false, createdAt: clock.now() });
  });

  it("opening a thread marks only the other side's messages read", async () => {
    const c = await contactAgent(deps, { studentId: "student", propertyId: "p1", body: "Hello" });
    if (!c.ok) throw new Error("setup");
    await threadWithMessages({ messages: repo, clock }, { userId: "student", threadId: c.value.threadId });
    expect(await unreadMessageCount({ messages: repo }, "agent")).toBe(1);
    expect(await threadWithMessages({ messages: repo, clock }, { userId: "intruder", threadId: c.value.threadId })).toEqual({
      ok: false,
      error: { code: "messages.thread_not_found" },
    });
    expect(await unreadMessageCount({ messages: repo }, "agent")).toBe(1);
  });

  it("keeps no thread when storing the first message fails", async () => {
    repo.addMessage = async () => {
      throw new Error("connection lost");
    };
    await expect(contactAgent(deps, { studentId: "student", propertyId: "p1", body: "Hello" })).rejects.toThrow("connection lost");
    expect(repo.state.threads).toEqual([]);
  });

  describe("e-mail notice of a new message", () => {
    it("tells the other side once per thread per hour, in the recipient's language, with a link to their inbox", async () => {
      const first = await contactAgent(deps, { studentId: "student", propertyId: "p1", body: "Hello" });
      if (!first.ok) throw new Error("setup");
      expect(first.value.notice).toBe("sent");
      expect(mailer.sent).toEqual([
        {
          to: "office@bueahomes.cm",
          subject: "[en] Ngozi Tabi → Buea Homes",
          text: `Studio in Molyko https://kamernest.test/agents/messages?thread=${first.value.threadId}`,
        },
      ]);

      clock.advance(59 * MINUTE_MS);
      const second = await contactAgent(deps, { studentId: "student", propertyId: "p1", body: "Still there?" });
      expect(second.ok && second.value.notice).toBe("throttled");
      expect(mailer.sent).toHaveLength(1);

      // The agent's answer is the first notice to the student: the limit is per recipient.
      const reply = await replyInThread(deps, { userId: "agent", threadId: first.value.threadId, body: "Yes" });
      expect(reply.ok && reply.value.notice).toBe("sent");
      expect(mailer.sent[1]).toEqual({
        to: "ngozi@example.cm",
        subject: "[fr] Buea Homes → Ngozi Tabi",
        text: `Studio in Molyko https://kamernest.test/messages?thread=${first.value.threadId}`,
      });

      // An hour after the first notice the agent may be told again.
      clock.advance(MINUTE_MS);
      const third = await contactAgent(deps, { studentId: "student", propertyId: "p1", body: "Saturday then?" });
      expect(third.ok && third.value.notice).toBe("sent");
      expect(mailer.sent.map((m) => m.to)).toEqual(["office@bueahomes.cm", "ngozi@example.cm", "office@bueahomes.cm"]);
    });

    it("counts the hour per thread: another listing's thread gets its own notice", async () => {
      await contactAgent(deps, { studentId: "student", propertyId: "p1", body: "Hello" });
      await contactAgent(deps, { studentId: "student", propertyId: "p2", body: "And this one?" });
      expect(mailer.sent.map((m) => m.text.split(" ")[0])).toEqual(["Studio", "Room"]);
    });

    it("sends nothing for a refused message or an outsider's reply", async () => {
      const c = await contactAgent(deps, { studentId: "student", propertyId: "p1", body: "Hello" });
      if (!c.ok) throw new Error("setup");
      clock.advance(2 * 60 * MINUTE_MS);
      await replyInThread(deps, { userId: "intruder", threadId: c.value.threadId, body: "Hi" });
      await replyInThread(deps, { userId: "agent", threadId: c.value.threadId, body: "   " });
      await contactAgent(deps, { studentId: "agent", propertyId: "p1", body: "Hello" });
      expect(mailer.sent).toHaveLength(1);
    });

    it("keeps the message when the mail server fails, and says so", async () => {
      mailer.send = async () => {
        throw new Error("SMTP down");
      };
      const c = await contactAgent(deps, { studentId: "student", propertyId: "p1", body: "Hello" });
      expect(c.ok && c.value.notice).toBe("failed");
      expect(repo.state.messages.map((m) => m.body)).toEqual(["Hello"]);
    });
  });
});
