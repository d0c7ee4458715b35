// A PostgreSQL server of the script's own, for checks that stop and start the database
// (scripts/test-faults.ts): the machine's shared server is never touched, since other tests use it.
// Debian's binaries (/usr/lib/postgresql/<version>/bin) initialise a cluster in a temporary
// directory, trust authentication, listening on 127.0.0.1 only, its socket in that directory too.
// initdb and postgres refuse to run as root: as root, the directory is handed to the `postgres`
// user and every command runs through `runuser -u postgres`; as anyone else, as that user.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  dataDir: string;
  /** Resolves once the server accepts connections (pg_ctl start -w). */
  start(): Promise<void>;
  /** `fast` ends sessions cleanly; `immediate` is a crash (recovery at the next start). */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  /** Stops the server if it runs and deletes its directory. */
  remove(): Promise<void>;
}

export class PrivatePostgresError extends Error {}

/** The newest Debian PostgreSQL whose bin directory holds initdb, pg_ctl and postgres. */
export function findPostgresBin(): string | null {
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => ["initdb", "pg_ctl", "postgres"].every((b) => fs.existsSync(path.join(base, v, "bin", b))))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? path.join(base, versions[0], "bin") : null;
}

export function createPrivatePostgres(port: number, log: (line: string) => void): PrivatePostgres {
  const bin = findPostgresBin();
  if (!bin) throw new PrivatePostgresError("no PostgreSQL binaries under /usr/lib/postgresql/*/bin (apt-get install postgresql)");
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-pg-"));
  const dataDir = path.join(dir, "data");
  if (asRoot) {
    const owner = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const group = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    if (owner.status !== 0) throw new PrivatePostgresError("running as root, and there is no `postgres` user to run the server as");
    fs.chownSync(dir, Number(owner.stdout.trim()), Number(group.stdout.trim()));
  }
  const commandLine = (program: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]] : [path.join(bin, program), args];
  const failed = (program: string, args: string[], status: number | null, output: string) =>
    new PrivatePostgresError(`${program} ${args.join(" ")} failed (${status}): ${output.trim().slice(-600)}`);
  // Not spawnSync: the traffic of the script that stops and starts the server must keep flowing meanwhile.
  const run = (program: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(...commandLine(program, args), { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.once("error", reject);
      child.once("close", (status) => (status === 0 ? resolve() : reject(failed(program, args, status, output))));
    });
  const initdb = ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-instructions", "-N"];
  const init = spawnSync(...commandLine("initdb", initdb), { encoding: "utf8", cwd: dir });
  if (init.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw failed("initdb", initdb, init.status, init.stderr || init.stdout || "");
  }
  // A scratch server: fsync may be off (an immediate stop is not an operating-system crash, the
  // WAL in the page cache survives it), but synchronous_commit stays on, since the checks count on
  // every commit a client saw surviving the stop.
  const settings = [
    `-c listen_addresses=127.0.0.1`,
    `-p ${port}`,
    `-k ${dir}`,
    "-c fsync=off",
    "-c full_page_writes=off",
    "-c max_connections=60",
    "-c shared_buffers=32MB",
  ].join(" ");
  let running = false;
  const server: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    async start() {
      running = true;
      await run("pg_ctl", ["start", "-D", dataDir, "-w", "-t", "30", "-l", path.join(dir, "server.log"), "-o", settings]);
      log(`private PostgreSQL (${path.basename(path.dirname(bin))}) on 127.0.0.1:${port}, data in ${dataDir}`);
    },
    async stop(mode = "fast") {
      await run("pg_ctl", ["stop", "-D", dataDir, "-w", "-t", "30", "-m", mode]);
      running = false;
    },
    async remove() {
      if (running) await server.stop("immediate").catch((error: Error) => log(`could not stop the private PostgreSQL: ${error.message}`));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}
