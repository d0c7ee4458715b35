// The production process is the compiled server (decision 0192): `npm run build` bundles
// server/index.ts with the Remix build into build/server/, and everything that starts the
// production server runs `node build/server/server.js`. The build is made when it is missing or
// older than the code (npm test makes it before Vitest, so it is current here).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureProductionBuildInBackground, PRODUCTION_SERVER } from "../../../scripts/lib/production-build.mjs";

const read = (file: string) => fs.readFileSync(file, "utf8");
const withoutComments = (text: string) =>
  text
    .split("\n")
    .filter((line) => !/^\s*(#|\/\/|\*|\/\*)/.test(line))
    .join("\n");

describe("what starts the production server starts the compiled one", () => {
  it("npm start builds, then runs plain node on build/server/server.js", () => {
    const { scripts } = JSON.parse(read("package.json")) as { scripts: Record<string, string> };
    expect(scripts.serve).toBe("cross-env NODE_ENV=production node build/server/server.js");
    expect(scripts.start).toBe("npm run build && npm run serve");
    expect(scripts.build).toBe("remix vite:build");
    // Source through tsx: development only.
    const fromSource = Object.entries(scripts).filter(([, command]) => command.includes("server/index.ts"));
    expect(fromSource).toEqual([["dev", "tsx server/index.ts --dev"]]);
  });

  it("the systemd unit runs node on the compiled server", () => {
    const execStart = withoutComments(read("deploy/kamernest.service"))
      .split("\n")
      .filter((line) => line.startsWith("ExecStart="));
    expect(execStart).toEqual(["ExecStart=/usr/bin/node /srv/kamernest/build/server/server.js"]);
  });

  it("the browser tests' server is the compiled one, run by node", () => {
    expect(withoutComments(read("playwright.config.ts"))).toMatch(/\bcommand: "node scripts\/e2e-server\.mjs",/);
    expect(read("scripts/e2e-server.mjs")).toContain("await import(pathToFileURL(path.join(root, PRODUCTION_SERVER)).href)");
    expect(PRODUCTION_SERVER).toBe("build/server/server.js");
  });

  it("no script, benchmark or deployment file starts the server from source", () => {
    const files = ["playwright.config.ts", ...["scripts", "bench", "deploy"].flatMap((dir) => listFiles(dir))].filter((f) =>
      /\.(ts|mjs|js|sh|service|conf)$/.test(f),
    );
    const fromSource = files.filter((file) => /server\/index(\.ts)?["'\s]/.test(withoutComments(read(file))));
    expect(fromSource).toEqual([]);
    // The cluster kit (cluster, fault and load checks), the benchmarks and the security scan spawn it.
    for (const file of ["scripts/lib/cluster-kit.ts", "bench/run.ts", "bench/profile.ts", "scripts/security-scan.ts"]) {
      expect(read(file), file).toMatch(/spawn\(process\.execPath, \[.*PRODUCTION_SERVER\]/);
    }
  });
});

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.name.startsWith(".") || entry.name === "profiles") return [];
    return entry.isDirectory() ? listFiles(file) : [file];
  });
}

describe("the compiled server (build/server/server.js)", () => {
  let dir = "";
  let child: ChildProcess | undefined;
  let base = "";
  let output = "";

  beforeAll(async () => {
    expect(await ensureProductionBuildInBackground((line) => console.info(line))).toBe(true);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-compiled-"));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [PRODUCTION_SERVER], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        PORT: String(port),
        APP_URL: base,
        DATABASE_URL: path.join(dir, "kamernest.db"),
        STORAGE_DIR: path.join(dir, "uploads"),
        DEMO_MODE: "false",
        SESSION_SECRETS: "compiled-server-test-secret-0123456789abcdef",
        PAYMENT_PROVIDER: "simulated",
        LOG_FORMAT: "pretty",
        ALERTS_INTERVAL_MS: "0",
        BOOKING_NOTICES_INTERVAL_MS: "0",
        PAYMENTS_RECONCILE_INTERVAL_MS: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the compiled server exited (${child.exitCode}): ${output}`);
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 600_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("sits beside the Remix build and shares one copy of the modules both use", () => {
    const server = read("build/server/server.js");
    expect(server).toContain('import("./index.js")');
    const code = listFiles("build/server")
      .filter((f) => f.endsWith(".js"))
      .map(read)
      .join("\n");
    // The request's log scope and the rendered page's bytes: state the server and the routes share.
    for (const definition of ["function runWithRequestId(", "function renderedPageBytes(", "function renderedPageResponse("]) {
      expect(code.split(definition).length - 1, definition).toBe(1);
    }
  });

  it("renders a page", async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("</html>");
  });

  it("a route's log line carries the request's id and follows LOG_FORMAT: one logger for the server and the routes", async () => {
    // The Fapshi webhook logs through app/wiring's logger, a module of the Remix build.
    const response = await fetch(`${base}/webhooks/fapshi`, { method: "POST", body: "not a transaction" });
    expect(response.status).toBe(400);
    const id = response.headers.get("x-request-id");
    expect(id).toBeTruthy();
    await expect.poll(() => output, { timeout: 10_000 }).toContain(`INFO  [${id}] [payments] webhook_refused`);
  });

  it("answers its own status pages from the locale files it carries", async () => {
    const { status, text } = await rawRequest(
      base,
      `POST /contact HTTP/1.1\r\nHost: x\r\nAccept-Language: fr\r\nContent-Length: 2000000\r\n\r\n`,
    );
    expect(status).toBe(413);
    const { serverPages } = JSON.parse(read("public/locales/fr/common.json")) as { serverPages: { tooLarge: { title: string } } };
    expect(text).toContain(`<h1>${serverPages.tooLarge.title.replaceAll("'", "&#39;")}</h1>`);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Sends `head` (no body follows it) and reads the answer until the server closes. */
function rawRequest(base: string, head: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString()));
    socket.on("error", reject);
    socket.on("close", () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), text }));
  });
}
