// The agent's payout number (issue 34): the payment phone's rule plus a mobile number, the network
// chosen, changed only with the password (wrong guesses limited), an e-mail to the account's
// address in its language, an audit row; the same number again changes nothing.
import { describe, expect, it } from "vitest";
import { InMemoryPayoutStore, inMemoryPayoutUnitOfWork } from "#domain/payout/in-memory-payout-store";
import { parsePayoutNumber } from "#domain/payout/payout.entity";
import type { PayoutEmails } from "#domain/payout/payout-emails.port";
import { setPayoutNumber, type SetPayoutNumberDeps } from "#domain/payout/set-payout-number.use-case";
import { confirmedAccount, createTestAccounts } from "../accounts/support";

describe("parsePayoutNumber", () => {
  it.each([
    ["670000000", "mtn_momo", "670000000"],
    ["+237 690 00 00 00", "orange_money", "690000000"],
    ["00237 67 00 00 000", "mtn_momo", "670000000"],
    ["237670000000", "mtn_momo", "670000000"],
  ])("accepts %s on %s", (phone, medium, national) => {
    expect(parsePayoutNumber(phone, medium)).toEqual({ ok: true, value: { phone: national, medium } });
  });

  it.each([["1234567"], ["22212345"], ["6700000001"], [""], ["222123456"]])("refuses %s", (phone) => {
    expect(parsePayoutNumber(phone, "mtn_momo")).toEqual({ ok: false, error: { code: "payouts.invalid_number" } });
  });

  it("requires one of the two networks", () => {
    expect(parsePayoutNumber("670000000", "")).toEqual({ ok: false, error: { code: "payouts.medium_required" } });
    expect(parsePayoutNumber("670000000", "nexttel")).toEqual({ ok: false, error: { code: "payouts.medium_required" } });
  });
});

const emails: PayoutEmails = {
  numberChanged: ({ language, number, network }) => ({ subject: `${language}: ${number} ${network}`, text: "" }),
  paid: () => ({ subject: "", text: "" }),
  failed: () => ({ subject: "", text: "" }),
};

async function setUp() {
  const t = createTestAccounts();
  const agentId = await confirmedAccount(t, { email: "agent@example.com" });
  const store = new InMemoryPayoutStore();
  const deps: SetPayoutNumberDeps = {
    uow: inMemoryPayoutUnitOfWork(store),
    accounts: t.deps,
    mailer: t.mailer,
    emails,
    clock: t.deps.clock,
    ids: t.deps.ids,
    appUrl: "http://app",
  };
  return { t, agentId, store, deps };
}

describe("setPayoutNumber", () => {
  it("sets the number with the password, writes an audit row and e-mails the account's address in its language", async () => {
    const { t, agentId, store, deps } = await setUp();
    const result = await setPayoutNumber(deps, { agentId, phone: "+237 670 000 000", medium: "mtn_momo", password: "secret1" });
    expect(result.ok).toBe(true);
    expect(await store.findNumber(agentId)).toMatchObject({ phone: "670000000", medium: "mtn_momo" });
    expect(store.state.audit).toEqual([
      expect.objectContaining({ action: "payout.number_changed", actorId: agentId, data: expect.objectContaining({ before: null }) }),
    ]);
    const language = (await t.deps.repos.accounts.findById(agentId))!.language;
    expect(t.mailer.lastTo("agent@example.com")?.subject).toBe(`${language}: 670000000 mtn_momo`);
  });

  it("refuses a wrong or missing password and changes nothing", async () => {
    const { t, agentId, store, deps } = await setUp();
    const sentBefore = t.mailer.sent.length;
    for (const password of ["wrong-one", "", null])
      expect(await setPayoutNumber(deps, { agentId, phone: "670000000", medium: "mtn_momo", password })).toEqual({
        ok: false,
        error: { code: "payouts.wrong_password" },
      });
    expect(await store.findNumber(agentId)).toBeNull();
    expect(t.mailer.sent.length).toBe(sentBefore);
  });

  it("stops guessing after five wrong passwords, even before the right one", async () => {
    const { agentId, deps } = await setUp();
    for (let i = 0; i < 5; i++) await setPayoutNumber(deps, { agentId, phone: "670000000", medium: "mtn_momo", password: `wrong-${i}` });
    expect(await setPayoutNumber(deps, { agentId, phone: "670000000", medium: "mtn_momo", password: "secret1" })).toEqual({
      ok: false,
      error: { code: "payouts.too_many_attempts" },
    });
  });

  it("refuses a bad number before looking at the password", async () => {
    const { agentId, deps } = await setUp();
    expect(await setPayoutNumber(deps, { agentId, phone: "12345", medium: "mtn_momo", password: "secret1" })).toEqual({
      ok: false,
      error: { code: "payouts.invalid_number" },
    });
  });

  it("a change records before and after; the same number again sends nothing", async () => {
    const { t, agentId, store, deps } = await setUp();
    await setPayoutNumber(deps, { agentId, phone: "670000000", medium: "mtn_momo", password: "secret1" });
    await setPayoutNumber(deps, { agentId, phone: "690000000", medium: "orange_money", password: "secret1" });
    expect(JSON.parse(String(store.state.audit[1].data.before))).toEqual({ phone: "670000000", medium: "mtn_momo" });
    const sent = t.mailer.sent.length;
    await setPayoutNumber(deps, { agentId, phone: "690000000", medium: "orange_money", password: "secret1" });
    expect(t.mailer.sent.length).toBe(sent);
    expect(store.state.audit).toHaveLength(2);
  });
});
