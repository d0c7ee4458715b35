// The timer behind the booking e-mail job: one run per tick, never two at once, a failed run
// reported and the next tick tried, 0 meaning off, and stop() waiting for the run in progress.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startIntervalJob } from "~/wiring/interval-job.server";

describe("startIntervalJob", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs every interval, never overlapping, reports failures and keeps going; stop waits for the run", async () => {
    let finish: () => void = () => {};
    const runs: string[] = [];
    const errors: unknown[] = [];
    let fail = true;
    const stop = startIntervalJob({
      name: "test",
      intervalMs: 1000,
      run: () => {
        runs.push("start");
        if (fail) {
          fail = false;
          return Promise.reject(new Error("db down"));
        }
        return new Promise<void>((resolve) => {
          finish = () => {
            runs.push("end");
            resolve();
          };
        });
      },
      onError: (error) => errors.push(error),
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors).toEqual([new Error("db down")]);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(3000); // the second run is still going: no new run starts
    expect(runs).toEqual(["start", "start"]);
    const stopped = stop();
    let done = false;
    void stopped.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    finish();
    await stopped;
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toEqual(["start", "start", "end"]);
  });

  it("does nothing with an interval of 0", async () => {
    const run = vi.fn(async () => {});
    const stop = startIntervalJob({ name: "test", intervalMs: 0, run, onError: () => {} });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).not.toHaveBeenCalled();
    await stop();
  });

  it("with leases, runs only the ticks whose claim wins, and reports a failed claim", async () => {
    const run = vi.fn(async () => {});
    const errors: unknown[] = [];
    const answers: Array<boolean | Error> = [true, false, new Error("db down"), true];
    const claims: Array<[string, number]> = [];
    const leases = {
      claim: (job: string, periodMs: number) => {
        claims.push([job, periodMs]);
        const answer = answers.shift() ?? false;
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      },
    };
    const stop = startIntervalJob({ name: "alerts", intervalMs: 1000, run, onError: (e) => errors.push(e), leases });
    await vi.advanceTimersByTimeAsync(4000);
    expect(claims).toEqual([
      ["alerts", 1000],
      ["alerts", 1000],
      ["alerts", 1000],
      ["alerts", 1000],
    ]);
    expect(run).toHaveBeenCalledTimes(2);
    expect(errors).toEqual([new Error("db down")]);
    await stop();
  });
});
