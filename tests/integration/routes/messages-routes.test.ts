// The two inboxes, /agents/messages and /messages, through their loaders and actions: each side
// reads and answers only their own threads (an attacker with a second account gets a 404 and
// stores nothing), unread counts, the e-mail notice in the recipient's language and its hourly
// limit, the guards, and fuzzed posts that never give a 500 nor store an invalid row.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as agentMessages from "~/routes/agents+/messages";
import * as studentMessages from "~/routes/messages";
import * as root from "~/root";
import { contactAgent } from "#domain/messaging/contact-agent.use-case";
import { MESSAGE_BODY_MAX } from "#domain/messaging/message.entity";
import {
  createPersona,
  createRouteHarness,
  signedInJar,
  type CookieJar,
  type FormFields,
  type RouteHarness,
} from "../../support/route-harness";
import { databaseKinds } from "../../support/test-database";
import { insertProperty } from "../contract/discovery-fixtures";

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

interface World {
  h: RouteHarness;
  agent: { id: string; email: string; jar: CookieJar };
  otherAgent: { id: string; email: string; jar: CookieJar };
  student: { id: string; email: string; jar: CookieJar };
  otherStudent: { id: string; email: string; jar: CookieJar };
  /** The student's thread with the agent about p1, started with one message. */
  threadId: string;
  /** The other student's thread with the other agent. */
  otherThreadId: string;
}

async function world(kind: "sqlite" | "postgres"): Promise<World> {
  const h = await createRouteHarness({ kind });
  const person = async (persona: "approvedAgent" | "student", fullName: string) => {
    const p = await createPersona(h, persona, { fullName });
    return { ...p, jar: await signedInJar(h, p.id) };
  };
  const agent = await person("approvedAgent", "Clovis Ngwa");
  const otherAgent = await person("approvedAgent", "Other Agent");
  const student = await person("student", "Brenda Ayuk");
  const otherStudent = await person("student", "Paul Mbah");
  // The student reads French: the agent's notice to her must be in French, whatever the agent reads.
  await h.services.accounts.repos.accounts.update(student.id, { language: "fr", updatedAt: new Date() });
  await insertProperty(h.database.db, { id: "p1", agentId: agent.id, title: "Studio in Molyko" });
  await insertProperty(h.database.db, { id: "p2", agentId: otherAgent.id, title: "Room in Bomaka" });
  const messaging = h.services.messaging;
  const first = await contactAgent(messaging, { studentId: student.id, propertyId: "p1", body: "Is the studio still free?" });
  const other = await contactAgent(messaging, { studentId: otherStudent.id, propertyId: "p2", body: "Private question" });
  if (!first.ok || !other.ok) throw new Error("setup");
  return { h, agent, otherAgent, student, otherStudent, threadId: first.value.threadId, otherThreadId: other.value.threadId };
}

const countMessages = async (h: RouteHarness) =>
  Number(
    (
      await h.database.db
        .selectFrom("messages")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const emailsTo = (h: RouteHarness, to: string) =>
  h.database.db.selectFrom("outbox_emails").selectAll().where("to_address", "=", to).orderBy("created_at").orderBy("id").execute();

describe.each(databaseKinds())("inbox routes (%s)", (kind) => {
  let w: World;
  beforeAll(async () => {
    w = await world(kind);
  }, 60_000);
  afterAll(async () => {
    await w?.h.close();
  });

  it("the agent sees their thread with its unread count; opening it marks it read", async () => {
    const list = await w.h.get(agentMessages, "/agents/messages", { jar: w.agent.jar });
    expect(list.status).toBe(200);
    expect(
      list.data.threads.map((t: { id: string; unreadCount: number; otherPartyName: string; propertyTitle: string }) => [
        t.id,
        t.unreadCount,
        t.otherPartyName,
        t.propertyTitle,
      ]),
    ).toEqual([[w.threadId, 1, "Brenda Ayuk", "Studio in Molyko"]]);
    expect(list.data.unreadTotal).toBe(1);
    expect(list.data.open).toBeNull();

    const opened = await w.h.get(agentMessages, `/agents/messages?thread=${w.threadId}`, { jar: w.agent.jar });
    expect(opened.status).toBe(200);
    expect(opened.data.open.messages.map((m: { body: string; fromMe: boolean }) => [m.body, m.fromMe])).toEqual([
      ["Is the studio still free?", false],
    ]);
    expect(opened.data.threads[0].unreadCount).toBe(0);
    expect(opened.data.unreadTotal).toBe(0);
  });

  it("the agent's reply is stored, the student is told by e-mail in her language, and reads and answers it", async () => {
    const before = await emailsTo(w.h, w.student.email);
    const reply = await w.h.post(
      agentMessages,
      "/agents/messages",
      { intent: "reply", threadId: w.threadId, body: "  Yes, come on Saturday at 10.  " },
      { jar: w.agent.jar },
    );
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(`/agents/messages?thread=${w.threadId}`);

    const notices = await emailsTo(w.h, w.student.email);
    expect(notices).toHaveLength(before.length + 1);
    const notice = notices[notices.length - 1];
    expect(notice.subject).toBe("Nouveau message de Test Homes sur KamerNest");
    expect(notice.text_body).toContain(`/messages?thread=${w.threadId}`);
    expect(notice.text_body).toContain("Studio in Molyko");

    // The shell counts it once per page, for the header's menu and /profile's link alike.
    const shell = await w.h.get(root, "/profile", { jar: w.student.jar });
    expect(shell.data.user.unreadMessages).toBe(1);
    const inbox = await w.h.get(studentMessages, "/messages", { jar: w.student.jar });
    expect(inbox.data.threads.map((t: { id: string; unreadCount: number }) => [t.id, t.unreadCount])).toEqual([[w.threadId, 1]]);
    const opened = await w.h.get(studentMessages, `/messages?thread=${w.threadId}`, { jar: w.student.jar });
    expect(opened.data.open.messages.map((m: { body: string; fromMe: boolean }) => [m.body, m.fromMe])).toEqual([
      ["Is the studio still free?", true],
      ["Yes, come on Saturday at 10.", false],
    ]);

    // Her answer comes within the hour of the agent's first notice: no second e-mail to the agent.
    const agentMailsBefore = (await emailsTo(w.h, w.agent.email)).length;
    expect(agentMailsBefore).toBe(1);
    const answer = await w.h.post(
      studentMessages,
      "/messages",
      { intent: "reply", threadId: w.threadId, body: "Thank you, I will be there." },
      { jar: w.student.jar },
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/messages?thread=${w.threadId}`);
    expect(await emailsTo(w.h, w.agent.email)).toHaveLength(1);
    const agentView = await w.h.get(agentMessages, "/agents/messages", { jar: w.agent.jar });
    expect(agentView.data.threads[0]).toMatchObject({
      id: w.threadId,
      unreadCount: 1,
      lastMessage: { body: "Thank you, I will be there.", fromMe: false },
    });
  });

  it("another agent can neither read nor answer the thread: 404, nothing marked read, nothing stored", async () => {
    await w.h.post(
      studentMessages,
      "/messages",
      { intent: "reply", threadId: w.threadId, body: "One more question" },
      { jar: w.student.jar },
    );
    const unreadBefore = (await w.h.services.messaging.messages.findThreadSummary(w.threadId, w.agent.id))?.unreadCount;
    const messagesBefore = await countMessages(w.h);
    const mailsBefore = (await w.h.database.db.selectFrom("outbox_emails").select("id").execute()).length;

    const read = await w.h.get(agentMessages, `/agents/messages?thread=${w.threadId}`, { jar: w.otherAgent.jar });
    expect(read.status).toBe(404);
    const list = await w.h.get(agentMessages, "/agents/messages", { jar: w.otherAgent.jar });
    expect(list.data.threads.map((t: { id: string }) => t.id)).toEqual([w.otherThreadId]);
    const reply = await w.h.post(
      agentMessages,
      "/agents/messages",
      { intent: "reply", threadId: w.threadId, body: "Cheaper room here!" },
      { jar: w.otherAgent.jar },
    );
    expect(reply.status).toBe(404);
    // The other agent's account on the student inbox is refused the same way.
    const viaStudentInbox = await w.h.post(
      studentMessages,
      "/messages",
      { intent: "reply", threadId: w.threadId, body: "Hi" },
      { jar: w.otherAgent.jar },
    );
    expect(viaStudentInbox.status).toBe(404);

    expect(await countMessages(w.h)).toBe(messagesBefore);
    expect((await w.h.database.db.selectFrom("outbox_emails").select("id").execute()).length).toBe(mailsBefore);
    expect((await w.h.services.messaging.messages.findThreadSummary(w.threadId, w.agent.id))?.unreadCount).toBe(unreadBefore);
  });

  it("another student can neither read nor answer the thread: 404, nothing stored", async () => {
    const messagesBefore = await countMessages(w.h);
    expect((await w.h.get(studentMessages, `/messages?thread=${w.threadId}`, { jar: w.otherStudent.jar })).status).toBe(404);
    expect((await w.h.get(studentMessages, `/messages?thread=no-such-thread`, { jar: w.student.jar })).status).toBe(404);
    const list = await w.h.get(studentMessages, "/messages", { jar: w.otherStudent.jar });
    expect(list.data.threads.map((t: { id: string }) => t.id)).toEqual([w.otherThreadId]);
    const reply = await w.h.post(
      studentMessages,
      "/messages",
      { intent: "reply", threadId: w.threadId, body: "Me too" },
      { jar: w.otherStudent.jar },
    );
    expect(reply.status).toBe(404);
    expect(await countMessages(w.h)).toBe(messagesBefore);
  });

  it("an empty or too long reply comes back with a translated message and the text kept", async () => {
    const empty = await w.h.post(
      agentMessages,
      "/agents/messages",
      { intent: "reply", threadId: w.threadId, body: "   " },
      { jar: w.agent.jar },
    );
    expect(empty.status).toBe(400);
    expect(empty.data.fieldErrors.body).toBe("Write a message.");
    const long = "x".repeat(MESSAGE_BODY_MAX + 1);
    const tooLong = await w.h.post(
      agentMessages,
      "/agents/messages",
      { intent: "reply", threadId: w.threadId, body: long },
      { jar: w.agent.jar, headers: { "Accept-Language": "fr" } },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.data.fieldErrors.body).toBe("Limitez votre message à 2000 caractères.");
    expect(tooLong.data.values.body).toBe(long);
  });

  it("keeps unapproved agents, students and visitors out of the agent inbox", async () => {
    const pending = await createPersona(w.h, "pendingAgent");
    const pendingJar = await signedInJar(w.h, pending.id);
    for (const run of [
      (jar?: CookieJar) => w.h.get(agentMessages, `/agents/messages?thread=${w.threadId}`, { jar }),
      (jar?: CookieJar) => w.h.post(agentMessages, "/agents/messages", { intent: "reply", threadId: w.threadId, body: "Hi" }, { jar }),
    ]) {
      expect((await run(pendingJar)).location).toBe("/auth/agent-verification");
      expect((await run(w.student.jar)).location).toBe("/agents/unauthorized");
      expect((await run()).location).toMatch(/^\/auth\/login/);
    }
    expect((await w.h.get(studentMessages, "/messages")).location).toMatch(/^\/auth\/login/);
  });
});

// ── Fuzz ────────────────────────────────────────────────────────────────────────────────────

const weird = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.fullUnicodeString({ maxLength: 40 }),
  fc.string({ minLength: 1990, maxLength: 4500 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\u202e\u200b",
    "😀".repeat(600),
    "null",
    "reply",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "\r\n\t",
  ),
);
const file = fc.uint8Array({ maxLength: 32 }).map((bytes) => new File([new Uint8Array(bytes)], "x.bin"));
const anyField = fc.option(
  fc.oneof({ weight: 6, arbitrary: weird }, { weight: 1, arbitrary: fc.array(weird, { maxLength: 3 }) }, { weight: 1, arbitrary: file }),
  {
    nil: undefined,
  },
);
const maybe = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: anyField });

describe.each(databaseKinds())("fuzzed inbox posts (%s)", (kind) => {
  let w: World;
  beforeAll(async () => {
    w = await world(kind);
  }, 60_000);
  afterAll(async () => {
    await w?.h.close();
  });

  it(`${RUNS} arbitrary reply forms from both sides and outsiders: never a 500, only valid messages stored`, async () => {
    const seen = new Set<number>();
    const form = (threadIds: string[]) =>
      fc.record(
        {
          intent: maybe(fc.constant("reply")),
          threadId: maybe(fc.constantFrom(...threadIds)),
          body: maybe(fc.constantFrom("Hello", "  Saturday?  ", "Line one\nline two", "é".repeat(MESSAGE_BODY_MAX))),
          senderId: anyField,
          studentId: anyField,
        },
        { requiredKeys: [] },
      ) as fc.Arbitrary<FormFields>;
    const who = fc.constantFrom("agent", "otherAgent", "student", "otherStudent") as fc.Arbitrary<
      "agent" | "otherAgent" | "student" | "otherStudent"
    >;
    await fc.assert(
      fc.asyncProperty(who, form([w.threadId, w.otherThreadId]), fc.boolean(), async (person, fields, viaPortal) => {
        const jar = w[person].jar;
        const isAgent = person === "agent" || person === "otherAgent";
        const r =
          viaPortal && isAgent
            ? await w.h.post(agentMessages, "/agents/messages", fields, { jar })
            : await w.h.post(studentMessages, "/messages", fields, { jar });
        expect([302, 400, 404]).toContain(r.status);
        seen.add(r.status);
      }),
      { numRuns: RUNS },
    );
    if (RUNS >= 100) expect([...seen].sort()).toEqual([302, 400, 404]);

    // Raw bodies that are not forms at all.
    for (const [contentType, body] of [
      ["application/json", '{"threadId":"x"}'],
      ["multipart/form-data", "--zzz\r\nbroken"],
      ["text/plain", "\u0000"],
    ]) {
      const request = new Request("http://localhost:3000/messages", {
        method: "POST",
        headers: { "Content-Type": contentType, Cookie: w.student.jar.header() ?? "" },
        body,
      });
      expect((await w.h.call("action", studentMessages, request)).status).toBe(400);
    }

    const threads = await w.h.database.db.selectFrom("message_threads").selectAll().execute();
    const rows = await w.h.database.db.selectFrom("messages").selectAll().execute();
    for (const m of rows) {
      const thread = threads.find((t) => t.id === m.thread_id);
      expect(thread).toBeDefined();
      expect([thread!.student_id, thread!.agent_id]).toContain(m.sender_id);
      expect(m.body).toBe(m.body.trim());
      expect(m.body.length).toBeGreaterThan(0);
      expect(m.body.length).toBeLessThanOrEqual(MESSAGE_BODY_MAX);
      // eslint-disable-next-line no-control-regex
      expect(m.body).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
    }
    // Outsiders never wrote: each thread holds only its two sides' messages, checked above.
    expect(threads).toHaveLength(2);
  }, 240_000);
});
