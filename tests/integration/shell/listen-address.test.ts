// The demo listens on loopback only (issue 30): with nothing set, the server is not reachable
// from the machine's other addresses, so nobody on the network signs in with the published demo
// passwords; a public site (or HOST=0.0.0.0) listens on every interface. The same address the
// server's start (server/index.ts) listens on: listenAddress over the loaded configuration.
import http from "node:http";
import net from "node:net";
import os from "node:os";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "#infrastructure/config/config";
import { listenAddress } from "../../../server/process";

/** An IPv4 address of this machine that is not loopback (none on a machine with only lo). */
const otherAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

const servers: http.Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r())))));

async function start(env: Record<string, string>): Promise<number> {
  const where = listenAddress({ port: 0, listenHost: loadConfig(env).listenHost });
  const server = http.createServer((_req, res) => res.end("ok"));
  servers.push(server);
  await new Promise<void>((resolve) =>
    where.host === undefined ? server.listen(where.port, resolve) : server.listen(where.port, where.host, resolve),
  );
  return (server.address() as AddressInfo).port;
}

const reachable = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, host);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

describe("the address the server listens on", () => {
  it("the demo answers on 127.0.0.1 and not on the machine's other addresses", async () => {
    const port = await start({});
    expect(await reachable("127.0.0.1", port)).toBe(true);
    if (otherAddress) expect(await reachable(otherAddress, port), `${otherAddress}:${port}`).toBe(false);
  });

  it("a public site, a declared public demo and HOST=0.0.0.0 answer on every interface", async () => {
    const live = {
      NODE_ENV: "production",
      DEMO_MODE: "false",
      PAYMENT_PROVIDER: "fapshi",
      FAPSHI_API_USER: "u",
      FAPSHI_API_KEY: "k",
      FAPSHI_WEBHOOK_SECRET: "w",
      SESSION_SECRETS: "k7Vq2pX9mR4tW8zN1bC6dF3gH5jL0sA7eY2uI9oP4qZ8",
      APP_URL: "https://kamernest.cm",
    };
    const envs: Array<Record<string, string>> = [live, { ALLOW_PUBLIC_DEMO: "true" }, { HOST: "0.0.0.0" }];
    for (const env of envs) {
      const port = await start(env);
      expect(await reachable("127.0.0.1", port)).toBe(true);
      if (otherAddress) expect(await reachable(otherAddress, port), JSON.stringify(env)).toBe(true);
    }
  });

  it("says where in the start-up line", () => {
    expect(listenAddress({ port: 3000, listenHost: "127.0.0.1" }).shown).toBe("http://127.0.0.1:3000");
    expect(listenAddress({ port: 3000, listenHost: "::1" }).shown).toBe("http://[::1]:3000");
    expect(listenAddress({ port: 3000, listenHost: undefined }).shown).toBe("every interface, port 3000");
  });
});
