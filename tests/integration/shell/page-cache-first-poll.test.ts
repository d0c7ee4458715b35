// An instance's page cache learns the shared counter's value at its first poll. A page it stored
// before that answer, with another instance changing data meanwhile (a busy start-up, or the
// database away until then), must not outlive that first answer: no later poll would see a change.
import type http from "node:http";
import { afterAll, beforeAll, expect, it, describe } from "vitest";
import { pageCache } from "../../../server/page-cache";
import type { SharedCacheGeneration } from "#infrastructure/jobs/kysely-cache-generation";
import { servePageCache } from "./page-cache-app";

describe("the page cache's first poll", () => {
  let server: http.Server;
  let base: string;
  let cache: ReturnType<typeof pageCache>;
  let listing = "open";
  // The shared counter, whose first read is held until the test lets it answer.
  let counter = 7;
  let answerFirstRead = () => {};
  const firstRead = new Promise<void>((resolve) => (answerFirstRead = resolve));
  let reads = 0;
  const generation: SharedCacheGeneration = {
    bump: async () => {
      counter++;
    },
    read: async () => {
      reads++;
      if (reads === 1) await firstRead;
      return counter;
    },
  };

  beforeAll(async () => {
    cache = pageCache({ ttlMs: 60_000, maxEntries: 10, shared: { generation, pollMs: 20 } });
    ({ server, base } = await servePageCache(cache, (app) =>
      app.get("/listings", (_req, res) => {
        res.type("html").send(`<p>listing ${listing}</p>`);
      }),
    ));
  });
  afterAll(async () => {
    cache.stop();
    await new Promise((r) => server.close(r));
  });

  it("empties what was stored before it answered", async () => {
    expect(await (await fetch(`${base}/listings`)).text()).toContain("open");
    expect((await fetch(`${base}/listings`)).headers.get("x-page-cache")).toBe("hit");
    // Another instance hides the listing and bumps the counter before this one's first read answers.
    listing = "hidden";
    await generation.bump();
    let settled = false;
    void cache.firstPollSettled().then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 60));
    expect(settled).toBe(false);
    answerFirstRead();
    // Settled once the answer has emptied the cache, which callers wait on to keep a stored page.
    await cache.firstPollSettled();
    expect(cache.size()).toBe(0);
    expect(await (await fetch(`${base}/listings`)).text()).toContain("hidden");
  });
});
