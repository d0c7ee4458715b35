import { describe, expect, it } from "vitest";
import {
  downloadMyData,
  DATA_EXPORT_AUDIT_ACTION,
  DATA_EXPORTS_PER_HOUR,
  DATA_EXPORT_MAX_ROWS,
} from "#domain/data-rights/download-my-data.use-case";
import { RECENT_SIGN_IN_MS } from "#domain/data-rights/confirm-identity";
import type { DataRightsDeps } from "#domain/data-rights/data-rights.deps";
import { PERSONAL_DATA_SECTIONS, type PersonalData, type PersonalDataReader } from "#domain/data-rights/personal-data";
import { HOUR_MS } from "#domain/shared/clock";
import { anAccount } from "../../integration/contract/accounts-harness";
import { confirmedAccount, createTestAccounts } from "../accounts/support";

/** A reader that answers a fixed shape for any known account, with `rows` rows in the payments section. */
class FakeReader implements PersonalDataReader {
  rows = 1;
  lastMaxRows = 0;
  async read(userId: string, maxRows: number): Promise<PersonalData> {
    this.lastMaxRows = maxRows;
    const sections = Object.fromEntries(PERSONAL_DATA_SECTIONS.map((s) => [s, []])) as unknown as PersonalData["sections"];
    sections.payments = Array.from({ length: Math.min(this.rows, maxRows + 1) }, (_, i) => ({ reference: `KN-PAY-${i}` }));
    return { account: { id: userId }, preferences: { language: "en" }, sections };
  }
}

function setup() {
  const t = createTestAccounts();
  const reader = new FakeReader();
  const deps: DataRightsDeps = { ...t.deps, personalData: reader, closure: { facts: async () => null, close: async () => [] } };
  return { ...t, dataRights: deps, reader };
}

describe("downloadMyData", () => {
  it("gives the owner one JSON file of their data after the password, and audits it without its contents", async () => {
    const s = setup();
    const userId = await confirmedAccount(s);
    const result = await downloadMyData(s.dataRights, { userId, password: "secret1" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.fileName).toBe("kamernest-data-2026-11-22.json");
    const file = JSON.parse(result.value.json);
    expect(file.account).toEqual({ id: userId });
    expect(file.payments).toEqual([{ reference: "KN-PAY-0" }]);
    expect(file.truncated).toEqual([]);
    const audit = await s.repos.auditLog.list({ action: DATA_EXPORT_AUDIT_ACTION, limit: 10 });
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe(userId);
    expect(JSON.stringify(audit[0].data)).not.toContain("KN-PAY-0");
  });

  it("refuses a wrong or missing password, and nothing is audited", async () => {
    const s = setup();
    const userId = await confirmedAccount(s);
    for (const password of ["wrong!", "", null]) {
      const result = await downloadMyData(s.dataRights, { userId, password });
      expect(result.ok ? null : result.error.code).toBe("data-rights.wrong_password");
    }
    expect(await s.repos.auditLog.count({ action: DATA_EXPORT_AUDIT_ACTION })).toBe(0);
  });

  it("stops guessing the password after 5 wrong tries", async () => {
    const s = setup();
    const userId = await confirmedAccount(s);
    for (let i = 0; i < 5; i++) await downloadMyData(s.dataRights, { userId, password: "wrong!" });
    const result = await downloadMyData(s.dataRights, { userId, password: "secret1" });
    expect(result.ok ? null : result.error.code).toBe("data-rights.too_many_attempts");
  });

  it(`allows ${DATA_EXPORTS_PER_HOUR} downloads an hour, then the next one after the hour`, async () => {
    const s = setup();
    const userId = await confirmedAccount(s);
    for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i++)
      expect((await downloadMyData(s.dataRights, { userId, password: "secret1" })).ok).toBe(true);
    const refused = await downloadMyData(s.dataRights, { userId, password: "secret1" });
    expect(refused.ok ? null : refused.error).toEqual({ code: "data-rights.too_many_downloads", params: { max: DATA_EXPORTS_PER_HOUR } });
    s.clock.advance(HOUR_MS);
    expect((await downloadMyData(s.dataRights, { userId, password: "secret1" })).ok).toBe(false);
    s.clock.advance(1);
    expect((await downloadMyData(s.dataRights, { userId, password: "secret1" })).ok).toBe(true);
  });

  it("bounds each section and names the ones it cut", async () => {
    const s = setup();
    const userId = await confirmedAccount(s);
    s.reader.rows = DATA_EXPORT_MAX_ROWS;
    const full = await downloadMyData(s.dataRights, { userId, password: "secret1" });
    expect(full.ok && JSON.parse(full.value.json).truncated).toEqual([]);
    s.reader.rows = DATA_EXPORT_MAX_ROWS + 1;
    const cut = await downloadMyData(s.dataRights, { userId, password: "secret1" });
    expect(s.reader.lastMaxRows).toBe(DATA_EXPORT_MAX_ROWS);
    const file = cut.ok ? JSON.parse(cut.value.json) : null;
    expect(file.payments).toHaveLength(DATA_EXPORT_MAX_ROWS);
    expect(file.truncated).toEqual(["payments"]);
  });

  describe("an account without a password (Google)", () => {
    async function googleAccount(s: ReturnType<typeof setup>, signedInAgoMs: number) {
      const now = s.clock.now();
      await s.repos.accounts.insert(anAccount({ id: "g1", passwordHash: null, googleId: "google-1", createdAt: now, updatedAt: now }));
      const createdAt = new Date(now.getTime() - signedInAgoMs);
      await s.repos.sessions.insert({
        id: s.secrets.hash("cookie-1"),
        userId: "g1",
        createdAt,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + HOUR_MS),
        userAgent: null,
      });
    }

    it("downloads within 10 minutes of signing in", async () => {
      const s = setup();
      await googleAccount(s, RECENT_SIGN_IN_MS);
      expect((await downloadMyData(s.dataRights, { userId: "g1", sessionId: "cookie-1" })).ok).toBe(true);
    });

    it("asks for a fresh sign-in after 10 minutes, or without its own session", async () => {
      const s = setup();
      await googleAccount(s, RECENT_SIGN_IN_MS + 1);
      const late = await downloadMyData(s.dataRights, { userId: "g1", sessionId: "cookie-1" });
      expect(late.ok ? null : late.error.code).toBe("data-rights.recent_sign_in_required");
      const none = await downloadMyData(s.dataRights, { userId: "g1", sessionId: null });
      expect(none.ok ? null : none.error.code).toBe("data-rights.recent_sign_in_required");
    });
  });
});
