// server/process.ts: an unhandled rejection ends the process with 1; a shutdown that does not
// finish in time is forced with 1, a clean one exits 0. Driven with a fake process and fake timers.
import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createShutdown, exitOnUnhandledRejection, publicDemoWarning } from "../../../server/process";

class FakeProcess extends EventEmitter {
  exits: number[] = [];
  exit(code: number) {
    this.exits.push(code);
  }
}

const quiet = { error: vi.fn(), info: vi.fn() };

afterEach(() => {
  vi.useRealTimers();
  quiet.error.mockReset();
});

describe("process safety", () => {
  it("logs an unhandled rejection and exits with 1", () => {
    const proc = new FakeProcess();
    exitOnUnhandledRejection(proc, quiet);
    proc.emit("unhandledRejection", new Error("lost promise"));
    expect(proc.exits).toEqual([1]);
    expect(quiet.error.mock.calls[0][0]).toContain("lost promise");
  });

  it("exits 0 after a clean shutdown", async () => {
    const proc = new FakeProcess();
    const cleanup = vi.fn(async () => {});
    const shutdown = createShutdown({ proc, closeServer: (done) => done(), cleanup, log: quiet });
    shutdown();
    await vi.waitFor(() => expect(proc.exits).toEqual([0]));
    expect(cleanup).toHaveBeenCalledOnce();
  });

  it("forces the exit with 1 when requests in flight do not finish in time", () => {
    vi.useFakeTimers();
    const proc = new FakeProcess();
    // A request that never ends: the server never reports closed.
    const shutdown = createShutdown({ proc, closeServer: () => {}, cleanup: async () => {}, timeoutMs: 10_000, log: quiet });
    shutdown();
    vi.advanceTimersByTime(9_999);
    expect(proc.exits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(proc.exits).toEqual([1]);
    expect(quiet.error.mock.calls[0][0]).toContain("did not finish");
  });

  it("closes the database only once the loaders and actions whose client went away have ended", async () => {
    const proc = new FakeProcess();
    let endCalls!: () => void;
    const callsEnded = new Promise<void>((resolve) => (endCalls = resolve));
    const cleanup = vi.fn(async () => {});
    // The connections are closed at once (their clients left); a loader still runs.
    const shutdown = createShutdown({ proc, closeServer: (done) => done(), routeCallsSettled: () => callsEnded, cleanup, log: quiet });
    shutdown();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cleanup).not.toHaveBeenCalled();
    expect(proc.exits).toEqual([]);
    endCalls();
    await vi.waitFor(() => expect(proc.exits).toEqual([0]));
    expect(cleanup).toHaveBeenCalledOnce();
  });

  it("exits 1 when the cleanup fails", async () => {
    const proc = new FakeProcess();
    const shutdown = createShutdown({
      proc,
      closeServer: (done) => done(),
      cleanup: async () => Promise.reject(new Error("db close failed")),
      log: quiet,
    });
    shutdown();
    await vi.waitFor(() => expect(proc.exits).toEqual([1]));
  });

  it("says loudly that a public site runs as the demo, with the reasons", () => {
    const text = publicDemoWarning(["DEMO_MODE: must be false on a public site"]);
    expect(text).toContain("PUBLIC DEMO");
    expect(text).toContain("DEMO_MODE: must be false on a public site");
  });
});
