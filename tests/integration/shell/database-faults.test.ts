// PostgreSQL faults: a database that accepts connections and never answers, connections cut under
// the app, backends terminated by the server. Pages answer 503 with a translated page, /readyz
// says "not ready" within 2 s while /healthz (liveness) stays up, nothing is half-written, and everything comes back by itself. The
// machine's PostgreSQL is never stopped: the faults are made by a TCP relay in front of it and by
// pg_terminate_backend on our own connections.
import net from "node:net";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { connect, isConnectionError, type DatabaseHandle } from "#infrastructure/db/connection";
import { migrateToLatest } from "#infrastructure/db/migrate";
import { startHttpApp, type RunningApp } from "./http-app-harness";

/** A TCP relay to PostgreSQL that can turn silent: it cuts every connection, then accepts new ones and never answers. */
async function startRelay(target: { host: string; port: number }) {
  let silent = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("error", () => {});
    client.on("close", () => sockets.delete(client));
    if (silent) return; // accepted, never answered
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on("error", () => client.destroy());
    upstream.on("close", () => {
      sockets.delete(upstream);
      client.destroy();
    });
    client.on("close", () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    goSilent() {
      silent = true;
      for (const socket of sockets) socket.destroy();
    },
    comeBack() {
      silent = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const PING_BOUND_MS = 2000;

describe("a PostgreSQL server that accepts and never answers", () => {
  let silentServer: net.Server;
  const sockets: net.Socket[] = [];
  let database: DatabaseHandle;
  let app: RunningApp;
  beforeAll(async () => {
    silentServer = net.createServer((socket) => {
      sockets.push(socket);
      socket.on("error", () => {});
    });
    silentServer.listen(0, "127.0.0.1");
    await new Promise((resolve) => silentServer.once("listening", resolve));
    const port = (silentServer.address() as net.AddressInfo).port;
    database = connect({ url: `postgres://postgres@127.0.0.1:${port}/test`, connectTimeoutMs: 500 });
    app = await startHttpApp(database);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silentServer.close(resolve));
  });

  it("/readyz reports the database down within 2 s", { timeout: PING_BOUND_MS + 500 }, async () => {
    const response = await fetch(`${app.base}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "not_ready", ready: false, reason: "database_unreachable" });
  });

  it("/healthz (liveness) answers 200 at once: the process is up, a restart would not help", { timeout: 1000 }, async () => {
    const response = await fetch(`${app.base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
  });

  it("a page answers 503 with the translated 'we'll be right back' page, not a hang or a 500", { timeout: 5000 }, async () => {
    for (const lang of ["en", "fr"]) {
      const response = await fetch(`${app.base}/page`, { headers: { "Accept-Language": lang } });
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("30");
      expect(await response.text()).toContain(lang === "en" ? "We&#39;ll be right back" : "Nous revenons tout de suite");
    }
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)("PostgreSQL connections lost under the app", () => {
  const schema = `t_fault_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  let admin: pg.Client;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let database: DatabaseHandle;
  let app: RunningApp;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.query(`CREATE TABLE ${schema}.fault_rows (id integer PRIMARY KEY)`);
    const target = new URL(pgUrl!);
    relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) });
    const viaRelay = new URL(pgUrl!);
    viaRelay.hostname = "127.0.0.1";
    viaRelay.port = String(relay.port);
    database = connect({ url: viaRelay.href, pgSchema: schema, connectTimeoutMs: 500 });
    // Migrated, so that /readyz is ready while the database answers.
    await migrateToLatest(database.db, schema);
    app = await startHttpApp(database);
  });
  afterEach(() => relay.comeBack());
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await relay?.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it("goes 503 when the connections are cut and comes back by itself when the database returns", { timeout: 10_000 }, async () => {
    expect((await fetch(`${app.base}/page`)).status).toBe(200);
    expect((await fetch(`${app.base}/readyz`)).status).toBe(200);

    // The first page after the cut may reach its loader before the pool has heard its idle
    // connections die (the page cache's poller keeps more of them open): Remix then logs the
    // loader's connection error, which is expected here, and the app still answers 503. Any other
    // console.error still fails the test.
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      if (!args.some((a) => isConnectionError(a))) throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
    });
    relay.goSilent();
    expect((await fetch(`${app.base}/page`)).status).toBe(503);
    expect((await fetch(`${app.base}/page`)).status).toBe(503);
    expect((await fetch(`${app.base}/readyz`)).status).toBe(503);
    expect((await fetch(`${app.base}/healthz`)).status).toBe(200);

    relay.comeBack();
    expect((await fetch(`${app.base}/page`)).status).toBe(200);
    expect((await fetch(`${app.base}/readyz`)).status).toBe(200);
    expect(database.isAvailable()).toBe(true);
  });

  it("a transaction cut half-way leaves nothing written", { timeout: 10_000 }, async () => {
    const attempt = database.db.transaction().execute(async (trx) => {
      await sql`insert into fault_rows (id) values (1)`.execute(trx);
      relay.goSilent();
      await sql`insert into fault_rows (id) values (2)`.execute(trx);
    });
    await expect(attempt).rejects.toThrow();
    relay.comeBack();
    // PostgreSQL rolled the transaction back when its connection went: no row 1 without row 2.
    await vi.waitFor(async () => {
      const { rows } = await admin.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'insert into fault_rows%' AND pid <> pg_backend_pid()`,
      );
      expect(rows[0].n).toBe(0);
    });
    expect((await admin.query(`SELECT id FROM ${schema}.fault_rows`)).rows).toEqual([]);
    // And the app works again on fresh connections.
    await sql`insert into fault_rows (id) values (3)`.execute(database.db);
    expect((await admin.query(`SELECT id FROM ${schema}.fault_rows`)).rows).toEqual([{ id: 3 }]);
  });
});

describe.skipIf(!pgUrl)("a backend terminated while idle in the pool", () => {
  it("does not end the process: the pool drops it and the next query gets a fresh connection", async () => {
    const name = `kn_fault_${randomUUID().slice(0, 8)}`;
    const url = new URL(pgUrl!);
    url.searchParams.set("application_name", name);
    const database = connect({ url: url.href });
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    try {
      // Three connections, now idle in the pool.
      await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(database.db)));
      const { rows } = await admin.query("SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE application_name = $1", [
        name,
      ]);
      expect(rows.length).toBeGreaterThan(0);
      // The pool's 'error' event (which, unheard, would end the process) marks the database as suspect.
      await vi.waitFor(() => expect(database.isAvailable()).toBe(false));
      expect(await database.ping()).toBe(true);
      expect(database.isAvailable()).toBe(true);
      const { rows: answer } = await sql<{ n: number }>`select 1 as n`.execute(database.db);
      expect(answer).toEqual([{ n: 1 }]);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
