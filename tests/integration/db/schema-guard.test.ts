// Issue 13, "migrations run once when several instances start together, and an instance whose
// schema is behind refuses to serve" (decision 0130): two migrators at once on a fresh database
// apply each migration once; a database migrated by a newer release, or one still missing
// migrations, is refused at start and reported not ready by /readyz.
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { randomUUID } from "node:crypto";
import { spawn } from "node:child_process";
import pg from "pg";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "#infrastructure/db/connection";
import {
  checkSchema,
  knownMigrations,
  migrateDatabase,
  migrateToLatest,
  SchemaMismatchError,
  schemaStatus,
} from "#infrastructure/db/migrate";
import {
  allDatabaseKinds,
  createScratchPostgresDatabase,
  SCRATCH_DROP_TIMEOUT_MS,
  describeEachDatabase,
  POSTGRES_NOT_SET,
  type DatabaseKind,
} from "../../support/test-database";

const FUTURE = "2099-01-01T0000-from-a-newer-release";

/** A database nobody has migrated yet, and a second handle on it (another instance starting). */
async function freshDatabase(kind: DatabaseKind) {
  const cleanups: Array<() => Promise<void>> = [];
  const handles: DatabaseHandle[] = [];
  let open: () => DatabaseHandle;
  if (kind === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-schema-"));
    const file = path.join(dir, "fresh.db");
    open = () => connect({ url: file });
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  } else {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `t_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    open = () => connect({ url, pgSchema: schema, poolSize: 5 });
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    });
  }
  return {
    /** A handle the test closes itself. */
    openUntracked: () => open(),
    open() {
      const handle = open();
      handles.push(handle);
      return handle;
    },
    async destroy() {
      for (const handle of handles) await handle.close();
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}

/** As if a newer release had migrated the database: one applied migration this build does not know. */
async function recordFutureMigration(handle: DatabaseHandle): Promise<void> {
  const from = handle.schema ? handle.db.withSchema(handle.schema) : handle.db;
  await (from as typeof handle.db)
    .insertInto("kysely_migration" as never)
    .values({ name: FUTURE, timestamp: new Date().toISOString() } as never)
    .execute();
}

async function migratedByNewerRelease(url: string): Promise<void> {
  const handle = connect({ url });
  try {
    await migrateDatabase(handle);
    await recordFutureMigration(handle);
  } finally {
    await handle.close();
  }
}

async function appliedRows(handle: DatabaseHandle): Promise<string[]> {
  const from = handle.schema ? handle.db.withSchema(handle.schema) : handle.db;
  const rows = await (from as typeof handle.db)
    .selectFrom("kysely_migration" as never)
    .select(sql<string>`name`.as("name"))
    .execute();
  return rows.map((r) => r.name).sort();
}

describeEachDatabase(allDatabaseKinds())("the schema guard on %s", (kind) => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  afterEach(async () => {
    await fresh?.destroy();
    fresh = undefined;
  });

  it("two instances starting together apply every migration exactly once", { timeout: 120_000 }, async () => {
    fresh = await freshDatabase(kind);
    const a = fresh.open();
    const b = fresh.open();
    const [appliedByA, appliedByB] = await Promise.all([migrateDatabase(a), migrateDatabase(b)]);
    // Between them, each migration ran once: no name twice, none missing.
    expect([...appliedByA, ...appliedByB].sort()).toEqual(knownMigrations());
    expect(await appliedRows(a)).toEqual(knownMigrations());
    expect((await a.readiness()).ready).toBe(true);
    expect((await b.readiness()).ready).toBe(true);
  });

  it("an unmigrated database is behind: start refuses it without MIGRATE_ON_START and /readyz says so", async () => {
    fresh = await freshDatabase(kind);
    const handle = fresh.open();
    const error = await checkSchema(handle).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaMismatchError);
    expect((error as Error).message).toMatch(/misses \d+ migration\(s\).*refuses to serve.*npm run db:migrate/s);
    expect(await handle.readiness()).toEqual({
      ready: false,
      reason: "schema_behind",
      migrations: { applied: 0, pending: knownMigrations().length, unknown: 0 },
    });
  });

  it("a database still missing one migration is behind", async () => {
    fresh = await freshDatabase(kind);
    const handle = fresh.open();
    await migrateDatabase(handle);
    const last = knownMigrations().at(-1)!;
    // As if this build's newest migration had not run: Kysely's bookkeeping forgets it (its
    // objects stay, so only the check is exercised here, not the migration itself).
    const from = handle.schema ? handle.db.withSchema(handle.schema) : handle.db;
    await (from as typeof handle.db)
      .deleteFrom("kysely_migration" as never)
      .where(sql.ref("name"), "=", last)
      .execute();
    expect(await schemaStatus(handle.db, handle.schema)).toMatchObject({ pending: [last], unknown: [] });
    await expect(checkSchema(handle)).rejects.toThrow(new RegExp(`misses 1 migration\\(s\\) \\(${last}\\)`));
    expect(await handle.readiness()).toMatchObject({ ready: false, reason: "schema_behind" });
  });

  it("a database a newer release migrated is ahead: refused before anything runs, and not ready", async () => {
    fresh = await freshDatabase(kind);
    const handle = fresh.open();
    await migrateDatabase(handle);
    await recordFutureMigration(handle);
    for (const attempt of [() => migrateDatabase(handle), () => migrateToLatest(handle.db, handle.schema), () => checkSchema(handle)]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SchemaMismatchError);
      expect((error as Error).message).toContain(`this build does not know (${FUTURE})`);
      expect((error as Error).message).toContain("refuses to serve");
    }
    expect(await handle.readiness()).toEqual({
      ready: false,
      reason: "schema_ahead",
      migrations: { applied: knownMigrations().length + 1, pending: 0, unknown: 1 },
    });
  });

  it("a database that does not answer is not ready", async () => {
    fresh = await freshDatabase(kind);
    const handle = fresh.openUntracked();
    await migrateDatabase(handle);
    expect(await handle.readiness()).toEqual({ ready: true, migrations: { applied: knownMigrations().length } });
    await handle.close();
    expect(await handle.readiness()).toEqual({ ready: false, reason: "database_unreachable" });
  });
});

/** The server process itself: `tsx server/index.ts` against a database it must refuse. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "server/index.ts"], {
      env: { PATH: process.env.PATH, NODE_ENV: "test", PORT: "3225", DEMO_MODE: "false", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 45_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("the server refuses to start on a schema that is not its own (SQLite)", () => {
  let dir = "";
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-start-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("MIGRATE_ON_START=false on an unmigrated database: exit 1 naming the missing migrations", { timeout: 60_000 }, async () => {
    const file = path.join(dir, "behind.db");
    const { code, output } = await startServer({ DATABASE_URL: file, MIGRATE_ON_START: "false" });
    expect(output).toContain("refuses to serve");
    expect(output).toContain(knownMigrations()[0]);
    expect(code).toBe(1);
  });

  it("a database migrated by a newer release: exit 1 naming the unknown migration", { timeout: 60_000 }, async () => {
    const file = path.join(dir, "ahead.db");
    await migratedByNewerRelease(file);
    const { code, output } = await startServer({ DATABASE_URL: file });
    expect(output).toContain(`this build does not know (${FUTURE})`);
    expect(code).toBe(1);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)(`the server refuses to start on a schema that is not its own (${pgUrl ? "PostgreSQL" : POSTGRES_NOT_SET})`, () => {
  // A PostgreSQL DATABASE_URL makes a public site: the settings it requires, none of them real.
  const publicSite = {
    SESSION_SECRETS: "k7Vq2pX9mR4tW8zN1bC6dF3gH5jL0sA7eY2uI9oP4qZ8",
    PAYMENT_PROVIDER: "fapshi",
    FAPSHI_API_USER: "user",
    FAPSHI_API_KEY: "key",
    FAPSHI_WEBHOOK_SECRET: "whsec-0123456789",
  };
  let scratchDb: Awaited<ReturnType<typeof createScratchPostgresDatabase>> | undefined;
  // The drop waits for a checkpoint (SCRATCH_DROP_TIMEOUT_MS).
  afterEach(async () => {
    await scratchDb?.drop();
    scratchDb = undefined;
  }, SCRATCH_DROP_TIMEOUT_MS);

  it("MIGRATE_ON_START=false on an unmigrated database: exit 1 naming the missing migrations", { timeout: 60_000 }, async () => {
    scratchDb = await createScratchPostgresDatabase("kn_guard");
    const { code, output } = await startServer({ ...publicSite, DATABASE_URL: scratchDb.url, MIGRATE_ON_START: "false" });
    expect(output).toContain("refuses to serve");
    expect(output).toContain(knownMigrations()[0]);
    expect(code).toBe(1);
  });

  it("a database migrated by a newer release: exit 1 naming the unknown migration", { timeout: 60_000 }, async () => {
    scratchDb = await createScratchPostgresDatabase("kn_guard");
    await migratedByNewerRelease(scratchDb.url);
    const { code, output } = await startServer({ ...publicSite, DATABASE_URL: scratchDb.url });
    expect(output).toContain(`this build does not know (${FUTURE})`);
    expect(code).toBe(1);
  });
});
