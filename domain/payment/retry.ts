// Retries with exponential back-off: after the n-th failed attempt (n from 1) it waits 2^n seconds
// (SPEC §9: verify retries 3, back-off 2^n s). Sleep is injected so tests do not wait.
export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RetryOptions {
  /** Attempts in all, the first included. */
  attempts?: number;
  /** The unit of the back-off: 2^n times this. */
  baseDelayMs?: number;
  sleep?: Sleep;
  /** Whether an error is worth another attempt; by default every error is. */
  shouldRetry?: (error: unknown) => boolean;
}

export function backoffDelayMs(failedAttempt: number, baseDelayMs = 1000): number {
  return 2 ** failedAttempt * baseDelayMs;
}

export async function retryWithBackoff<T>(task: (attempt: number) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 3;
  const sleep = options.sleep ?? realSleep;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt >= attempts || (options.shouldRetry && !options.shouldRetry(error))) throw error;
      await sleep(backoffDelayMs(attempt, options.baseDelayMs));
    }
  }
}
