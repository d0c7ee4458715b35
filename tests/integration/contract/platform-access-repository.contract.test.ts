import { afterAll, beforeAll, expect, it } from "vitest";
import { allDatabaseKinds, describeEachDatabase } from "../../support/test-database";
import { KyselyPlatformAccessRepository } from "#infrastructure/repositories/kysely-platform-access-repository";
import { InMemoryPlatformAccessRepository } from "#domain/guest-house-access/in-memory-platform-access-repository";
import type { PlatformAccessRepository } from "#domain/guest-house-access/platform-access-repository.port";
import type { PlatformFeePayment } from "#domain/guest-house-access/platform-access.entity";
import { insertProfile, repositoryHarness, type RepositoryHarness } from "./discovery-fixtures";

const stamp = "2026-11-01T10:00:00.000Z";
const fees: PlatformFeePayment[] = [
  {
    id: "f1",
    userId: "u1",
    amount: 5000,
    paymentDate: new Date(stamp),
    expiryDate: new Date("2026-11-15T10:00:00.000Z"),
    isValid: true,
    transactionId: "TXN-GH-1",
    method: "mtn_momo",
  },
  {
    id: "f2",
    userId: "u1",
    amount: 5000,
    paymentDate: new Date(stamp),
    expiryDate: new Date("2026-11-29T10:00:00.000Z"),
    isValid: false,
    transactionId: "TXN-GH-2",
    method: "orange_money",
  },
  {
    id: "f3",
    userId: "u2",
    amount: 5000,
    paymentDate: new Date(stamp),
    expiryDate: new Date("2026-11-20T10:00:00.000Z"),
    isValid: true,
    transactionId: "TXN-GH-3",
    method: "mtn_momo",
  },
];

const kinds = ["memory", ...allDatabaseKinds()] as const;

describeEachDatabase(kinds)("PlatformAccessRepository on %s", (kind) => {
  let h: RepositoryHarness<PlatformAccessRepository>;
  beforeAll(async () => {
    h = await repositoryHarness<PlatformAccessRepository>(
      kind,
      () => new InMemoryPlatformAccessRepository([...fees]),
      (db) => new KyselyPlatformAccessRepository(db),
      async (db) => {
        for (const id of ["u1", "u2"]) await insertProfile(db, { id });
        for (const f of fees) {
          await db
            .insertInto("platform_fee_payments")
            .values({
              id: f.id,
              user_id: f.userId,
              payment_id: null,
              amount: f.amount,
              payment_date: f.paymentDate.toISOString(),
              expiry_date: f.expiryDate.toISOString(),
              is_valid: f.isValid ? 1 : 0,
              transaction_id: f.transactionId,
              method: f.method,
            })
            .execute();
        }
      },
    );
  });
  afterAll(() => h.close());

  it("lists one user's payments, the one expiring last first, with their fields", async () => {
    const list = await h.repo.listForUser("u1");
    expect(list.map((p) => p.id)).toEqual(["f2", "f1"]);
    expect(list[1]).toEqual(fees[0]);
    expect(list[0].isValid).toBe(false);
    expect(await h.repo.listForUser("nobody")).toEqual([]);
  });
});
