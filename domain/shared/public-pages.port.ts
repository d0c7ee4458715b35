// The public pages: what every visitor is served alike (the listings and each property, agents'
// profiles with their reviews, the agent directory, guest houses, the blog, the FAQ and the legal
// pages). The server may keep them a few seconds and share them between visitors (the page cache,
// docs/architecture.md "Performance layer"), so a use case that changes what they show says so,
// once: after its change is stored (its transaction committed), and only when something changed.
// A refused request, a form saved unchanged, or a change only its author sees (a wishlist, a saved
// search, a booking, a payment) says nothing, so nobody can keep the pages cold by posting.
import type { Result } from "./result";

export interface PublicPages {
  /** What visitors are shown has changed (the change is already stored). */
  changed(): void;
}

/**
 * `outcome` as it is; the public pages are told when it succeeded and, if `changedWhen` is given,
 * when it says the stored change shows on them. Await the transaction inside `outcome`, never
 * call this inside one: a page rendered before the commit would be kept with the old content.
 */
export async function publicChange<T, E>(
  pages: PublicPages,
  outcome: Promise<Result<T, E>>,
  changedWhen: (value: T) => boolean = () => true,
): Promise<Result<T, E>> {
  const result = await outcome;
  if (result.ok && changedWhen(result.value)) pages.changed();
  return result;
}

/** For tests and scripts: counts the changes it is told about. */
export class CountingPublicPages implements PublicPages {
  changes = 0;
  changed(): void {
    this.changes += 1;
  }
}
