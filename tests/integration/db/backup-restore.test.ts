// Issue 13, data safety: a backup taken while bookings and payments are being written restores
// to a database that passes the integrity check and holds every booking and payment committed
// before the backup began (decision 0130). SQLite: the online backup API with a writer on another
// thread; PostgreSQL: pg_dump with a writer on the app's pool, restored into a scratch database.
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { Worker } from "node:worker_threads";
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import SQLite from "better-sqlite3";
import { sql, type Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { connect } from "#infrastructure/db/connection";
import { migrateDatabase } from "#infrastructure/db/migrate";
import type { Database } from "#infrastructure/db/schema";
import { BackupError, assertSqliteIntegrity, backupDatabase, restoreDatabase } from "#infrastructure/db/backup";
import {
  createScratchPostgresDatabase,
  SCRATCH_DROP_TIMEOUT_MS,
  createTestDatabase,
  POSTGRES_NOT_SET,
  type DatabaseKind,
  type TestDatabase,
} from "../../support/test-database";

const STUDENT = "backup-student";
const AGENT = "backup-agent";
const PROPERTY = "backup-property";
/** Rows written before the writer starts, so the copy is more than a few pages. */
const PRELOADED = 2000;

async function seedOwners(db: Kysely<Database>): Promise<void> {
  const now = new Date().toISOString();
  const profile = (id: string, role: "agent" | "student") => ({
    id,
    role,
    full_name: id,
    email: `${id}@example.test`,
    phone: null,
    password_hash: null,
    email_confirmed_at: now,
    google_id: null,
    totp_secret: null,
    totp_enabled_at: null,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto("profiles")
    .values([profile(AGENT, "agent"), profile(STUDENT, "student")])
    .execute();
  await db
    .insertInto("agents")
    .values({
      user_id: AGENT,
      business_name: null,
      license_number: null,
      business_phone: null,
      business_email: null,
      business_address: null,
      website_url: null,
      bio: null,
      rejection_reason: null,
      submitted_at: null,
      reviewed_at: null,
      terms_accepted_at: null,
      created_at: now,
    })
    .execute();
  await db
    .insertInto("properties")
    .values({
      id: PROPERTY,
      agent_id: AGENT,
      title: "Room",
      property_type: "room",
      neighbourhood: "Molyko",
      latitude: 4.15,
      longitude: 9.29,
      distance_to_campus_m: 300,
      monthly_rent: 25000,
      hidden_at: null,
      visiting_hours: null,
      availability_confirmed_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

function pair(id: string, n: number) {
  const now = new Date().toISOString();
  const day = new Date(Date.UTC(2040, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
  return {
    booking: {
      id: `b-${id}`,
      property_id: PROPERTY,
      student_id: STUDENT,
      visitor_name: "Writer",
      visitor_email: "writer@example.test",
      visitor_phone: "677000000",
      visit_date: day,
      visit_time: "10:00 AM",
      payment_amount: 8000,
      fee_type: "student_rental",
      payment_status: "confirmed",
      booking_status: "confirmed",
      booking_reference: `KN-${id}`,
      hold_expires_at: null,
      payment_id: null,
      viewing_outcome: null,
      viewing_recorded_at: null,
      created_at: now,
      updated_at: now,
    },
    payment: {
      id: `p-${id}`,
      user_id: STUDENT,
      payment_gateway: "simulated",
      payment_status: "confirmed",
      payment_type: "student_rental",
      amount: 8000,
      method: null,
      phone: null,
      reference: `PAY-${id}`,
      provider_tx_id: null,
      checkout_url: null,
      booking_id: `b-${id}`,
      guest_house_id: null,
      failure_reason: null,
      confirmed_at: now,
      created_at: now,
      updated_at: now,
    },
  };
}

/** A confirmed booking and its payment, written in one transaction (as the app pays for a visit). */
async function commitPair(db: Kysely<Database>, id: string, n: number): Promise<void> {
  const { booking, payment } = pair(id, n);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("bookings").values(booking).execute();
    await trx.insertInto("payments").values(payment).execute();
    await trx.updateTable("bookings").set({ payment_id: payment.id }).where("id", "=", booking.id).execute();
  });
}

async function preload(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let start = 1; start <= PRELOADED; start += 400) {
      const pairs = Array.from({ length: Math.min(400, PRELOADED - start + 1) }, (_, i) => pair(`pre-${start + i}`, -(start + i)));
      await trx
        .insertInto("bookings")
        .values(pairs.map((p) => p.booking))
        .execute();
      await trx
        .insertInto("payments")
        .values(pairs.map((p) => p.payment))
        .execute();
    }
    await trx
      .updateTable("bookings")
      .set({ payment_id: sql<string>`'p-' || substr(id, 3)` })
      .where("id", "like", "b-pre-%")
      .execute();
  });
}

/** Every recorded booking and payment is in the restored database, and no booking lost its payment. */
async function expectRestored(db: Kysely<Database>, committedBefore: string[]): Promise<void> {
  const bookings = await db.selectFrom("bookings").select(["id", "payment_id"]).execute();
  const payments = await db.selectFrom("payments").select(["id", "booking_id"]).execute();
  const bookingIds = new Set(bookings.map((b) => b.id));
  const paymentIds = new Set(payments.map((p) => p.id));
  const missing = committedBefore.filter((id) => !bookingIds.has(`b-${id}`) || !paymentIds.has(`p-${id}`));
  expect(missing).toEqual([]);
  for (let n = 1; n <= PRELOADED; n += 1) expect(bookingIds.has(`b-pre-${n}`)).toBe(true);
  // One snapshot: a booking and its payment are in it together or not at all.
  expect(bookings.filter((b) => !b.payment_id || !paymentIds.has(b.payment_id))).toEqual([]);
  expect(payments.filter((p) => !p.booking_id || !bookingIds.has(p.booking_id))).toEqual([]);
}

const scratch: Array<() => Promise<void>> = [];
// A scratch database's drop waits for a checkpoint (SCRATCH_DROP_TIMEOUT_MS).
afterEach(async () => {
  for (const cleanup of scratch.splice(0).reverse()) await cleanup();
}, SCRATCH_DROP_TIMEOUT_MS);

/** A migrated database with the booking's owners (and PRELOADED pairs), and a directory for files; both removed after the test. */
async function scratchSource(kind: DatabaseKind, options: { preload: boolean }): Promise<{ source: TestDatabase; dir: string }> {
  const source = await createTestDatabase(kind);
  scratch.push(() => source.destroy());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-backup-"));
  scratch.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  await seedOwners(source.db);
  if (options.preload) await preload(source.db);
  return { source, dir };
}

describe("db:backup and db:restore on sqlite", () => {
  it("a backup taken during writes restores intact, with every pair committed before it began", { timeout: 120_000 }, async () => {
    const { source, dir } = await scratchSource("sqlite", { preload: true });

    const committed: string[] = [];
    const commitTimes: number[] = [];
    const worker = new Worker(new URL("../../support/sqlite-writer.worker.mjs", import.meta.url), {
      workerData: { file: source.url, propertyId: PROPERTY, studentId: STUDENT, prefix: "w" },
    });
    const finished = new Promise<number>((resolve, reject) => {
      worker.on("error", reject);
      worker.on("message", (m: { committed?: string; at?: number; done?: number }) => {
        if (m.committed) committed.push(m.committed);
        if (m.at) commitTimes.push(m.at);
        if (m.done !== undefined) resolve(m.done);
      });
    });
    scratch.push(async () => {
      await worker.terminate();
    });
    while (committed.length < 100) await new Promise((resolve) => setTimeout(resolve, 10));

    const committedBefore = [...committed];
    const backupFile = path.join(dir, "nightly", "kamernest.db");
    const began = performance.timeOrigin + performance.now();
    const result = await backupDatabase({ url: source.url }, backupFile);
    const ended = performance.timeOrigin + performance.now();
    worker.postMessage("stop");
    const total = await finished;
    // Commits the writer made while db:backup ran (timed by the writer: its messages may arrive late).
    const committedDuring = commitTimes.filter((at) => at >= began && at <= ended).length;

    expect(result.engine).toBe("sqlite");
    expect(fs.existsSync(`${backupFile}.partial`)).toBe(false);
    // The writer was still committing while the backup ran, and went on after it.
    expect(committedDuring).toBeGreaterThan(0);
    expect(total).toBeGreaterThan(committedBefore.length);

    const restoredFile = path.join(dir, "restored", "kamernest.db");
    await restoreDatabase({ url: restoredFile }, backupFile);
    assertSqliteIntegrity(restoredFile);
    const raw = new SQLite(restoredFile, { readonly: true });
    expect(raw.pragma("integrity_check")).toEqual([{ integrity_check: "ok" }]);
    expect(raw.pragma("foreign_key_check")).toEqual([]);
    raw.close();
    const restored = connect({ url: restoredFile });
    scratch.push(() => restored.close());
    await expectRestored(restored.db as Kysely<Database>, committedBefore);
    expect((await restored.readiness()).ready).toBe(true);
  });

  it("refuses to overwrite a backup file or a database that holds data, unless --force", async () => {
    const { source, dir } = await scratchSource("sqlite", { preload: false });
    const backupFile = path.join(dir, "b.db");
    await backupDatabase({ url: source.url }, backupFile);
    await expect(backupDatabase({ url: source.url }, backupFile)).rejects.toThrow(/already exists.*--force/);
    await backupDatabase({ url: source.url }, backupFile, { force: true });

    // The live database is a non-empty target.
    await source.db.deleteFrom("properties").execute();
    const error = await restoreDatabase({ url: source.url }, backupFile).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/already holds a database.*--force/);
    expect(await source.db.selectFrom("properties").select("id").execute()).toEqual([]);

    // A damaged backup is refused before the target is touched.
    const damaged = path.join(dir, "damaged.db");
    fs.writeFileSync(damaged, Buffer.concat([fs.readFileSync(backupFile).subarray(0, 4096), Buffer.alloc(8192, 7)]));
    await expect(restoreDatabase({ url: path.join(dir, "new.db") }, damaged)).rejects.toThrow();
    expect(fs.existsSync(path.join(dir, "new.db"))).toBe(false);

    // --force on a stopped server's file: replaced by the backup.
    await source.close();
    await restoreDatabase({ url: source.url }, backupFile, { force: true });
    const again = connect({ url: source.url });
    scratch.push(() => again.close());
    expect((await again.db.selectFrom("properties").select("id").execute()).map((p) => p.id)).toEqual([PROPERTY]);
  });
});

describe("the npm scripts (SQLite)", () => {
  const script = (name: string, args: string[], databaseUrl: string) =>
    spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", `scripts/${name}`, ...args], {
      encoding: "utf8",
      env: { PATH: process.env.PATH, NODE_ENV: "production", DATABASE_URL: databaseUrl },
    });

  it("db:backup then db:restore: usage without a file, a plain refusal over data, --force replaces", { timeout: 60_000 }, async () => {
    const { source, dir } = await scratchSource("sqlite", { preload: false });
    await source.close();
    const backupFile = path.join(dir, "cli.db");
    expect(script("db-backup.ts", [], source.url).status).toBe(2);
    const backedUp = script("db-backup.ts", [backupFile], source.url);
    expect(backedUp.stdout).toContain(`Backed up the sqlite database to ${backupFile}`);
    expect(backedUp.status).toBe(0);

    const refused = script("db-restore.ts", [backupFile], source.url);
    expect(refused.stderr.trim()).toBe(`${source.url} already holds a database: stop the server, then pass --force to replace it`);
    expect(refused.status).toBe(1);
    const forced = script("db-restore.ts", [backupFile, "--force"], source.url);
    expect(forced.status, forced.stderr).toBe(0);
    const fresh = path.join(dir, "fresh", "kamernest.db");
    expect(script("db-restore.ts", [backupFile], fresh).status).toBe(0);
    assertSqliteIntegrity(fresh);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)(`db:backup and db:restore on ${pgUrl ? "postgres" : POSTGRES_NOT_SET}`, () => {
  /** A new, empty database on the test server (a restore target), dropped after the test. */
  async function scratchDatabase(): Promise<string> {
    const database = await createScratchPostgresDatabase("kn_restore");
    scratch.push(() => database.drop());
    return database.url;
  }

  it("a pg_dump taken during writes restores with every pair committed before it began", { timeout: 120_000 }, async () => {
    const { source, dir } = await scratchSource("postgres", { preload: true });

    const committed: string[] = [];
    let stop = false;
    const writers = [0, 1, 2].map(async (w) => {
      for (let n = 1; !stop; n += 1) {
        const id = `w${w}-${n}`;
        await commitPair(source.db, id, w * 100_000 + n);
        committed.push(id);
      }
    });
    while (committed.length < 100) await new Promise((resolve) => setTimeout(resolve, 10));

    const committedBefore = [...committed];
    const backupFile = path.join(dir, "kamernest.dump");
    const result = await backupDatabase({ url: source.url, pgSchema: source.pgSchema }, backupFile);
    const committedDuring = committed.length - committedBefore.length;
    stop = true;
    await Promise.all(writers);
    expect(result.engine).toBe("postgres");
    expect(committedDuring).toBeGreaterThan(0);

    const targetUrl = await scratchDatabase();
    // pg_restore re-creates the foreign keys and unique indexes after the data: a restore that
    // broke one would fail here (--exit-on-error, one transaction).
    await restoreDatabase({ url: targetUrl, pgSchema: source.pgSchema }, backupFile);
    const restored = connect({ url: targetUrl, pgSchema: source.pgSchema });
    scratch.push(() => restored.close());
    await expectRestored(restored.db as Kysely<Database>, committedBefore);
    expect((await restored.readiness()).ready).toBe(true);

    // A second restore into the same (now non-empty) database is refused without --force.
    const error = await restoreDatabase({ url: targetUrl, pgSchema: source.pgSchema }, backupFile).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/already holds tables.*--force/);
  });
  it(
    "a whole database (DATABASE_URL without a schema, as in production) backs up, restores, and restores again with --force",
    { timeout: 120_000 },
    async () => {
      const sourceUrl = await scratchDatabase();
      const source = connect({ url: sourceUrl });
      scratch.push(() => source.close());
      await migrateDatabase(source);
      await seedOwners(source.db);
      await preload(source.db);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-backup-"));
      scratch.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
      const backupFile = path.join(dir, "kamernest.dump");
      await backupDatabase({ url: sourceUrl }, backupFile);

      const targetUrl = await scratchDatabase();
      await restoreDatabase({ url: targetUrl }, backupFile);
      const target = connect({ url: targetUrl });
      scratch.push(() => target.close());
      await expectRestored(target.db as Kysely<Database>, []);
      expect((await target.readiness()).ready).toBe(true);

      // A write made after the backup, then --force: the target is the backup again.
      await commitPair(target.db, "after-backup", 1);
      await expect(restoreDatabase({ url: targetUrl }, backupFile)).rejects.toThrow(/already holds tables/);
      await restoreDatabase({ url: targetUrl }, backupFile, { force: true });
      expect(await target.db.selectFrom("bookings").select("id").where("id", "=", "b-after-backup").execute()).toEqual([]);
      await expectRestored(target.db as Kysely<Database>, []);
      expect((await target.readiness()).ready).toBe(true);
    },
  );
});
