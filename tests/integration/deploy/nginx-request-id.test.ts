// deploy/cluster/nginx.conf, run as npm run test:cluster runs it, in front of the app's request-id
// middleware with TRUST_PROXY=loopback: the id nginx makes ($request_id) is the one the app
// answers with and logs (decision 0137). Skipped without nginx, like the nginx -t check.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type http from "node:http";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { requestIds } from "../../../server/request-id";
import { captureLogs } from "#infrastructure/logging/logger";
import { freePort, startNginx, stopChildren } from "../../../scripts/lib/cluster-kit";

const nginxBin = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));

describe.skipIf(!nginxBin)("nginx's request id through deploy/cluster/nginx.conf", () => {
  let server: http.Server | undefined;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-nginx-id-"));
  afterAll(async () => {
    stopChildren();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("is the app's X-Request-Id and the reqId of its log lines", { timeout: 30_000 }, async () => {
    const app = express();
    app.set("trust proxy", ["loopback"]);
    app.use(requestIds());
    app.get("/healthz", (_req, res) => res.send("ok"));
    const port = await freePort();
    server = app.listen(port, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    const { url } = await startNginx(nginxBin!, work, [port], await freePort());

    const { result, lines } = await captureLogs(async () => {
      const response = await fetch(`${url}/healthz`, { headers: { "X-Request-Id": "chosen-by-the-client" } });
      await response.text();
      return response.headers.get("X-Request-Id");
    });
    // nginx's $request_id: 32 hex digits, whatever the client sent.
    expect(result).toMatch(/^[0-9a-f]{32}$/);
    await expect.poll(() => lines.find((l) => l.msg === "request")?.reqId).toBe(result);
  });
});
