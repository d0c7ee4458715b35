/**
 * Runs `run` every `intervalMs` in the server process (0: never). Runs never overlap; a failed
 * run is reported to `onError` and the next tick tries again; the timer alone never keeps the
 * process alive. Returns stop(): clears the timer and waits for a run in progress.
 */
export function startIntervalJob(intervalMs: number, run: () => Promise<void>, onError: (error: unknown) => void): () => Promise<void> {
  if (intervalMs <= 0) return async () => {};
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = run()
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
