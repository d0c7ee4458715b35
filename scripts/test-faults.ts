// `npm run test:faults` (run by `npm test` after the cluster checks when TEST_DATABASE_URL is set):
// PostgreSQL stopped for 20 s under traffic (issue 13, "Faults"). Two app instances behind nginx
// (scripts/lib/cluster-kit.ts) on a PostgreSQL server of this script's own
// (scripts/lib/private-postgres.ts; the machine's shared server is never stopped), visitors
// browsing and two signed-in students writing to agents (a thread and a message in one
// transaction), then `pg_ctl stop -m immediate`, 20 s without a database, `pg_ctl start`. Checks:
//   1. while it is down, pages answer 503 with the translated page (English and French, by
//      Accept-Language and by the language cookie) or a visitors' page from memory, never a 500,
//      a 502 or a hang; /readyz says not ready, /healthz stays up;
//   2. nothing is half-written: every message a client saw sent is stored exactly once, and every
//      thread has its messages and a last_message_at that matches them;
//   3. the instances recover by themselves: pages answer 200 again within RECOVERY_BOUND_MS of the
//      database's return, from the same processes.
//
// Exits 1 when a check fails, 2 when it cannot run (no PostgreSQL binaries, no nginx).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import {
  checkList,
  cookieHeader,
  DEMO_PASSWORD,
  ensureBuild,
  ensureNginx,
  freePort,
  logIn,
  startInstance,
  startNginx,
  stopChildren,
} from "./lib/cluster-kit";
import { createPrivatePostgres, PrivatePostgresError, type PrivatePostgres } from "./lib/private-postgres";

const OUTAGE_MS = 20_000;
/** A request not answered within this is a hang (the app's own bounds: 3 s to connect, 1.5 s per ping). */
const ANSWER_BOUND_MS = 10_000;
/** Pages must answer 200 again within this of the database's return. */
const RECOVERY_BOUND_MS = 15_000;
const UNAVAILABLE_TEXT = { en: "We&#39;ll be right back", fr: "Nous revenons tout de suite" } as const;
/** Remix's kn_lang cookie: base64 JSON ("fr" → ImZyIg==). */
const FRENCH_COOKIE = `kn_lang=${Buffer.from(JSON.stringify("fr")).toString("base64")}`;

const log = (line: string) => console.log(`[faults] ${line}`);
const { check, finish } = checkList(log);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Phase = "before" | "down" | "back";
interface Answer {
  phase: Phase;
  /** When the request was sent (Date.now()). */
  sentAt: number;
  what: string;
  /** 0: no answer within ANSWER_BOUND_MS or the connection failed. */
  status: number;
  ms: number;
  /** For 503s: the page's language, when it is the translated "we'll be right back" page. */
  page?: "en" | "fr";
  location?: string | null;
  token?: string;
}

async function ask(url: string, init: RequestInit = {}): Promise<{ status: number; ms: number; text: string; location: string | null }> {
  const started = Date.now();
  try {
    const response = await fetch(url, { redirect: "manual", ...init, signal: AbortSignal.timeout(ANSWER_BOUND_MS) });
    const text = await response.text();
    return { status: response.status, ms: Date.now() - started, text, location: response.headers.get("location") };
  } catch {
    return { status: 0, ms: Date.now() - started, text: "", location: null };
  }
}

/** A message the client saw sent: the redirect back to the listing (not to the sign-in page). */
const isSent = (a: Answer) => a.what === "POST contact" && (a.status === 302 || a.status === 303) && !/\/auth\//.test(a.location ?? "");

const pageLanguage = (text: string) => (text.includes(UNAVAILABLE_TEXT.en) ? "en" : text.includes(UNAVAILABLE_TEXT.fr) ? "fr" : undefined);

async function main() {
  const nginx = ensureNginx(log);
  ensureBuild(log);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-faults-"));
  let server: PrivatePostgres | undefined;
  const instances: ChildProcess[] = [];
  try {
    try {
      server = createPrivatePostgres(await freePort(), log);
      await server.start();
    } catch (error) {
      if (error instanceof PrivatePostgresError) {
        log(`cannot run: ${error.message}`);
        process.exitCode = 2;
        return;
      }
      throw error;
    }
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query("CREATE DATABASE kamernest_faults");
    await admin.end();
    const databaseUrl = Object.assign(new URL(server.url), { pathname: "/kamernest_faults" }).toString();

    const [portA, portB, portProxy] = [await freePort(), await freePort(), await freePort()];
    const proxyUrl = `http://127.0.0.1:${portProxy}`;
    const direct = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
    const instance = (name: string, port: number) =>
      startInstance({ name, port, databaseUrl, appUrl: proxyUrl, storageDir: path.join(work, "uploads") });
    // The first instance migrates and seeds; the second starts on the ready database.
    instances.push(await instance("a", portA));
    instances.push(await instance("b", portB));
    const { url: proxy } = await startNginx(nginx, work, [portA, portB], portProxy);
    log(`two instances (:${portA}, :${portB}) behind nginx (:${portProxy}) on the private PostgreSQL`);

    const writers = await Promise.all(
      ["student@kamernest.test", "subscriber@kamernest.test"].map(async (email) => {
        const session = await logIn(proxy, email, DEMO_PASSWORD);
        if (session.status !== 302) throw new Error(`could not sign in as ${email} (${session.status})`);
        return { email, cookie: cookieHeader(session.jar) };
      }),
    );
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows: listings } = await db.query<{ id: string }>(
      "SELECT id FROM properties WHERE hidden_at IS NULL AND status = 'available' ORDER BY created_at DESC LIMIT 6",
    );
    // The check's own connection is closed before the stop: a pg.Client that loses its server emits 'error'.
    await db.end();

    // Traffic: visitors browsing (some pages come from the page cache, some never do) and
    // signed-in students writing to agents.
    let phase: Phase = "before";
    let running = true;
    const answers: Answer[] = [];
    const visitorPaths = ["/", "/listings", `/listings/${listings[0].id}`, `/listings/${listings[1].id}`, "/guest-houses", "/blog"];
    const browse = async (n: number) => {
      for (let i = n; running; i++) {
        // Every third page is a search nobody asked before: never from memory, always to the database.
        const what = i % 3 === 0 ? `/listings?q=${randomUUID().slice(0, 8)}` : visitorPaths[i % visitorPaths.length];
        const [at, sentAt] = [phase, Date.now()];
        const r = await ask(`${proxy}${what}`, { headers: { "Accept-Language": n % 2 ? "fr" : "en" } });
        answers.push({
          phase: at,
          sentAt,
          what: `GET ${what.replace(/q=.*/, "q=…")}`,
          status: r.status,
          ms: r.ms,
          page: pageLanguage(r.text),
        });
        await sleep(50);
      }
    };
    const write = async (writer: (typeof writers)[number], n: number) => {
      for (let i = 0; running; i++) {
        const listing = listings[(n + i) % listings.length].id;
        const token = `faults-${randomUUID()}`;
        const [at, sentAt] = [phase, Date.now()];
        const r = await ask(`${proxy}/listings/${listing}`, {
          method: "POST",
          headers: { Cookie: writer.cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "contact", body: `Is this still available? (${token})` }).toString(),
        });
        answers.push({
          phase: at,
          sentAt,
          what: "POST contact",
          status: r.status,
          ms: r.ms,
          page: pageLanguage(r.text),
          location: r.location,
          token,
        });
        await sleep(150);
      }
    };
    const traffic = Promise.all([0, 1, 2, 3].map(browse).concat(writers.map(write)));
    await sleep(3_000);

    // The outage.
    phase = "down";
    await server.stop("immediate");
    const stoppedAt = Date.now();
    log("PostgreSQL stopped (pg_ctl stop -m immediate)");
    const probes: { name: string; ok: boolean; detail: string }[] = [];
    const probe = async (name: string, url: string, init: RequestInit, expect: (r: Awaited<ReturnType<typeof ask>>) => boolean) => {
      const r = await ask(url, init);
      probes.push({
        name,
        ok: expect(r),
        detail: `${r.status} in ${r.ms} ms${pageLanguage(r.text) ? `, ${pageLanguage(r.text)} page` : ""}`,
      });
    };
    const probeAll = async () => {
      const profile = `${proxy}/profile`;
      await probe(
        "/profile in English",
        profile,
        { headers: { Cookie: writers[0].cookie, "Accept-Language": "en" } },
        (r) => r.status === 503 && pageLanguage(r.text) === "en",
      );
      await probe(
        "/profile in French by Accept-Language",
        profile,
        { headers: { Cookie: writers[0].cookie, "Accept-Language": "fr-CM,fr;q=0.9" } },
        (r) => r.status === 503 && pageLanguage(r.text) === "fr",
      );
      await probe(
        "/profile in French by the language cookie",
        profile,
        { headers: { Cookie: `${writers[1].cookie}; ${FRENCH_COOKIE}`, "Accept-Language": "en" } },
        (r) => r.status === 503 && pageLanguage(r.text) === "fr",
      );
      for (const [i, base] of direct.entries()) {
        const name = "ab"[i];
        await probe(
          `/readyz on ${name}`,
          `${base}/readyz`,
          {},
          (r) => r.status === 503 && /"ready":false/.test(r.text) && /database_unreachable/.test(r.text),
        );
        await probe(`/healthz on ${name}`, `${base}/healthz`, {}, (r) => r.status === 200);
      }
    };
    await sleep(2_000);
    await probeAll();
    await sleep(Math.max(0, stoppedAt + OUTAGE_MS - 4_000 - Date.now()));
    await probeAll();
    await sleep(Math.max(0, stoppedAt + OUTAGE_MS - Date.now()));

    // The return. Each instance is asked directly, so that each shows it recovered by itself.
    await server.start();
    const startedAt = Date.now();
    phase = "back";
    const polls: string[] = [];
    const backAfter = await Promise.all(
      direct.map(async (base, i) => {
        while (Date.now() - startedAt < RECOVERY_BOUND_MS * 2) {
          const r = await ask(`${base}/profile`, { headers: { Cookie: writers[0].cookie } });
          polls.push(`${"ab"[i]} ${r.status} after ${Date.now() - startedAt} ms`);
          if (r.status === 200) return Date.now() - startedAt;
          await sleep(250);
        }
        return -1;
      }),
    );
    const recoveredAt = Date.now();
    log(`PostgreSQL started again; /profile on each instance: ${polls.join(", ")}`);
    await sleep(3_000);
    running = false;
    await traffic;
    const readyAfter = await Promise.all(direct.map((base) => ask(`${base}/readyz`)));

    // 1. While the database was away.
    const down = answers.filter((a) => a.phase === "down");
    // A visitors' page from memory is a 200; a message sent just as the database came back, a redirect.
    const bad = down.filter((a) => !(a.status === 503 && a.page) && !(a.status === 200 && a.what.startsWith("GET")) && !isSent(a));
    const byKind = (list: Answer[]) => {
      const counts = new Map<string, number>();
      for (const a of list)
        counts.set(`${a.status}${a.page ? ` ${a.page}` : ""}`, (counts.get(`${a.status}${a.page ? ` ${a.page}` : ""}`) ?? 0) + 1);
      return [...counts].map(([k, v]) => `${k}: ${v}`).join(", ");
    };
    const slowest = Math.max(0, ...down.map((a) => a.ms));
    check(
      "while PostgreSQL is down, pages answer the translated 503 page (or a visitors' page from memory), never a 500, a 502 or a hang",
      down.length > 0 && down.some((a) => a.status === 503) && bad.length === 0,
      `${down.length} answers (${byKind(down)}); slowest ${slowest} ms${
        bad.length
          ? `; unexpected: ${bad
              .slice(0, 5)
              .map((a) => `${a.what} → ${a.status}`)
              .join(", ")}`
          : ""
      }`,
    );
    const languages = down.filter((a) => a.status === 503 && a.what.startsWith("GET"));
    check(
      "the 503 page follows the reader's language (browsing in English and in French)",
      languages.some((a) => a.page === "en") && languages.some((a) => a.page === "fr"),
      byKind(languages),
    );
    for (const p of probes) check(`while PostgreSQL is down: ${p.name}`, p.ok, p.detail);

    // 2. Nothing half-written.
    const sent = answers.filter(isSent);
    const db2 = new pg.Client({ connectionString: databaseUrl });
    await db2.connect();
    try {
      const tokens = answers.filter((a) => a.token).map((a) => `%(${a.token})`);
      const { rows: stored } = await db2.query<{ body: string }>("SELECT body FROM messages WHERE body LIKE ANY($1::text[])", [tokens]);
      const storedCount = new Map<string, number>();
      for (const { body } of stored) {
        const token = /\((faults-[0-9a-f-]+)\)$/.exec(body)?.[1] ?? "";
        storedCount.set(token, (storedCount.get(token) ?? 0) + 1);
      }
      const missing = sent.filter((a) => storedCount.get(a.token!) !== 1);
      const sentBefore = sent.filter((a) => a.phase === "before").length;
      const sentBack = sent.filter((a) => a.phase === "back").length;
      const failedButStored = answers.filter((a) => a.token && !sent.includes(a) && storedCount.has(a.token)).length;
      check(
        "every message a client saw sent is stored exactly once",
        sentBefore > 0 && sentBack > 0 && missing.length === 0,
        `${sent.length} sent (${sentBefore} before, ${sent.filter((a) => a.phase === "down").length} during, ${sentBack} after the outage), ${missing.length} missing or doubled; ${answers.filter((a) => a.token).length - sent.length} refused, of which ${failedButStored} stored anyway`,
      );
      const { rows: broken } = await db2.query<{ id: string; problem: string }>(`
        SELECT t.id, 'no message' AS problem FROM message_threads t
          WHERE NOT EXISTS (SELECT 1 FROM messages m WHERE m.thread_id = t.id)
        UNION ALL
        SELECT t.id, 'last_message_at before its newest message' FROM message_threads t
          WHERE t.last_message_at < (SELECT max(m.created_at) FROM messages m WHERE m.thread_id = t.id)`);
      const {
        rows: [{ n: threads }],
      } = await db2.query<{ n: number }>("SELECT count(*)::int AS n FROM message_threads");
      check(
        "nothing is half-written: every thread has its messages and a last_message_at that covers them",
        broken.length === 0,
        `${threads} threads${
          broken.length
            ? `; ${broken
                .slice(0, 5)
                .map((b) => `${b.id}: ${b.problem}`)
                .join(", ")}`
            : ""
        }`,
      );
    } finally {
      await db2.end();
    }

    // 3. Recovery, by themselves.
    const after = answers.filter((a) => a.sentAt >= recoveredAt);
    const notOk = after.filter((a) => !(a.status === 200 || isSent(a)));
    check(
      "after PostgreSQL returns, each instance's pages answer 200 again by themselves",
      backAfter.every((ms) => ms >= 0 && ms <= RECOVERY_BOUND_MS),
      `/profile 200 after ${backAfter.map((ms) => `${ms} ms`).join(" and ")} (bound ${RECOVERY_BOUND_MS} ms)`,
    );
    check(
      "the same processes serve again: both instances ready, nothing restarted, no failed request after recovery",
      instances.every((c) => c.exitCode === null && c.signalCode === null) &&
        readyAfter.every((r) => r.status === 200) &&
        after.length > 0 &&
        notOk.length === 0,
      `/readyz ${readyAfter.map((r) => r.status).join(", ")}; ${after.length} requests after recovery (${byKind(after)})`,
    );
  } finally {
    stopChildren();
    await sleep(1_000);
    await server?.remove();
    fs.rmSync(work, { recursive: true, force: true });
  }
  finish(process.env.FAULTS_RESULTS);
  if (process.exitCode !== 2) log("all checks passed");
}

main().catch((error) => {
  console.error(error);
  stopChildren("SIGKILL");
  process.exit(2);
});
