// The pieces every multi-instance script shares (scripts/test-cluster.ts, the fault and load
// scripts): app instances started from the production build, nginx in front of them with the
// example configuration (deploy/cluster/nginx.conf), a scratch PostgreSQL database, and a
// browser's cookie jar for plain fetch.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { installDebianPackage } from "./debian-package.mjs";
import { ensureProductionBuild, PRODUCTION_SERVER } from "./production-build.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const DEMO_PASSWORD = "kamernest-demo";

/** Every process a script started, so its `finally` (or a crash) can stop them all. */
export const children: ChildProcess[] = [];

export function stopChildren(signal: NodeJS.Signals = "SIGTERM") {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

export function ensureNginx(log: (line: string) => void): string {
  const found = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
  if (found) return found;
  log("nginx is missing: installing Debian's package");
  if (!installDebianPackage("nginx-light")) {
    log("could not install nginx (apt-get install -y nginx-light)");
    process.exit(2);
  }
  return "/usr/sbin/nginx";
}

export function ensureBuild(log: (line: string) => void) {
  if (!ensureProductionBuild(log)) process.exit(2);
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

export async function waitFor(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in ${timeoutMs} ms`);
}

export interface InstanceOptions {
  name: string;
  port: number;
  databaseUrl: string;
  /** The public address (nginx's), for links and same-origin checks. */
  appUrl: string;
  storageDir: string;
  /** Settings on top of the shared ones (intervals, storage, limits). */
  env?: Record<string, string>;
}

/** One app instance, the compiled server (decision 0192); resolves once /readyz answers 200. */
export async function startInstance({ name, port, databaseUrl, appUrl, storageDir, env = {} }: InstanceOptions): Promise<ChildProcess> {
  const child = spawn(process.execPath, [PRODUCTION_SERVER], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      // The demo accounts sign in for the checks; on PostgreSQL the app calls that a public demo
      // and asks for this flag (and shows a banner).
      DEMO_MODE: "true",
      ALLOW_PUBLIC_DEMO: "true",
      APP_URL: appUrl,
      SESSION_SECRETS: "cluster-test-secret-shared-by-both-instances",
      TRUST_PROXY: "loopback",
      STORAGE_DIR: storageDir,
      ALERTS_INTERVAL_MS: "0",
      BOOKING_NOTICES_INTERVAL_MS: "0",
      SIGN_UPS_PER_IP: "200",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) console.log(`[${name}] ${line}`);
  });
  children.push(child);
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`instance ${name} exited (${code}) before it was ready`))),
  );
  await Promise.race([waitFor(`http://127.0.0.1:${port}/readyz`, 90_000), exited]);
  return child;
}

/** nginx in front of the given instance ports, from deploy/cluster/nginx.conf; returns its address. */
export async function startNginx(
  nginx: string,
  work: string,
  instancePorts: number[],
  proxyPort: number,
): Promise<{ process: ChildProcess; url: string }> {
  const template = fs.readFileSync(path.join(root, "deploy/cluster/nginx.conf"), "utf8");
  const upstreams = instancePorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join("\n    ");
  // The placeholders in the directives (the comments name them too, and stay as they are).
  const conf = template
    .split("\n")
    .map((line) =>
      line.trimStart().startsWith("#")
        ? line
        : line.replaceAll("__PREFIX__", work).replace("__LISTEN__", `127.0.0.1:${proxyPort}`).replace("__UPSTREAMS__", upstreams),
    )
    .join("\n");
  fs.writeFileSync(path.join(work, "nginx.conf"), conf);
  const child = spawn(nginx, ["-c", path.join(work, "nginx.conf"), "-p", work, "-e", path.join(work, "error.log"), "-g", "daemon off;"], {
    stdio: "inherit",
  });
  children.push(child);
  const url = `http://127.0.0.1:${proxyPort}`;
  await waitFor(`${url}/healthz`, 15_000);
  return { process: child, url };
}

/** A fresh database on the server of `baseUrl`, dropped (even with connections left) by `drop`. */
export async function scratchDatabase(baseUrl: string, prefix: string) {
  const name = `${prefix}_${randomUUID().replace(/-/g, "").slice(0, 10)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
  return {
    name,
    url,
    async drop(log: (line: string) => void) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((e: Error) => log(`could not drop ${name}: ${e.message}`));
      await admin.end();
    },
  };
}

/** Cookies as a browser keeps them: name=value pairs from Set-Cookie. */
export function cookiesFrom(response: Response, jar = new Map<string, string>()): Map<string, string> {
  return cookiesFromSetCookie(response.headers.getSetCookie(), jar);
}

/** The same from the raw Set-Cookie values (undici's request() answers them as a string or an array). */
export function cookiesFromSetCookie(setCookie: string | string[] | undefined, jar = new Map<string, string>()): Map<string, string> {
  for (const header of typeof setCookie === "string" ? [setCookie] : (setCookie ?? [])) {
    const [pair] = header.split(";");
    const eq = pair.indexOf("=");
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return jar;
}
export const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

/** A password sign-in; `headers` may name the client (X-Forwarded-For, which the instances trust from loopback). */
export async function logIn(base: string, email: string, password: string, headers: Record<string, string> = {}) {
  const body = new URLSearchParams({ intent: "password", email, password });
  const response = await fetch(`${base}/auth/login`, { method: "POST", body, headers, redirect: "manual" });
  return {
    status: response.status,
    jar: cookiesFrom(response),
    text: response.status === 200 || response.status >= 400 ? await response.text() : "",
  };
}

/** The Cookie header of a demo account signed in with the seed's password (the benchmarks' pages). */
export async function demoSessionCookie(base: string, email: string): Promise<string> {
  const { status, jar } = await logIn(base, email, DEMO_PASSWORD);
  if (status !== 302 || !jar.has("kn_session")) throw new Error(`could not sign in as ${email}: ${status}`);
  return cookieHeader(jar);
}

/**
 * The checks of a script run by `npm test` (cluster, faults): each printed as it is made, and the
 * totals written to `resultsFile` (for the test command's closing line) when the script ends.
 */
export function checkList(log: (line: string) => void) {
  const passes: string[] = [];
  const failures: string[] = [];
  return {
    check(name: string, ok: boolean, detail = "") {
      log(`${ok ? "✓" : "✗"} ${name}${detail ? ` (${detail})` : ""}`);
      (ok ? passes : failures).push(name);
    },
    /** Writes the totals; exits 1 when a check failed. */
    finish(resultsFile: string | undefined) {
      if (resultsFile) fs.writeFileSync(resultsFile, JSON.stringify({ passed: passes.length, failed: failures.length, failures }));
      if (failures.length > 0) {
        log(`${failures.length} check(s) failed`);
        process.exit(1);
      }
    },
  };
}

/**
 * nginx with the single-host site itself (deploy/nginx/kamernest.conf) in front of one instance:
 * a self-signed certificate where the site expects Let's Encrypt's, loopback ports for its 80 and
 * 443, the instance's port for 127.0.0.1:3000. Returns its https address.
 */
export async function startSiteNginx(
  nginx: string,
  work: string,
  instancePort: number,
  httpPort: number,
  httpsPort: number,
): Promise<{ process: ChildProcess; url: string }> {
  const dir = path.join(work, "site-nginx");
  fs.mkdirSync(dir, { recursive: true });
  const made = spawnSync(
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
  if (made.status !== 0) throw new Error("openssl could not make a test certificate");
  const site = fs
    .readFileSync(path.join(root, "deploy/nginx/kamernest.conf"), "utf8")
    .replaceAll("/etc/letsencrypt/live/kamernest.cm", dir)
    .replace("server 127.0.0.1:3000 ", `server 127.0.0.1:${instancePort} `)
    .replace(/^\s*listen \[::\]:\d+.*$/gm, "")
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${httpPort};`)
    .replace(/^(\s*)listen 443 /m, `$1listen 127.0.0.1:${httpsPort} `);
  fs.writeFileSync(path.join(dir, "site.conf"), site);
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      "events { worker_connections 1024; }",
      "http {",
      `  access_log off; client_body_temp_path ${dir}/client_body; proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
      `  include ${dir}/site.conf;`,
      "}",
    ].join("\n"),
  );
  const child = spawn(nginx, ["-c", path.join(dir, "nginx.conf"), "-p", dir, "-e", path.join(dir, "error.log"), "-g", "daemon off;"], {
    stdio: "inherit",
  });
  children.push(child);
  const url = `https://127.0.0.1:${httpsPort}`;
  // Its plain-http side answers every path with the redirect to https once nginx is up.
  const until = Date.now() + 15_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${httpPort}/`, { redirect: "manual" });
      break;
    } catch {
      if (Date.now() > until) throw new Error("nginx with deploy/nginx/kamernest.conf did not start");
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return { process: child, url };
}
