// The composition root: the one place in app/ that imports infrastructure/. It wires every
// adapter from configuration and hands the result to Remix through the load context.
import { createCookieSessionStorage, type SessionStorage } from "@remix-run/node";
import type { Config } from "#infrastructure/config/config";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { createFileStorages, type FileStorages } from "#infrastructure/storage/create-file-storage";
import { PhotoFileStore } from "#infrastructure/photos/photo-file-store";
import { createMailer } from "#infrastructure/mail/create-mailer";
import { uuidIds } from "#infrastructure/auth/crypto-secret-tokens";
import { KyselySitemapReader, type SitemapEntries } from "#infrastructure/repositories/kysely-sitemap-reader";
import { logger, type Logger } from "#infrastructure/logging/logger";
import type { AccountsDeps } from "#domain/accounts/accounts.deps";
import type { SessionUser } from "#domain/accounts/account.entity";
import { getSessionUser } from "#domain/accounts/manage-sessions.use-case";
import { systemClock } from "#domain/shared/clock";
import { createAccountsDeps, startAccountsCleanupJob } from "./wiring/accounts.server";
import { createDataRightsDeps, createRetentionDeps, startRetentionJob } from "./wiring/data-rights.server";
import type { DataRightsDeps } from "#domain/data-rights/data-rights.deps";
import type { RetentionDeps } from "#domain/data-rights/enforce-retention.use-case";
import { createListingsModule, type ListingsModule } from "./wiring/listings.server";
import { createEngagementModule, type EngagementModule } from "./wiring/engagement.server";
import { createListingReportsModule, type ListingReportsModule } from "./wiring/listing-reports.server";
import { createReviewsModule, type ReviewsModule } from "./wiring/reviews.server";
import { createMessagingModule, type MessagingModule } from "./wiring/messaging.server";
import { createContactModule, type ContactModule } from "./wiring/contact.server";
import { createBlogModule, type BlogModule } from "./wiring/blog.server";
import { createAlertsModule, startAlertsJob, type AlertsModule } from "./wiring/alerts.server";
import { createMoneyModule, startReconciliationJob, type MoneyModule } from "./wiring/money.server";
import { createRefundsModule, startRefundReconciliationJob, type RefundsModule } from "./wiring/refunds.server";
import { createPayoutsModule, startPayoutReconciliationJob, startScheduledPayoutJob, type PayoutsModule } from "./wiring/payouts.server";
import { KyselyJobLeases } from "#infrastructure/jobs/kysely-job-leases";
import { KyselyCacheGeneration } from "#infrastructure/jobs/kysely-cache-generation";
import { PublicPagesSignal, SHARED_POLL_MS } from "#infrastructure/jobs/public-pages-signal";
import { createNoticesModule, startBookingNoticesJob, type NoticesModule } from "./wiring/notices.server";
import { createGuestHouseBookingModule, type GuestHouseBookingModule } from "./wiring/guest-houses.server";
import { createPropertyManagementModule, type PropertyManagementModule } from "./wiring/property-management.server";
import { createAgentReportsModule, type AgentReportsModule } from "./wiring/agent-reports.server";
import { createHostingModule, type HostingModule } from "./wiring/hosting.server";
import { createModerationModule, type ModerationModule } from "./wiring/moderation.server";
import { createBlogAdminModule, type BlogAdminModule } from "./wiring/blog-admin.server";
import { createHelpContentModule, type HelpContentModule } from "./wiring/help-content.server";
import type { Toast } from "./utils/toast";

/** What the browser may know about the configuration: nothing secret. */
export interface PublicConfig {
  support: { email: string; phone: string; whatsapp: string; address: string; addressFr: string };
  chatWidgetSrc: string | null;
  /** Whether pages register the offline-reading service worker (SERVICE_WORKER, decision 0239). */
  serviceWorker: boolean;
  googleLoginEnabled: boolean;
  debugPages: boolean;
  demoMode: boolean;
  /** The site's absolute origin (APP_URL), for canonical URLs, hreflang and OpenGraph. */
  appUrl: string;
}

export interface FlashData {
  toast: Toast;
}

/** The signed-in user (SPEC §3 session user, plus role, agent status and two-step state). */
export type CurrentUser = SessionUser;

export interface Services {
  config: Config;
  database: DatabaseHandle;
  /** The server's logger (infrastructure/logging): its lines carry the request's id by themselves. */
  log: Logger;
  publicConfig: PublicConfig;
  /** Photos (served by server/media.ts at /media/photos) and private documents. */
  files: FileStorages;
  /** The cookie session: holds the database session id and one-time toasts, nothing else. */
  sessionStorage: SessionStorage<Record<string, unknown>, FlashData>;
  /**
   * Told by the use cases that change what visitors see (domain/shared/public-pages.port.ts): the
   * page cache listens (server/http-app.ts), the other instances hear through the shared counter.
   */
  publicPages: PublicPagesSignal;
  /** The accounts module's ports and adapters: pass to the use cases in domain/accounts. */
  accounts: AccountsDeps;
  /** A person's own data: the download and the closing of the account (app/wiring/data-rights.server.ts). */
  dataRights: DataRightsDeps;
  /** The retention job's ports and periods (decision 0227): run every RETENTION_INTERVAL_MS by the server. */
  retention: RetentionDeps;
  /** The listings read side: search, property pages, agent directory and profiles (app/wiring/listings.server.ts). */
  listings: ListingsModule;
  /** Wishlist, view and search histories, daily view counts (app/wiring/engagement.server.ts). */
  engagement: EngagementModule;
  /** A student's report of a listing (app/wiring/listing-reports.server.ts); the admin's queue is `moderation`. */
  listingReports: ListingReportsModule;
  /** Reviews of agents and their replies (app/wiring/reviews.server.ts). */
  reviews: ReviewsModule;
  /** Student–agent threads and the inbox (app/wiring/messaging.server.ts). */
  messaging: MessagingModule;
  /** The public contact form (app/wiring/contact.server.ts). */
  contact: ContactModule;
  /** The public blog (app/wiring/blog.server.ts); writing posts is `blogAdmin`. */
  blog: BlogModule;
  /** Saved searches and their e-mail alerts (app/wiring/alerts.server.ts). */
  alerts: AlertsModule;
  /** Every public page with an id, for /sitemap.xml (a read model: no domain rule involved). */
  sitemap: { entries(now: Date): Promise<SitemapEntries> };
  /** The money module: bookings, subscriptions, payments, viewing outcomes (app/wiring/money.server.ts). */
  money: MoneyModule;
  /** Money out to agents: payout numbers, the payout run (app/wiring/payouts.server.ts). */
  payouts: PayoutsModule;
  /** Refunds of payments through the same disbursement provider (app/wiring/refunds.server.ts). */
  refunds: RefundsModule;
  /** The booking e-mails' outbox job (app/wiring/notices.server.ts). */
  notices: NoticesModule;
  /** The agent portal's property management (app/wiring/property-management.server.ts). */
  properties: PropertyManagementModule;
  /** The agent's reports: views, visit bookings, confirmed viewings (app/wiring/agent-reports.server.ts). */
  agentReports: AgentReportsModule;
  /** The host area and the review of hosts (app/wiring/hosting.server.ts). */
  hosting: HostingModule;
  /** The admin's property moderation and listing-report queue (app/wiring/moderation.server.ts). */
  moderation: ModerationModule;
  /** The admin's blog posts: write, preview, publish, delete (app/wiring/blog-admin.server.ts). */
  blogAdmin: BlogAdminModule;
  /** The FAQ and the legal pages, read by the public pages and edited by admins (app/wiring/help-content.server.ts). */
  helpContent: HelpContentModule;
  /** The guest-house catalogue, booking attempts and the platform access fee (app/wiring/guest-houses.server.ts). */
  guestHouses: GuestHouseBookingModule;
  /** The user behind a database session id, or null when it is unknown, revoked or expired. */
  currentUser(sessionId: string): Promise<CurrentUser | null>;
  /** Stops background work (timers) so the process can exit. */
  stop(): Promise<void>;
}

/** What the server already made and shares with the services (tests leave it out). */
export interface ServicesOptions {
  files?: FileStorages;
}

export function createServices(config: Config, database: DatabaseHandle, options: ServicesOptions = {}): Services {
  // Photos and documents on disk or in the bucket (decision 0135); the /media route reads photos from it too.
  const files = options.files ?? createFileStorages(config);
  const sessionStorage = createCookieSessionStorage<Record<string, unknown>, FlashData>({
    cookie: {
      name: "kn_session",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: config.isProduction && config.appUrl.startsWith("https://"),
      // Kept across browser restarts (phones close browsers all the time); the database session
      // decides when a sign-in really ends (7 days idle, 30 days at most).
      maxAge: 60 * 60 * 24 * 30,
      // Several secrets: the first signs, all verify, so a secret can be rotated without logging everyone out.
      secrets: config.sessionSecrets,
    },
  });

  const stoppers: Array<() => Promise<void> | void> = [];
  // Each job runs once per period across every instance on this database (decision 0133).
  const leases = new KyselyJobLeases(database.db);
  const publicPages = new PublicPagesSignal(new KyselyCacheGeneration(database.db), {
    spacingMs: SHARED_POLL_MS,
    onError: (error) =>
      logger.warn(
        { err: error },
        "the other instances could not be told that public pages changed: theirs age out with the page cache's TTL",
      ),
  });
  stoppers.push(() => publicPages.stop());
  const accounts = createAccountsDeps(config, database, { storage: files.documents, publicPages });
  // Ended sessions, old login attempts and spent tokens: deleted every ACCOUNTS_CLEANUP_INTERVAL_MS.
  if (config.env !== "test") stoppers.push(startAccountsCleanupJob(accounts, config.accountsCleanupIntervalMs, leases));
  // What has outlived the privacy policy's periods: deleted every RETENTION_INTERVAL_MS (decision 0227).
  const retention = createRetentionDeps(config, database, accounts);
  if (config.env !== "test") stoppers.push(startRetentionJob(retention, config.retention.intervalMs, leases));
  const clock = systemClock;
  const ids = uuidIds;
  // One mailer for the messaging notices, the contact form and the alerts.
  const mailer = createMailer(config, database.db, ids, clock);
  const alerts = createAlertsModule(config, database, { clock, ids, mailer });
  // Saved-search alerts every ALERTS_INTERVAL_MS in the server process (not in tests, which run
  // them directly); `npm run alerts:send` runs one by hand.
  if (config.env !== "test") stoppers.push(startAlertsJob(alerts, config.alertsIntervalMs, leases));
  const money = createMoneyModule(config, database);
  // The payments safety net (lost webhooks, abandoned checkouts): every minute in the server process.
  // Not in tests, which run sweeps themselves; `npm run payments:reconcile` runs one by hand.
  if (config.env !== "test" && config.payments.reconcileIntervalMs > 0) {
    stoppers.push(startReconciliationJob(money, config.payments.reconcileIntervalMs, leases));
  }
  const payouts = createPayoutsModule(config, database, accounts);
  if (config.env !== "test" && config.payments.reconcileIntervalMs > 0) {
    stoppers.push(startPayoutReconciliationJob(payouts, config.payments.reconcileIntervalMs, leases));
  }
  const refunds = createRefundsModule(config, database, payouts, accounts.mailer);
  if (config.env !== "test" && config.payments.reconcileIntervalMs > 0) {
    stoppers.push(startRefundReconciliationJob(refunds, config.payments.reconcileIntervalMs, leases));
  }
  // The weekly payout by itself (PAYOUT_SCHEDULE), once per period across instances (decision 0223).
  if (config.env !== "test") stoppers.push(startScheduledPayoutJob(payouts, leases));
  const notices = createNoticesModule(config, database);
  // Booking e-mails (confirmations, receipts, reminders, changes): written to an outbox by the use
  // cases, sent every BOOKING_NOTICES_INTERVAL_MS here; `npm run notices:send` runs one by hand.
  if (config.env !== "test") stoppers.push(startBookingNoticesJob(notices, config.bookingNoticesIntervalMs, leases));

  const properties = createPropertyManagementModule(database, new PhotoFileStore(files.photos), publicPages);

  return {
    config,
    database,
    files,
    log: logger,
    publicConfig: {
      support: config.support,
      chatWidgetSrc: config.chatWidgetSrc ?? null,
      serviceWorker: config.serviceWorker,
      googleLoginEnabled: Boolean(config.google),
      debugPages: config.debugPages,
      demoMode: config.demoMode,
      appUrl: config.appUrl,
    },
    sessionStorage,
    publicPages,
    accounts,
    dataRights: createDataRightsDeps(database, accounts),
    retention,
    listings: createListingsModule(database, clock),
    engagement: createEngagementModule(database, clock, ids),
    listingReports: createListingReportsModule(database, clock, ids, publicPages),
    reviews: createReviewsModule(database, clock, ids, publicPages),
    messaging: createMessagingModule(config, database, { clock, ids, mailer }),
    contact: createContactModule(config, database, { clock, ids, mailer }),
    blog: createBlogModule(database, clock),
    alerts,
    sitemap: new KyselySitemapReader(database.db),
    money,
    payouts,
    refunds,
    notices,
    properties,
    agentReports: createAgentReportsModule(database),
    hosting: createHostingModule(database, accounts, properties.photos, publicPages),
    moderation: createModerationModule(database, publicPages),
    blogAdmin: createBlogAdminModule(database, properties.photos, publicPages, files.documents),
    helpContent: createHelpContentModule(database, publicPages),
    guestHouses: createGuestHouseBookingModule(database, money),
    currentUser: (sessionId) => getSessionUser(accounts, sessionId),
    async stop() {
      for (const stop of stoppers) await stop();
    },
  };
}
