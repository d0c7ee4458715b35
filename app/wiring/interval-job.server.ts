import type { JobLeases } from "#infrastructure/jobs/kysely-job-leases";

export interface IntervalJob {
  /** The job's name: the key of its lease, shared by every instance. */
  name: string;
  /** Every so many milliseconds; 0 turns the job off. */
  intervalMs: number;
  run: () => Promise<void>;
  onError: (error: unknown) => void;
  /**
   * When given, the job runs once per period across every instance on the database
   * (infrastructure/jobs/kysely-job-leases.ts); a tick whose claim loses does nothing.
   */
  leases?: JobLeases;
}

/**
 * Runs a job every `intervalMs` in the server process (0: never). Runs never overlap in this
 * process; with leases, no two instances run it in the same period. A failed run (or claim) is
 * reported to `onError` and the next tick tries again; the timer alone never keeps the process
 * alive. Returns stop(): clears the timer and waits for a run in progress.
 */
export function startIntervalJob({ name, intervalMs, run, onError, leases }: IntervalJob): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (leases ? leases.claim(name, intervalMs) : Promise.resolve(true))
      .then((claimed) => (claimed ? run() : undefined))
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    if (running) await running;
  };
}
