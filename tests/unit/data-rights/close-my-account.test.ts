import { describe, expect, it } from "vitest";
import { closureBlockers, type AccountClosureStore, type ClosureBlocker, type ClosureFacts } from "#domain/data-rights/account-closure";
import { bueaDay, closeMyAccount, ACCOUNT_CLOSED_AUDIT_ACTION } from "#domain/data-rights/close-my-account.use-case";
import type { DataRightsDeps } from "#domain/data-rights/data-rights.deps";
import { confirmedAccount, createTestAccounts } from "../accounts/support";
import type { AuditEntry, AuditLog } from "#domain/accounts/audit-log.port";
import type { AuditAction } from "#domain/accounts/audit-actions";
import { ADMIN_REQUEST_REASON_MAX, closeAccountForPerson, downloadDataForPerson } from "#domain/data-rights/admin-data-requests.use-case";
import { closedEmail } from "#domain/data-rights/account-closure";
import { DATA_EXPORT_AUDIT_ACTION, DATA_EXPORTS_PER_HOUR } from "#domain/data-rights/download-my-data.use-case";
import { PERSONAL_DATA_SECTIONS } from "#domain/data-rights/personal-data";

const none: ClosureFacts = {
  role: "student",
  adminCount: 1,
  upcomingAgentVisits: 0,
  unpaidEarnings: 0,
  openHostAttempts: 0,
  pendingPayments: 0,
};

describe("closureBlockers", () => {
  it("lets an account with nothing open close", () => expect(closureBlockers(none)).toEqual([]));

  it("refuses the last admin, not the second one", () => {
    expect(closureBlockers({ ...none, role: "admin", adminCount: 1 })).toEqual(["last_admin"]);
    expect(closureBlockers({ ...none, role: "admin", adminCount: 2 })).toEqual([]);
    expect(closureBlockers({ ...none, role: "student", adminCount: 1 })).toEqual([]);
  });

  it("refuses from one upcoming visit, unpaid earning, open request or pending payment, and lists them all", () => {
    expect(closureBlockers({ ...none, upcomingAgentVisits: 1 })).toEqual(["upcoming_visits"]);
    expect(closureBlockers({ ...none, unpaidEarnings: 1 })).toEqual(["unpaid_earnings"]);
    expect(closureBlockers({ ...none, openHostAttempts: 1 })).toEqual(["open_attempts"]);
    expect(closureBlockers({ ...none, pendingPayments: 1 })).toEqual(["pending_payment"]);
    expect(closureBlockers({ ...none, upcomingAgentVisits: 2, unpaidEarnings: 3, openHostAttempts: 1, pendingPayments: 1 })).toEqual([
      "upcoming_visits",
      "unpaid_earnings",
      "open_attempts",
      "pending_payment",
    ]);
  });
});

describe("bueaDay", () => {
  it("turns at 23:00 UTC (midnight in Buea)", () => {
    expect(bueaDay(new Date("2026-11-28T22:59:59.999Z"))).toBe("2026-11-28");
    expect(bueaDay(new Date("2026-11-28T23:00:00.000Z"))).toBe("2026-11-29");
  });
});

/** Closes in memory; like the Kysely store, writes the audit row only with a closing it made. */
class FakeClosure implements AccountClosureStore {
  constructor(private readonly auditLog: AuditLog) {}
  facts_: ClosureFacts = none;
  /** What the transaction finds when it re-checks (something booked meanwhile). */
  atClose: ClosureBlocker[] = [];
  closed: string[] = [];
  async facts() {
    return this.facts_;
  }
  async close(userId: string, _now: Date, _today: string, audit: AuditEntry & { action: AuditAction }) {
    if (this.atClose.length > 0) return this.atClose;
    this.closed.push(userId);
    await this.auditLog.record(audit);
    return [];
  }
}

function setup() {
  const t = createTestAccounts();
  const closure = new FakeClosure(t.repos.auditLog);
  const deps: DataRightsDeps = { ...t.deps, personalData: { read: async () => null }, closure };
  return { ...t, dataRights: deps, closure };
}

describe("closeMyAccount", () => {
  it("closes with the password and the confirmation, and audits it", async () => {
    const s = setup();
    const userId = await confirmedAccount(s);
    expect(await closeMyAccount(s.dataRights, { userId, password: "secret1", confirmed: true })).toEqual({ ok: true, value: undefined });
    expect(s.closure.closed).toEqual([userId]);
    expect(await s.repos.auditLog.count({ action: ACCOUNT_CLOSED_AUDIT_ACTION, actorId: userId })).toBe(1);
  });

  it("needs the confirmation and the right password", async () => {
    const s = setup();
    const userId = await confirmedAccount(s);
    const unconfirmed = await closeMyAccount(s.dataRights, { userId, password: "secret1", confirmed: false });
    expect(unconfirmed.ok ? null : unconfirmed.error.code).toBe("data-rights.confirmation_required");
    const wrong = await closeMyAccount(s.dataRights, { userId, password: "nope!!", confirmed: true });
    expect(wrong.ok ? null : wrong.error.code).toBe("data-rights.wrong_password");
    expect(s.closure.closed).toEqual([]);
  });

  it("says what must be settled first, before and inside the transaction", async () => {
    const s = setup();
    const userId = await confirmedAccount(s);
    s.closure.facts_ = { ...none, upcomingAgentVisits: 1 };
    const before = await closeMyAccount(s.dataRights, { userId, password: "secret1", confirmed: true });
    expect(before.ok ? null : before.error).toEqual({ code: "data-rights.cannot_close_yet", blockers: ["upcoming_visits"] });
    s.closure.facts_ = none;
    s.closure.atClose = ["pending_payment"];
    const meanwhile = await closeMyAccount(s.dataRights, { userId, password: "secret1", confirmed: true });
    expect(meanwhile.ok ? null : meanwhile.error).toEqual({ code: "data-rights.cannot_close_yet", blockers: ["pending_payment"] });
    expect(s.closure.closed).toEqual([]);
    expect(await s.repos.auditLog.count({ action: ACCOUNT_CLOSED_AUDIT_ACTION })).toBe(0);
  });
});

describe("closeAccountForPerson (an admin serves a request made by e-mail)", () => {
  const adminId = "admin-1";
  const reason = "E-mail of 27 November asking to close the account";

  it("closes with the confirmation and the reason, and the audit row names the admin and keeps the reason", async () => {
    const s = setup();
    const userId = await confirmedAccount(s);
    expect(await closeAccountForPerson(s.dataRights, { adminId, userId, reason, confirmed: true })).toEqual({ ok: true, value: undefined });
    expect(s.closure.closed).toEqual([userId]);
    const [row] = await s.repos.auditLog.list({ action: ACCOUNT_CLOSED_AUDIT_ACTION, limit: 5 });
    expect(row).toMatchObject({ actorId: adminId, data: { target: `user:${userId}`, reason } });
  });

  it("needs the confirmation, a reason, another person's account, and one not closed already", async () => {
    const s = setup();
    const userId = await confirmedAccount(s);
    const code = async (input: Partial<Parameters<typeof closeAccountForPerson>[1]>) => {
      const r = await closeAccountForPerson(s.dataRights, { adminId, userId, reason, confirmed: true, ...input });
      return r.ok ? null : r.error.code;
    };
    expect(await code({ confirmed: false })).toBe("data-rights.confirmation_required");
    expect(await code({ reason: "   " })).toBe("data-rights.reason_required");
    expect(await code({ reason: "x".repeat(ADMIN_REQUEST_REASON_MAX + 1) })).toBe("data-rights.reason_required");
    expect(await code({ adminId: userId })).toBe("data-rights.not_for_self");
    expect(await code({ userId: "nobody" })).toBe("data-rights.account_not_found");
    // A closed account: the same row under its closed address.
    const closed = (await s.repos.accounts.findById(userId))!;
    await s.repos.accounts.insert({ ...closed, id: "gone", email: closedEmail("gone") });
    expect(await code({ userId: "gone" })).toBe("data-rights.already_closed");
    expect(s.closure.closed).toEqual([]);
  });

  it("refuses with the same blockers as the person's own closing", async () => {
    const s = setup();
    const userId = await confirmedAccount(s);
    s.closure.facts_ = { ...none, upcomingAgentVisits: 2 };
    const r = await closeAccountForPerson(s.dataRights, { adminId, userId, reason, confirmed: true });
    expect(r.ok ? null : r.error).toEqual({ code: "data-rights.cannot_close_yet", blockers: ["upcoming_visits"] });
    expect(await s.repos.auditLog.count({ action: ACCOUNT_CLOSED_AUDIT_ACTION })).toBe(0);
  });
});

describe("downloadDataForPerson", () => {
  it("gives the person's file with a reason, audited with the admin as actor, 3 an hour for that person", async () => {
    const s = setup();
    const userId = await confirmedAccount(s);
    s.dataRights.personalData = {
      read: async (id) => ({
        account: { id },
        preferences: {},
        sections: Object.fromEntries(PERSONAL_DATA_SECTIONS.map((n) => [n, []])) as never,
      }),
    };
    const input = { adminId: "admin-1", userId, reason: "Letter of 20 November" };
    expect((await downloadDataForPerson(s.dataRights, { ...input, reason: "" })).ok).toBe(false);
    for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i += 1) {
      const r = await downloadDataForPerson(s.dataRights, input);
      expect(r.ok && JSON.parse(r.value.json).account).toEqual({ id: userId });
    }
    const over = await downloadDataForPerson(s.dataRights, input);
    expect(over.ok ? null : over.error.code).toBe("data-rights.too_many_downloads");
    const rows = await s.repos.auditLog.list({ action: DATA_EXPORT_AUDIT_ACTION, limit: 10 });
    expect(rows).toHaveLength(DATA_EXPORTS_PER_HOUR);
    expect(rows[0]).toMatchObject({ actorId: "admin-1", data: { target: `user:${userId}`, reason: "Letter of 20 November" } });
  });
});
