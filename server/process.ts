// Process-level safety for the server, kept apart from server/index.ts so tests can drive it with
// a fake process: an unhandled rejection ends the process with a non-zero code (a supervisor
// restarts it in a known state, instead of it limping on), and a shutdown that does not finish
// in time is forced, also non-zero, so the supervisor's logs show it did not end cleanly.
import type { EventEmitter } from "node:events";

export interface ProcessLike extends Pick<EventEmitter, "on"> {
  exit(code: number): void;
}

export interface Logger {
  error(...args: unknown[]): void;
  info(...args: unknown[]): void;
}

const describe = (reason: unknown) => (reason instanceof Error ? (reason.stack ?? reason.message) : String(reason));

/** An unhandled rejection is a bug whose state we cannot trust: log it and exit with 1. */
export function exitOnUnhandledRejection(proc: ProcessLike, log: Logger = console): void {
  proc.on("unhandledRejection", (reason: unknown) => {
    log.error(`[server] unhandled promise rejection, exiting: ${describe(reason)}`);
    proc.exit(1);
  });
}

export interface ShutdownOptions {
  proc: ProcessLike;
  /** Stops taking connections and calls back once those in flight are done (http.Server#close). */
  closeServer(done: () => void): void;
  /** Closes idle keep-alive connections so closeServer can finish. */
  closeIdleConnections?(): void;
  /**
   * Resolves once no loader or action is running: one whose client went away outlives its
   * connection, and closeServer does not wait for it.
   */
  routeCallsSettled?(): Promise<void>;
  /** Stops the jobs and closes the database. */
  cleanup(): Promise<void>;
  /** How long in-flight requests may take before the exit is forced (ms). */
  timeoutMs?: number;
  log?: Logger;
}

/**
 * SIGINT/SIGTERM: stop taking requests, let those in flight finish (and the loaders and actions
 * of those whose client left), clean up, exit 0. If that takes longer than `timeoutMs`, or the
 * cleanup fails, exit 1.
 */
export function createShutdown({
  proc,
  closeServer,
  closeIdleConnections,
  routeCallsSettled = async () => {},
  cleanup,
  timeoutMs = 10_000,
  log = console,
}: ShutdownOptions): () => void {
  let started = false;
  return () => {
    if (started) return;
    started = true;
    const force = setTimeout(() => {
      log.error(`[server] shutdown did not finish within ${timeoutMs} ms, exiting with 1`);
      proc.exit(1);
    }, timeoutMs);
    force.unref();
    closeServer(() => {
      // Then the loaders and actions whose client went away (closeServer does not wait for them).
      routeCallsSettled()
        .then(cleanup)
        .then(
          () => {
            clearTimeout(force);
            proc.exit(0);
          },
          (error: unknown) => {
            clearTimeout(force);
            log.error(`[server] shutdown failed: ${describe(error)}`);
            proc.exit(1);
          },
        );
    });
    closeIdleConnections?.();
  };
}

/** A public site running with demo defaults (ALLOW_PUBLIC_DEMO=true): said loudly, every start. */
export function publicDemoWarning(reasons: string[]): string {
  const line = "!".repeat(78);
  return [
    line,
    "!! PUBLIC DEMO: this public site runs with demo defaults (ALLOW_PUBLIC_DEMO=true).",
    "!! Anyone can sign in with the published demo passwords and pay with the simulated checkout.",
    ...reasons.map((r) => `!!   ${r}`),
    line,
  ].join("\n");
}

/**
 * Where the server listens (HOST, or what the configuration chose: 127.0.0.1 for a local site,
 * every interface for a public one; infrastructure/config/config.ts) and how the start-up line
 * names it.
 */
export function listenAddress({ port, listenHost }: { port: number; listenHost: string | undefined }): {
  port: number;
  host: string | undefined;
  shown: string;
} {
  if (listenHost === undefined) return { port, host: undefined, shown: `every interface, port ${port}` };
  return { port, host: listenHost, shown: `http://${listenHost.includes(":") ? `[${listenHost}]` : listenHost}:${port}` };
}
