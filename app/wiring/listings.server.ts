// Wiring of the discovery module: the listings read side, the agent directory, wishlist and
// histories, reports, reviews, agent messages, the contact form, the blog and saved-search alerts.
// Composed into Services (as `listings`) by app/services.server.ts, the composition root.
import type { Kysely } from "kysely";
import type { AgentDirectory } from "#domain/listings/agent-directory.port";
import type { AgentCard } from "#domain/listings/listing-read-models";
import type { ListingSearch } from "#domain/listings/listing-search.port";
import type { GuestHouseCatalogue } from "#domain/guest-houses/guest-house-catalogue.port";
import type { HistoryRepository } from "#domain/engagement/history-repository.port";
import type { WishlistRepository } from "#domain/engagement/wishlist-repository.port";
import type { PropertyViewTally } from "#domain/agent-reports/property-view-tally.port";
import type { ReportDeps } from "#domain/reports/report-listing.use-case";
import type { ReportRepos } from "#domain/reports/report-repository.port";
import type { ReviewRepository } from "#domain/reviews/review-repository.port";
import type { MessagingDeps } from "#domain/messaging/contact-agent.use-case";
import type { MessageRepository } from "#domain/messaging/message-repository.port";
import type { ContactDeps } from "#domain/contact/submit-contact-message.use-case";
import type { Mailer } from "#domain/shared/mailer.port";
import type { BlogPostRepository } from "#domain/blog/blog-post-repository.port";
import type { MarkdownRenderer } from "#domain/blog/markdown-renderer.port";
import type { SavedSearchDeps } from "#domain/alerts/save-search.use-case";
import { sendSavedSearchAlerts, type AlertDeps } from "#domain/alerts/send-saved-search-alerts.use-case";
import { systemClock, type Clock } from "#domain/shared/clock";
import type { IdGenerator } from "#domain/shared/ids";
import type { PublicPages } from "#domain/shared/public-pages.port";
import type { Config } from "#infrastructure/config/config";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import type { Database } from "#infrastructure/db/schema";
import { uuidIds } from "#infrastructure/auth/crypto-secret-tokens";
import { KyselyListingSearch } from "#infrastructure/repositories/kysely-listing-search";
import { KyselyGuestHouseCatalogue } from "#infrastructure/repositories/kysely-guest-house-catalogue";
import { KyselyAgentDirectory, findAgentCard } from "#infrastructure/repositories/kysely-agent-directory";
import { KyselyHistoryRepository } from "#infrastructure/repositories/kysely-history-repository";
import { KyselyPropertyViewTally } from "#infrastructure/repositories/kysely-property-view-tally";
import { KyselyWishlistRepository } from "#infrastructure/repositories/kysely-wishlist-repository";
import { KyselyReportRepository, kyselyReportUnitOfWork } from "#infrastructure/repositories/kysely-report-repository";
import { KyselyReviewRepository } from "#infrastructure/repositories/kysely-review-repository";
import { KyselyMessageRepository, kyselyMessagingUnitOfWork } from "#infrastructure/repositories/kysely-message-repository";
import { defaultMessageEmails } from "#infrastructure/mail/default-message-emails";
import { KyselyContactMessageStore } from "#infrastructure/repositories/kysely-contact-message-store";
import { createMailer } from "#infrastructure/mail/create-mailer";
import { KyselyBlogPostRepository } from "#infrastructure/repositories/kysely-blog-post-repository";
import { MarkdownItRenderer } from "#infrastructure/markdown/markdown-it-renderer";
import { KyselySavedSearchRepository } from "#infrastructure/repositories/kysely-saved-search-repository";
import { KyselyNewListingFinder } from "#infrastructure/repositories/kysely-saved-search-listing-finder";
import { KyselySitemapReader, type SitemapEntries } from "#infrastructure/repositories/kysely-sitemap-reader";
import { startIntervalJob } from "./interval-job.server";
import type { JobLeases } from "#infrastructure/jobs/kysely-job-leases";
import { logger } from "#infrastructure/logging/logger";

/** The agent directory plus the one agent a public profile shows. */
export interface AgentProfiles extends AgentDirectory {
  /** The card of an agent (any status), or null when there is no such agent. */
  findAgent(userId: string): Promise<AgentCard | null>;
}

/** Everything the discovery pages call: pass the parts to the domain's use cases and queries. */
export interface DiscoveryModule {
  search: ListingSearch;
  /** The public guest-house list and detail (read-only; booking and the access fee are elsewhere). */
  guestHouses: GuestHouseCatalogue;
  agents: AgentProfiles;
  /** For addToWishlist, removeFromWishlist, recordView (with the daily view counts), recordSearch and the history queries. */
  engagement: { wishlist: WishlistRepository; history: HistoryRepository; viewTally: PropertyViewTally; clock: Clock; ids: IdGenerator };
  /** For reportListing; `reports` outside a transaction for the admin's read queries. */
  reports: ReportDeps & ReportRepos;
  /** For rateAgent, replyToReview and the review queries. */
  reviews: { reviews: ReviewRepository; clock: Clock; ids: IdGenerator; publicPages: PublicPages };
  /**
   * For contactAgent and replyInThread (with their e-mail notice), and, through `messages`, the
   * inbox queries (listThreadsFor, threadWithMessages, unreadMessageCount).
   */
  messaging: MessagingDeps & { messages: MessageRepository };
  /** For submitContactMessage (the public contact form, forwarded to support). */
  contact: ContactDeps;
  /** For listPublishedPosts and postBySlug. */
  blog: { posts: BlogPostRepository; clock: Clock; markdown: MarkdownRenderer };
  /** For saveSearch, deleteSavedSearch, listSavedSearches and sendSavedSearchAlerts. */
  alerts: SavedSearchDeps & AlertDeps;
  /** Every public page with an id, for /sitemap.xml (a read model: no domain rule involved). */
  sitemap: { entries(now: Date): Promise<SitemapEntries> };
  clock: Clock;
}

export type { SitemapEntries };

export interface DiscoveryWiringOptions {
  clock?: Clock;
  ids?: IdGenerator;
  mailer?: Mailer;
  /** Told by the reports and reviews that change what visitors see (the composition root's signal). */
  publicPages: PublicPages;
}

export function createDiscoveryModule(config: Config, database: DatabaseHandle, options: DiscoveryWiringOptions): DiscoveryModule {
  const db: Kysely<Database> = database.db;
  const clock = options.clock ?? systemClock;
  const ids = options.ids ?? uuidIds;
  const directory = new KyselyAgentDirectory(db);
  const mailer = options.mailer ?? createMailer(config, db, ids, clock);
  const contactStore = new KyselyContactMessageStore(db);
  return {
    search: new KyselyListingSearch(db, database.dialect),
    guestHouses: new KyselyGuestHouseCatalogue(db),
    agents: {
      listVerifiedAgents: (offset, limit) => directory.listVerifiedAgents(offset, limit),
      topRatedAgents: (limit) => directory.topRatedAgents(limit),
      findAgent: (userId) => findAgentCard(db, userId),
    },
    engagement: {
      wishlist: new KyselyWishlistRepository(db),
      history: new KyselyHistoryRepository(db),
      viewTally: new KyselyPropertyViewTally(db),
      clock,
      ids,
    },
    reports: { uow: kyselyReportUnitOfWork(db), reports: new KyselyReportRepository(db), clock, ids, publicPages: options.publicPages },
    reviews: { reviews: new KyselyReviewRepository(db), clock, ids, publicPages: options.publicPages },
    messaging: {
      uow: kyselyMessagingUnitOfWork(db),
      messages: new KyselyMessageRepository(db),
      clock,
      ids,
      mailer,
      noticeEmails: defaultMessageEmails,
      appUrl: config.appUrl,
    },
    contact: { messages: contactStore, rateLimit: contactStore, mailer, clock, ids, supportEmail: config.support.email },
    blog: { posts: new KyselyBlogPostRepository(db), clock, markdown: new MarkdownItRenderer() },
    alerts: {
      savedSearches: new KyselySavedSearchRepository(db),
      finder: new KyselyNewListingFinder(db),
      mailer,
      appUrl: config.appUrl,
      clock,
      ids,
    },
    sitemap: new KyselySitemapReader(db),
    clock,
  };
}

/**
 * The saved-search alerts job in the server process: one run every `intervalMs` (ALERTS_INTERVAL_MS,
 * 0 turns it off). Runs never overlap; the returned stop() clears the timer and waits for a run in
 * progress. `npm run alerts:send` does one run from the command line.
 */
export function startAlertsJob(
  discovery: Pick<DiscoveryModule, "alerts" | "clock">,
  intervalMs: number,
  leases?: JobLeases,
): () => Promise<void> {
  return startIntervalJob({
    name: "saved-search-alerts",
    intervalMs,
    leases,
    run: async () => {
      const summary = await sendSavedSearchAlerts(discovery.alerts, discovery.clock.now());
      if (summary.emailsSent > 0)
        logger.info(
          { job: "saved-search-alerts" },
          `Saved-search alerts: ${summary.emailsSent} e-mails, ${summary.listingsSent} listings.`,
        );
      for (const f of summary.failures)
        logger.warn({ job: "saved-search-alerts", userId: f.userId }, `Saved-search alert not sent to user ${f.userId}: ${f.error}`);
    },
    onError: (error) => logger.warn({ job: "saved-search-alerts", err: error }, "Saved-search alerts failed"),
  });
}
