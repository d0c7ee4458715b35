// Two instances on one database (issue 13, decision 0134): a change made through one empties the
// other's page cache within a second, through the shared counter both poll; an expired copy served
// while a render is under way (stale while revalidate, decision 0150) goes with it.
import type http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pageCache } from "../../../server/page-cache";
import { servePageCache } from "./page-cache-app";
import { connect, type DatabaseHandle } from "#infrastructure/db/connection";
import { KyselyCacheGeneration } from "#infrastructure/jobs/kysely-cache-generation";
import { PublicPagesSignal } from "#infrastructure/jobs/public-pages-signal";
import { allDatabaseKinds, createTestDatabase, describeEachDatabase, type TestDatabase } from "../../support/test-database";

/**
 * The page at `url` once it contains `text`, asked again every 20 ms (the other instance polls
 * every 50 ms: a second in practice); after 5 s, the last answer, so the test's expectation fails.
 * The bound is loose so that a busy machine cannot fail it.
 */
async function pageOnceItShows(url: string, text: string): Promise<string> {
  const started = Date.now();
  let page = "";
  while (Date.now() - started < 5_000) {
    page = await (await fetch(url)).text();
    if (page.includes(text)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return page;
}

describeEachDatabase(allDatabaseKinds())("the page cache shared by two instances on %s", (kind) => {
  let db: TestDatabase;
  let otherHandle: DatabaseHandle;
  const servers: http.Server[] = [];
  const caches: Array<ReturnType<typeof pageCache>> = [];
  const bases: string[] = [];
  const signals: PublicPagesSignal[] = [];
  let listing = "open";
  // The second instance's clock, and a render of /listings that waits until released.
  let clock = 0;
  let hold: Promise<void> | null = null;
  let held = () => {};

  async function instance(handle: DatabaseHandle, now?: () => number) {
    const cache = pageCache({
      ttlMs: 60_000,
      maxEntries: 10,
      now,
      shared: { generation: new KyselyCacheGeneration(handle.db), pollMs: 50 },
    });
    caches.push(cache);
    // As app/services.server.ts and server/http-app.ts wire them: the use case tells the signal,
    // which empties this instance's cache and bumps the counter the others poll.
    const publicPages = new PublicPagesSignal(new KyselyCacheGeneration(handle.db), { spacingMs: 50 });
    publicPages.onChange(cache.clear);
    signals.push(publicPages);
    const { server, base } = await servePageCache(cache, (app) => {
      app.post("/hide", (_req, res) => {
        listing = "hidden";
        publicPages.changed();
        res.redirect(303, "/listings");
      });
      app.get("/listings", async (_req, res) => {
        const waitFor = hold;
        hold = null;
        if (waitFor) {
          held();
          await waitFor;
        }
        res.type("html").send(`<p>listing ${listing}</p>`);
      });
    });
    servers.push(server);
    bases.push(base);
  }

  beforeAll(async () => {
    db = await createTestDatabase(kind);
    otherHandle = kind === "sqlite" ? connect({ url: db.url }) : connect({ url: db.url, pgSchema: db.pgSchema, poolSize: 5 });
    await instance(db);
    await instance(otherHandle, () => clock);
    // A page stored before an instance's first poll answers is emptied by that answer (decision
    // 0134): on a busy machine, after the first test below has stored it and before it reads it back.
    await Promise.all(caches.map((cache) => cache.firstPollSettled()));
  });
  afterAll(async () => {
    for (const cache of caches) cache.stop();
    for (const signal of signals) signal.stop();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    await otherHandle.close();
    await db.destroy();
  });

  it("a listing hidden through one instance leaves the other's cached page at its next poll", async () => {
    const [a, b] = bases;
    expect(await (await fetch(`${b}/listings`)).text()).toContain("open");
    const cached = await fetch(`${b}/listings`);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    await fetch(`${a}/hide`, { method: "POST", redirect: "manual" });
    expect(await pageOnceItShows(`${b}/listings`, "hidden")).toContain("hidden");
  });

  it("an expired copy served during a render is dropped with the rest when another instance changes data", async () => {
    const [a, b] = bases;
    listing = "open";
    // A page the first test did not cache. (Emptying b's cache here would bump the shared counter,
    // and b's next poll, seeing its own bump, would empty it again: on a busy machine after the
    // copy below was stored.)
    const page = `${b}/listings?round=2`;
    clock = 0;
    expect(await (await fetch(page)).text()).toContain("listing open");
    // Past the TTL: the next request renders the page again, and is held there.
    clock = 61_000;
    let release = () => {};
    hold = new Promise<void>((r) => (release = r));
    const rendering = new Promise<void>((r) => (held = r));
    const refreshing = fetch(page);
    // Only once that render is under way are the others served the expired copy.
    await rendering;
    const stale = await fetch(page);
    expect(stale.headers.get("x-page-cache")).toBe("stale");
    expect(await stale.text()).toContain("listing open");
    // The listing is hidden through the other instance while the render is still held.
    await fetch(`${a}/hide`, { method: "POST", redirect: "manual" });
    expect(await pageOnceItShows(page, "hidden")).toContain("hidden");
    release();
    await (await refreshing).text();
  });
});
