// The PublicPages adapter: this process's listeners hear every change at once; the counter the
// other instances poll is bumped at most once per period, a burst of changes sharing one bump
// (decision 0187). And the port's helper tells the pages only of a change that succeeded.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PublicPagesSignal } from "#infrastructure/jobs/public-pages-signal";
import { CountingPublicPages, publicChange } from "#domain/shared/public-pages.port";
import { err, ok } from "#domain/shared/result";

describe("the public pages' signal", () => {
  let bumps: number;
  let bump: () => Promise<void>;
  beforeEach(() => {
    vi.useFakeTimers();
    bumps = 0;
    bump = async () => {
      bumps += 1;
    };
  });
  afterEach(() => vi.useRealTimers());

  it("tells its listeners of every change at once, and the other instances once per period for a burst", async () => {
    const signal = new PublicPagesSignal({ bump: () => bump() }, { spacingMs: 250 });
    let heard = 0;
    signal.onChange(() => (heard += 1));
    for (let i = 0; i < 100; i++) signal.changed();
    expect(heard).toBe(100);
    await vi.advanceTimersByTimeAsync(0);
    // The first change at once; the 99 that came within its period share one bump at its end.
    expect(bumps).toBe(1);
    await vi.advanceTimersByTimeAsync(250);
    expect(bumps).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(bumps).toBe(2);
    // A change long after: bumped at once again.
    signal.changed();
    await vi.advanceTimersByTimeAsync(0);
    expect(bumps).toBe(3);
    await vi.advanceTimersByTimeAsync(250);
    await signal.settled();
    expect(bumps).toBe(3);
  });

  it("reports a failed bump and carries on; after stop() it bumps no more", async () => {
    const errors: unknown[] = [];
    bump = async () => {
      bumps += 1;
      throw new Error("database away");
    };
    const signal = new PublicPagesSignal({ bump: () => bump() }, { spacingMs: 250, onError: (e) => errors.push(e) });
    signal.changed();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(250);
    signal.changed();
    await vi.advanceTimersByTimeAsync(0);
    expect(bumps).toBe(2);
    signal.changed();
    signal.stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(bumps).toBe(2);
    let heard = 0;
    signal.onChange(() => (heard += 1));
    signal.changed();
    expect(heard).toBe(1);
  });

  it("stops telling a listener that stopped listening", () => {
    const signal = new PublicPagesSignal({ bump: () => bump() }, { spacingMs: 0 });
    let heard = 0;
    const stop = signal.onChange(() => (heard += 1));
    signal.changed();
    stop();
    signal.changed();
    expect(heard).toBe(1);
    signal.stop();
  });
});

describe("publicChange", () => {
  it("tells the pages of a success, and of a success that says it changed something only when it did", async () => {
    const pages = new CountingPublicPages();
    await publicChange(pages, Promise.resolve(ok(1)));
    await publicChange(pages, Promise.resolve(err({ code: "x.refused" })));
    await publicChange(pages, Promise.resolve(ok({ changed: false })), ({ changed }) => changed);
    await publicChange(pages, Promise.resolve(ok({ changed: true })), ({ changed }) => changed);
    expect(pages.changes).toBe(2);
  });
});
