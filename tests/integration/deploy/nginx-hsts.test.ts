// deploy/nginx/kamernest.conf itself (its ports, upstream and certificate paths rewritten for a
// test: a self-signed certificate, 127.0.0.1) in front of the real app (server/http-app.ts) with a
// production configuration on https: an answer through nginx carries exactly one
// Strict-Transport-Security header, the app's (docs/security.md: the app owns it, the proxy does
// not add its own; issue 30). Skipped without nginx, like the nginx -t check.
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { connect, type DatabaseHandle } from "#infrastructure/db/connection";
import { freePort } from "../../../scripts/lib/cluster-kit";
import { startHttpApp, type RunningApp } from "../shell/http-app-harness";

const nginxBin = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));

/** The site's directives with this machine's ports and files; nothing else changed. */
function testedSite(site: string, dir: string, ports: { http: number; https: number; app: number }): string {
  return site
    .split("\n")
    .filter((line) => !/^\s*listen\s+\[::\]:/.test(line)) // IPv6 may be off in a container.
    .map((line) =>
      line
        .replace(/^(\s*listen\s+)80;/, `$1127.0.0.1:${ports.http};`)
        .replace(/^(\s*listen\s+)443(\s)/, `$1127.0.0.1:${ports.https}$2`)
        .replace(/^(\s*server\s+)127\.0\.0\.1:3000(\s)/, `$1127.0.0.1:${ports.app}$2`),
    )
    .join("\n")
    .replaceAll("/etc/letsencrypt/live/kamernest.cm", dir);
}

/** A GET through nginx's TLS port, as a browser asking for https://kamernest.cm would send it. */
const get = (port: number, pathname: string) =>
  new Promise<{ status: number; raw: string[] }>((resolve, reject) => {
    https
      .get(
        {
          host: "127.0.0.1",
          port,
          path: pathname,
          servername: "kamernest.cm",
          headers: { Host: "kamernest.cm" },
          rejectUnauthorized: false,
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, raw: res.rawHeaders }));
        },
      )
      .on("error", reject);
  });

describe.skipIf(!nginxBin)("Strict-Transport-Security through deploy/nginx/kamernest.conf", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-hsts-"));
  let database: DatabaseHandle | undefined;
  let app: RunningApp | undefined;
  let nginx: ChildProcess | undefined;

  afterAll(async () => {
    nginx?.kill("SIGTERM");
    await app?.close();
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is sent once, by the app, with the app's value", { timeout: 30_000 }, async () => {
    database = connect({ url: ":memory:" });
    // A public site on https behind one proxy, as deploy/kamernest.env runs it (the demo allowed, for the test's database).
    app = await startHttpApp(database, {
      NODE_ENV: "production",
      APP_URL: "https://kamernest.cm",
      ALLOW_PUBLIC_DEMO: "true",
      TRUST_PROXY: "1",
    });
    const ports = { http: await freePort(), https: await freePort(), app: app.port };
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=kamernest.cm",
        "-keyout",
        path.join(dir, "privkey.pem"),
        "-out",
        path.join(dir, "fullchain.pem"),
      ],
      { stdio: "ignore" },
    );
    fs.writeFileSync(path.join(dir, "site.conf"), testedSite(fs.readFileSync("deploy/nginx/kamernest.conf", "utf8"), dir, ports));
    fs.writeFileSync(
      path.join(dir, "nginx.conf"),
      [
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log;`,
        "events {}",
        "http {",
        `  access_log off; client_body_temp_path ${dir}; proxy_temp_path ${dir};`,
        `  include ${dir}/site.conf;`,
        "}",
      ].join("\n"),
    );
    nginx = spawn(nginxBin!, ["-c", path.join(dir, "nginx.conf"), "-p", dir, "-e", path.join(dir, "error.log"), "-g", "daemon off;"], {
      stdio: "ignore",
    });
    let answer: { status: number; raw: string[] } | undefined;
    for (let i = 0; i < 100 && !answer; i++) {
      answer = await get(ports.https, "/echo").catch(() => undefined);
      if (!answer) await new Promise((r) => setTimeout(r, 100));
    }
    expect(answer?.status).toBe(200);
    const sts = (raw: string[]) => raw.filter((_value, i) => i % 2 === 1 && raw[i - 1].toLowerCase() === "strict-transport-security");
    expect(sts(answer!.raw)).toEqual(["max-age=31536000; includeSubDomains"]);
  });
});
