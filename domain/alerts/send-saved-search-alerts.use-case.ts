import { normalizeSearchQuery } from "../engagement/search-query";
import type { Mailer } from "../shared/mailer.port";
import { digestEmail, type DigestSection } from "./alert-digest";
import type { NewListingFinder } from "./new-listing-finder.port";
import { ALERT_MATCHES_PER_SEARCH } from "./saved-search.entity";
import type { SavedSearchRepository, SavedSearchWithRecipient } from "./saved-search-repository.port";

export interface AlertDeps {
  savedSearches: SavedSearchRepository;
  finder: NewListingFinder;
  mailer: Mailer;
  /** Absolute base of the links in the e-mail, e.g. https://kamernest.cm. */
  appUrl: string;
}

export interface AlertRunSummary {
  searchesChecked: number;
  emailsSent: number;
  listingsSent: number;
  /** Users whose digest could not be made or sent; their searches keep last_notified_at for the next run. */
  failures: { userId: string; error: string }[];
}

/**
 * The alert job: for each user, the listings created since each saved search was last notified,
 * in one digest e-mail (a listing matching two searches appears once); then the searches'
 * last_notified_at moves to `now`. One user's failure (a search the finder cannot run, a mail that
 * cannot be sent) is counted and does not stop the others; the caller logs `failures`.
 *
 * A listing committed by a slow transaction with a created_at just before `now` but after the
 * query ran would be missed; listings are created by single short inserts, so that window is tiny.
 */
export async function sendSavedSearchAlerts(deps: AlertDeps, now: Date): Promise<AlertRunSummary> {
  const all = await deps.savedSearches.listAllWithRecipients();
  const byUser = new Map<string, SavedSearchWithRecipient[]>();
  for (const row of all) byUser.set(row.search.userId, [...(byUser.get(row.search.userId) ?? []), row]);

  const summary: AlertRunSummary = { searchesChecked: all.length, emailsSent: 0, listingsSent: 0, failures: [] };
  const appUrl = deps.appUrl.replace(/\/$/, "");

  for (const [userId, rows] of byUser) {
    // Anything one user's searches make go wrong (a finder or a mailer that throws) is counted in
    // `failures` and the run goes on with the next user: their searches keep last_notified_at.
    try {
      const seen = new Set<string>();
      const sections: DigestSection[] = [];
      for (const { search } of rows) {
        // Read back through the rule the search was saved with: a row stored before it (say
        // "q=%00") loses its control characters, and one that then filters nothing is no alert.
        const query = normalizeSearchQuery(search.query);
        if (query === "") continue;
        const found = await deps.finder.findNewMatches(query, search.lastNotifiedAt, ALERT_MATCHES_PER_SEARCH);
        const matches = found.filter((m) => !seen.has(m.id));
        matches.forEach((m) => seen.add(m.id));
        if (matches.length > 0) sections.push({ query, matches });
      }
      if (sections.length > 0) {
        await deps.mailer.send(
          digestEmail({ email: rows[0].email, fullName: rows[0].fullName, language: rows[0].language }, sections, appUrl),
        );
        summary.emailsSent += 1;
        summary.listingsSent += seen.size;
      }
      await deps.savedSearches.markNotified(
        rows.map((r) => r.search.id),
        now,
      );
    } catch (error) {
      summary.failures.push({ userId, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return summary;
}
