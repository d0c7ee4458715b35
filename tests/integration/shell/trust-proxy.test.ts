// TRUST_PROXY: the client's address (per-IP limits) comes only from the proxies we name, so a
// forged X-Forwarded-For changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "#infrastructure/db/connection";
import { startHttpApp, type RunningApp } from "./http-app-harness";

async function ipSeen(app: RunningApp, forwardedFor?: string): Promise<string> {
  const response = await fetch(`${app.base}/echo`, { headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {} });
  expect(response.status).toBe(200);
  return ((await response.json()) as { ip: string }).ip;
}

describe("the client IP behind a proxy", () => {
  let database: DatabaseHandle;
  const apps: RunningApp[] = [];
  beforeAll(() => {
    database = connect({ url: ":memory:" });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });
  const start = async (trustProxy?: string) => {
    const app = await startHttpApp(database, trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy });
    apps.push(app);
    return app;
  };

  it("without TRUST_PROXY, X-Forwarded-For is ignored: the connection's address is the client", async () => {
    const app = await start();
    expect(await ipSeen(app)).toBe("127.0.0.1");
    expect(await ipSeen(app, "203.0.113.7")).toBe("127.0.0.1");
  });

  it("TRUST_PROXY=1: the address our proxy appended, whatever the client wrote before it", async () => {
    const app = await start("1");
    // Our proxy (here: the test, from 127.0.0.1) appends the address it saw: 198.51.100.20.
    expect(await ipSeen(app, "198.51.100.20")).toBe("198.51.100.20");
    expect(await ipSeen(app, "10.1.2.3, 198.51.100.20")).toBe("198.51.100.20");
    expect(await ipSeen(app, "1.1.1.1, 8.8.8.8, 198.51.100.20")).toBe("198.51.100.20");
  });

  it("TRUST_PROXY=<proxy range>: only a request from that proxy may name the client", async () => {
    const fromProxy = await start("127.0.0.0/8");
    expect(await ipSeen(fromProxy, "6.6.6.6, 198.51.100.20")).toBe("198.51.100.20");
    const elsewhere = await start("10.0.0.0/8");
    // The test is not a trusted proxy: its forged header is ignored.
    expect(await ipSeen(elsewhere, "198.51.100.20")).toBe("127.0.0.1");
  });
});
