// The audit log's filter choices (/admin/audit): the accounts that wrote an entry are read in one
// batch, not one read per account, and listed admins first then by name.
import { describe, expect, it } from "vitest";
import { auditFilterChoices } from "#domain/accounts/admin-users.queries";
import { InMemoryAccountRepository, InMemoryAuditLog } from "#domain/accounts/in-memory-account-repositories";
import type { Account } from "#domain/accounts/account.entity";
import { anAccount } from "../../integration/contract/accounts-harness";

const account = (id: string, fullName: string, role: Account["role"]) => anAccount({ id, fullName, role, email: `${id}@kamernest.cm` });

describe("auditFilterChoices", () => {
  it("reads every actor at once and lists admins first, then by name; a deleted account shows its id", async () => {
    const auditLog = new InMemoryAuditLog();
    const accounts = new InMemoryAccountRepository();
    await accounts.insert(account("u-zoe", "Zoe Admin", "admin"));
    await accounts.insert(account("u-ada", "Ada Agent", "agent"));
    await accounts.insert(account("u-bea", "Bea Admin", "admin"));
    const actors = ["u-zoe", "u-ada", "u-bea", "u-gone", "u-ada"];
    for (const [i, actorId] of actors.entries()) {
      await auditLog.record({
        id: `a${i}`,
        actorId,
        action: i % 2 ? "admin.user_suspended" : "auth.login",
        data: {},
        at: new Date("2026-11-28T10:00:00Z"),
      });
    }
    const batches: (readonly string[])[] = [];
    const counting = {
      findByIds: (ids: readonly string[]) => {
        batches.push(ids);
        return accounts.findByIds(ids);
      },
    };
    const choices = await auditFilterChoices(auditLog, counting);
    expect(batches).toHaveLength(1);
    expect(choices.actions).toEqual(["admin.user_suspended", "auth.login"]);
    expect(choices.actors).toEqual([
      { id: "u-bea", name: "Bea Admin (u-bea@kamernest.cm)", admin: true },
      { id: "u-zoe", name: "Zoe Admin (u-zoe@kamernest.cm)", admin: true },
      { id: "u-ada", name: "Ada Agent (u-ada@kamernest.cm)", admin: false },
      { id: "u-gone", name: "u-gone", admin: false },
    ]);
  });
});
