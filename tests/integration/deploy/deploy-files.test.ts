// The example deployment files in deploy/ (docs/deploy.md) are the ones checked here: the nginx
// site passes `nginx -t` and lets the largest upload through, the systemd units pass
// `systemd-analyze verify`, and the nightly backup script makes a sound backup and deletes only
// our own backups older than BACKUP_KEEP_DAYS.
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { execFileSync, spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { connect } from "#infrastructure/db/connection";
import { migrateDatabase } from "#infrastructure/db/migrate";
import { assertSqliteIntegrity } from "#infrastructure/db/backup";
import { UPLOAD_BODY_LIMITS, UPLOAD_ROUTES, uploadRouteFor } from "../../../server/body-limit";

/** The largest body any upload route accepts (the edit pages' photos, since issue 33). */
const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_BODY_LIMITS), ...UPLOAD_ROUTES.map((r) => r.limit));
import { ConfigError, loadConfig } from "#infrastructure/config/config";

const root = path.resolve(".");
const which = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
const hasNginx = which("nginx") || fs.existsSync("/usr/sbin/nginx");
const nginxBin = fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
const hasSystemdAnalyze = which("systemd-analyze");

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const site = fs.readFileSync("deploy/nginx/kamernest.conf", "utf8");

/** The directives of a configuration, comments left out. */
const directivesOf = (conf: string) =>
  conf
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("#"))
    .join("\n");

/** The body of each `location` block (they hold no nested blocks), keyed by what follows `location`. */
function locations(conf: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of directivesOf(conf).matchAll(/^\s*location\s+([^{]+?)\s*\{([^}]*)\}/gm)) found.set(match[1], match[2]);
  return found;
}

const SAMPLE_PATHS = [
  "/host/verification",
  "/host/verification/",
  "/host/verification.data",
  "/auth/agent-verification",
  "/auth/agent-verification.data",
  "/agents/properties/p-1/edit",
  "/agents/properties/p-1/edit.data",
  "/host/houses/h-1/edit",
  "/admin/content/posts/new",
  "/admin/content/posts/b-1",
  "/admin/content/posts/b-1.data",
  "/auth/login",
  "/auth/login.data",
  "/contact",
  "/webhooks/fapshi",
  "/",
  "/listings",
  "/host",
  "/host/new-house",
  "/host/verification/x",
  "/agents/properties/p-1/close",
  "/agents/properties/p-1/x/edit",
  "/admin/content/posts/b-1/delete",
  "/admin/content",
  "/admin/properties/p-1/edit",
  "/book-visit/p-1",
  "/simulated-checkout/t-1",
];

/**
 * A configuration's slow-client defences (issue 30, decisions 0180 and 0181): request bodies
 * buffered by nginx except on the app's upload routes (exactly those), a client_body_timeout, and
 * connections limited per address.
 */
function checkSlowClientDefences(conf: string) {
  const blocks = locations(conf);
  const root = blocks.get("/");
  expect(root).toBeDefined();
  expect(root).toMatch(/proxy_request_buffering\s+on;/);
  const uploads = [...blocks].filter(([, body]) => /proxy_request_buffering\s+off;/.test(body));
  expect(uploads).toHaveLength(1);
  const [selector] = uploads[0];
  const regex = /^~\s+(\S+)$/.exec(selector)?.[1];
  expect(regex, selector).toBeDefined();
  // nginx's PCRE and JavaScript read this pattern alike (no flags, no look-behind).
  const pattern = new RegExp(regex!);
  for (const path of SAMPLE_PATHS) expect(pattern.test(path), path).toBe(uploadRouteFor(path) !== undefined);
  // No other place turns the buffering off.
  expect(directivesOf(conf).match(/proxy_request_buffering\s+off;/g)).toHaveLength(1);

  const body = /^\s*client_body_timeout\s+(\d+)s;/m.exec(directivesOf(conf))?.[1];
  expect(Number(body)).toBeGreaterThan(0);
  expect(Number(body)).toBeLessThanOrEqual(30);
  const zones = [...directivesOf(conf).matchAll(/^\s*limit_conn_zone\s+\S+\s+zone=([\w]+):/gm)].map((m) => m[1]);
  const limits = [...directivesOf(conf).matchAll(/^\s*limit_conn\s+(\w+)\s+(\d+);/gm)].map((m) => ({ zone: m[1], n: Number(m[2]) }));
  expect(limits.length).toBeGreaterThanOrEqual(2);
  for (const { zone, n } of limits) {
    expect(zones).toContain(zone);
    // A campus NAT puts many students behind one address: never a handful.
    expect(n).toBeGreaterThanOrEqual(20);
  }
}

describe("deploy/nginx/kamernest.conf", () => {
  it("lets the largest upload the app accepts through", () => {
    const size = /client_max_body_size\s+(\d+)m;/.exec(site)?.[1];
    expect(size).toBeDefined();
    expect(Number(size) * 1024 * 1024).toBeGreaterThanOrEqual(LARGEST_UPLOAD);
  });

  it("forwards what TRUST_PROXY=1 and https detection read", () => {
    expect(site).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
    expect(site).toContain("proxy_set_header X-Forwarded-Proto $scheme;");
    expect(fs.readFileSync("deploy/kamernest.env", "utf8")).toMatch(/^TRUST_PROXY=1$/m);
  });

  it("leaves Strict-Transport-Security to the app: one header, not two (nginx-hsts.test.ts runs it)", () => {
    const directives = site.split("\n").filter((line) => !line.trimStart().startsWith("#"));
    expect(directives.filter((line) => /strict-transport-security/i.test(line))).toEqual([]);
  });

  it("passes nginx's request id on, which the app logs and shows as the error pages' reference", () => {
    expect(site).toContain("proxy_set_header X-Request-Id $request_id;");
    expect(fs.readFileSync("deploy/cluster/nginx.conf", "utf8")).toContain("proxy_set_header X-Request-Id $request_id;");
  });

  it("buffers bodies except on the upload routes, times out silent bodies, and limits connections per address", () => {
    checkSlowClientDefences(site);
  });

  it.skipIf(!hasNginx)(`passes nginx -t${hasNginx ? "" : " (nginx not installed: apt-get install nginx-light)"}`, () => {
    const dir = tempDir("kamernest-nginx-");
    // A self-signed certificate where the site expects Let's Encrypt's.
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
    const testedSite = site.replaceAll("/etc/letsencrypt/live/kamernest.cm", dir);
    fs.writeFileSync(path.join(dir, "site.conf"), testedSite);
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
    const result = spawnSync(nginxBin, ["-t", "-e", `${dir}/error.log`, "-p", dir, "-c", path.join(dir, "nginx.conf")], {
      encoding: "utf8",
    });
    expect(result.stderr).toContain("syntax is ok");
    expect(result.status, result.stderr).toBe(0);
  });
});

describe("deploy/cluster/nginx.conf", () => {
  const cluster = fs.readFileSync("deploy/cluster/nginx.conf", "utf8");

  it("buffers bodies except on the upload routes, times out silent bodies, and limits connections per address", () => {
    checkSlowClientDefences(cluster);
  });

  it("lets the largest upload the app accepts through", () => {
    const size = /^\s*client_max_body_size\s+(\d+)m;/m.exec(directivesOf(cluster))?.[1];
    expect(Number(size) * 1024 * 1024).toBeGreaterThanOrEqual(LARGEST_UPLOAD);
  });

  const directive = (name: string) =>
    cluster
      .split("\n")
      .filter((line) => !line.trimStart().startsWith("#"))
      .join("\n")
      .match(new RegExp(`^\\s*${name}\\s+([^;]*);`, "m"))?.[1]
      .split(/\s+/);

  // The app's 503 means "the database is away", shared by every instance: counted as a failed
  // attempt it marks them all down, and nginx answers its own bare 502 (decision 0139).
  it("passes the app's 503 page through instead of counting it as an upstream failure", () => {
    const cases = directive("proxy_next_upstream");
    expect(cases).toBeDefined();
    expect(cases).toContain("error");
    expect(cases).not.toContain("http_503");
  });
});

describe("deploy/kamernest.env", () => {
  /** The file as `sh` sources it (docs/deploy.md, "Restore"); systemd reads the same quoting. */
  const sourced = (): Record<string, string> => {
    const out = execFileSync(
      "sh",
      ["-c", `set -a; . ./deploy/kamernest.env; node -e 'process.stdout.write(JSON.stringify(process.env))'`],
      {
        encoding: "utf8",
        env: { PATH: process.env.PATH, NODE_ENV: "production" },
      },
    );
    return JSON.parse(out) as Record<string, string>;
  };

  it("cannot run unedited: the server names the secrets left empty", () => {
    const env = sourced();
    expect(env.MAIL_FROM).toBe("KamerNest <no-reply@kamernest.cm>");
    const error = (() => {
      try {
        loadConfig({ ...env, NODE_ENV: "production" });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain("SESSION_SECRETS");
    expect((error as Error).message).toContain("FAPSHI_WEBHOOK_SECRET");
  });

  it("once the secrets are filled in, is a valid production configuration behind one proxy", () => {
    const config = loadConfig({
      ...sourced(),
      SESSION_SECRETS: "k7Vq2pX9mR4tW8zN1bC6dF3gH5jL0sA7eY2uI9oP4qZ8",
      FAPSHI_API_USER: "api-user",
      FAPSHI_API_KEY: "api-key",
      FAPSHI_WEBHOOK_SECRET: "whsec-0123456789",
    });
    expect(config.publicDemo).toBe(false);
    expect(config.demoMode).toBe(false);
    expect(config.trustProxy).toBe(1);
    // Only nginx on the same host reaches it.
    expect(config.listenHost).toBe("127.0.0.1");
    expect(config.database.migrateOnStart).toBe(true);
    expect(config.databaseUrl).toBe("/var/lib/kamernest/kamernest.db");
  });
});

describe.skipIf(!hasSystemdAnalyze)(`deploy/ systemd units${hasSystemdAnalyze ? "" : " (systemd-analyze not installed)"}`, () => {
  it("pass systemd-analyze verify (with the app where the units expect /srv/kamernest)", () => {
    const dir = tempDir("kamernest-units-");
    const units = fs.readdirSync("deploy").filter((f) => /\.(service|timer)$/.test(f));
    expect(units.sort()).toEqual(["kamernest-backup.service", "kamernest-backup.timer", "kamernest.service"]);
    for (const unit of units) {
      fs.writeFileSync(path.join(dir, unit), fs.readFileSync(path.join("deploy", unit), "utf8").replaceAll("/srv/kamernest", root));
    }
    const result = spawnSync("systemd-analyze", ["verify", ...units.map((u) => path.join(dir, u))], { encoding: "utf8" });
    expect(result.stderr.trim()).toBe("");
    expect(result.status).toBe(0);
  });
});

describe("deploy/kamernest-backup.sh", () => {
  it("writes a sound, time-stamped backup and deletes only our backups older than BACKUP_KEEP_DAYS", { timeout: 60_000 }, async () => {
    const dir = tempDir("kamernest-nightly-");
    const databaseFile = path.join(dir, "data", "kamernest.db");
    const database = connect({ url: databaseFile });
    await migrateDatabase(database);
    await database.close();

    const backups = path.join(dir, "backups");
    fs.mkdirSync(backups);
    const aged = (name: string, days: number) => {
      const file = path.join(backups, name);
      fs.writeFileSync(file, "old");
      const when = new Date(Date.now() - days * 86_400_000);
      fs.utimesSync(file, when, when);
      return file;
    };
    const expired = aged("kamernest-20200101T013000Z.db", 20);
    const recent = aged("kamernest-20200110T013000Z.db", 3);
    const notOurs = aged("notes.txt", 20);

    const result = spawnSync("sh", ["deploy/kamernest-backup.sh"], {
      encoding: "utf8",
      env: {
        PATH: process.env.PATH,
        KAMERNEST_DIR: root,
        BACKUP_DIR: backups,
        BACKUP_KEEP_DAYS: "14",
        DATABASE_URL: databaseFile,
        NODE_ENV: "production",
      },
    });
    expect(result.status, result.stderr).toBe(0);
    expect(fs.existsSync(expired)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
    expect(fs.existsSync(notOurs)).toBe(true);
    const made = fs.readdirSync(backups).filter((f) => /^kamernest-\d{8}T\d{6}Z\.db$/.test(f) && path.join(backups, f) !== recent);
    expect(made).toHaveLength(1);
    assertSqliteIntegrity(path.join(backups, made[0]));
  });

  it("keeps every older backup when the backup fails", () => {
    const dir = tempDir("kamernest-nightly-");
    const backups = path.join(dir, "backups");
    fs.mkdirSync(backups);
    const old = path.join(backups, "kamernest-20200101T013000Z.db");
    fs.writeFileSync(old, "old");
    const when = new Date(Date.now() - 30 * 86_400_000);
    fs.utimesSync(old, when, when);
    const result = spawnSync("sh", ["deploy/kamernest-backup.sh"], {
      encoding: "utf8",
      env: {
        PATH: process.env.PATH,
        KAMERNEST_DIR: root,
        BACKUP_DIR: backups,
        DATABASE_URL: path.join(dir, "missing.db"),
        NODE_ENV: "production",
      },
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("does not exist");
    expect(fs.existsSync(old)).toBe(true);
  });
});
