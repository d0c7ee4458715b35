import { afterEach, beforeEach, expect, it } from "vitest";
import { describeEachDatabase } from "../../support/test-database";
import type { Session } from "#domain/accounts/session.entity";
import { accountKinds, accountsHarness, anAccount, at, type AccountsHarness } from "./accounts-harness";

const aSession = (id: string, userId: string, over: Partial<Session> = {}): Session => ({
  id,
  userId,
  createdAt: at(0),
  lastSeenAt: at(0),
  expiresAt: at(0, 30),
  userAgent: "Firefox",
  ...over,
});

describeEachDatabase(accountKinds())("SessionRepository on %s", (kind) => {
  let h: AccountsHarness;
  beforeEach(async () => {
    h = await accountsHarness(kind);
    await h.repos.accounts.insert(anAccount({ id: "u1" }));
    await h.repos.accounts.insert(anAccount({ id: "u2" }));
  });
  afterEach(() => h.close());

  it("stores, finds, touches and deletes a session", async () => {
    await h.repos.sessions.insert(aSession("s1", "u1"));
    expect(await h.repos.sessions.findById("s1")).toEqual(aSession("s1", "u1"));
    await h.repos.sessions.touch("s1", at(7));
    expect((await h.repos.sessions.findById("s1"))?.lastSeenAt).toEqual(at(7));
    await h.repos.sessions.delete("s1");
    expect(await h.repos.sessions.findById("s1")).toBeNull();
  });

  it("refuses a second session with the same id", async () => {
    await h.repos.sessions.insert(aSession("s1", "u1"));
    await expect(h.repos.sessions.insert(aSession("s1", "u2"))).rejects.toThrow();
  });

  it("deletes all of one user's sessions, except the one kept", async () => {
    for (const [id, user] of [
      ["a", "u1"],
      ["b", "u1"],
      ["c", "u1"],
      ["d", "u2"],
    ])
      await h.repos.sessions.insert(aSession(id, user));
    await h.repos.sessions.deleteAllForUser("u1", "b");
    expect(await h.repos.sessions.findById("a")).toBeNull();
    expect(await h.repos.sessions.findById("b")).not.toBeNull();
    expect(await h.repos.sessions.findById("c")).toBeNull();
    expect(await h.repos.sessions.findById("d")).not.toBeNull();
    await h.repos.sessions.deleteAllForUser("u1");
    expect(await h.repos.sessions.findById("b")).toBeNull();
  });

  it("deletes sessions past their end or idle too long, and counts them", async () => {
    await h.repos.sessions.insert(aSession("ended", "u1", { expiresAt: at(10) }));
    await h.repos.sessions.insert(aSession("idle", "u1", { lastSeenAt: at(1) }));
    await h.repos.sessions.insert(aSession("live", "u1", { lastSeenAt: at(5) }));
    expect(await h.repos.sessions.deleteExpired(at(10), at(5))).toBe(2);
    expect(await h.repos.sessions.findById("live")).not.toBeNull();
  });

  it("finds a session with its holder in one read: the account and its agent status, or none", async () => {
    await h.repos.agents.createUnsubmitted("u2", at(0));
    await h.repos.sessions.insert(aSession("s1", "u1"));
    await h.repos.sessions.insert(aSession("s2", "u2"));
    expect(await h.repos.sessions.findWithHolder("s1")).toEqual({
      session: aSession("s1", "u1"),
      account: await h.repos.accounts.findById("u1"),
      agentStatus: null,
    });
    const agent = await h.repos.sessions.findWithHolder("s2");
    expect(agent?.account?.id).toBe("u2");
    expect(agent?.agentStatus).toBe((await h.repos.agents.findByUserId("u2"))?.status);
    expect(await h.repos.sessions.findWithHolder("nope")).toBeNull();
  });
});
