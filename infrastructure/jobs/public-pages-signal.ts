// The PublicPages port's adapter (domain/shared/public-pages.port.ts): a use case that changed what
// visitors see tells it, and it tells this process's listeners at once (the page cache empties
// itself: server/page-cache.ts) and every other instance on the database through the shared counter
// they poll (decision 0134).
//
// The counter is bumped at most once per `spacingMs` (the other instances' poll period: a second
// bump within it tells them nothing more): the first change bumps at once, the changes that follow
// within the period share one bump at its end (decision 0187). A bump that fails (the database is
// away) is reported and not retried: the others' pages then age out with their TTL.
import type { PublicPages } from "#domain/shared/public-pages.port";
import type { SharedCacheGeneration } from "./kysely-cache-generation";

/**
 * How often each instance reads the shared counter (issue 13: "within a second"), and so the
 * shortest useful time between two bumps of it.
 */
export const SHARED_POLL_MS = 250;

export interface PublicPagesSignalOptions {
  /** The shortest time between two bumps of the shared counter. */
  spacingMs: number;
  onError?: (error: unknown) => void;
}

export class PublicPagesSignal implements PublicPages {
  private readonly listeners = new Set<() => void>();
  /** A bump is under way, or its period is not over. */
  private busy = false;
  /** A change came meanwhile: one more bump when the period is over. */
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private idle: Array<() => void> = [];

  constructor(
    private readonly generation: Pick<SharedCacheGeneration, "bump">,
    private readonly options: PublicPagesSignalOptions,
  ) {}

  changed(): void {
    for (const listener of this.listeners) listener();
    this.bump();
  }

  /** Calls `listener` on every change told to this process; answers the function that stops it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once no bump is under way or waiting (tests; the bumps themselves never wait on it). */
  settled(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** No more bumps (the process is stopping); a change waiting for its bump is dropped. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.finish();
  }

  private bump(): void {
    if (this.stopped) return;
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    this.again = false;
    const started = Date.now();
    this.generation
      .bump()
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => {
        if (this.stopped) return;
        this.timer = setTimeout(() => this.periodOver(), Math.max(0, this.options.spacingMs - (Date.now() - started)));
        this.timer.unref?.();
      });
  }

  private periodOver(): void {
    this.timer = null;
    this.busy = false;
    if (this.again) this.bump();
    else this.finish();
  }

  private finish(): void {
    this.busy = false;
    for (const resolve of this.idle.splice(0)) resolve();
  }
}
