// Every migration, in order. A static list rather than a folder scan, so the same code path runs
// under tsx, Vitest and the production bundle. A test checks that no file in this folder is missing here.
import type { Migration } from "kysely";
import * as accounts from "./2026-11-22T0001-accounts";
import * as listings from "./2026-11-22T0002-listings";
import * as money from "./2026-11-22T0003-money";
import * as paymentsExtra from "./2026-11-22T0004-payments-extra";
import * as listingIndexes from "./2026-11-22T0005-listing-indexes";
import * as accountsExtra from "./2026-11-22T0006-accounts-extra";
import * as engagementExtra from "./2026-11-22T0007-engagement-extra";
import * as selfDealing from "./2026-11-22T0010-self-dealing";
import * as propertyManagement from "./2026-11-22T0014-property-management";
import * as messageNotices from "./2026-11-22T0015-message-notices";
import * as bookingNotices from "./2026-11-22T0016-booking-notices";
import * as guestHouseHosting from "./2026-11-22T0017-guest-house-hosting";
import * as bookingLifecycle from "./2026-11-22T0018-booking-lifecycle";
import * as propertyViewDays from "./2026-11-22T0019-property-view-days";
import * as adminUsers from "./2026-11-22T0020-admin-users";
import * as guestHouseSeeded from "./2026-11-22T0022-guest-house-seeded";
import * as hostVerificationPerHost from "./2026-11-22T0023-host-verification-per-host";
import * as helpContent from "./2026-11-22T0024-help-content";
import * as commissionPayouts from "./2026-11-22T0025-commission-payouts";
import * as searchIndex from "./2026-11-22T0027-search-index";
import * as jobLeases from "./2026-11-22T0028-job-leases";
import * as pageCacheGeneration from "./2026-11-22T0029-page-cache-generation";
import * as listIndexes from "./2026-11-22T0031-list-indexes";
import * as paymentTotals from "./2026-11-22T0032-payment-totals";
import * as sortCoverIndexes from "./2026-11-22T0033-sort-cover-indexes";
import * as neighbourhoodCoverIndex from "./2026-11-22T0034-neighbourhood-cover-index";
import * as withheldAgents from "./2026-11-28T0300-withheld-agents";
import * as approximateLocations from "./2026-11-28T0600-approximate-locations";
import * as paymentPurposesAndRefunds from "./2026-11-28T0400-payment-purposes-and-refunds";
import * as agentPayouts from "./2026-11-28T0800-agent-payouts";
import * as dataRightsTexts from "./2026-11-28T1000-data-rights-texts";
import * as paymentRefundsSent from "./2026-11-28T1100-payment-refunds-sent";
import * as payoutTextsAndLookup from "./2026-11-28T1200-payout-texts-and-lookup";
import * as retentionTexts from "./2026-11-28T1300-retention-texts";
import * as listingPhotoCount from "./2026-11-28T1400-listing-photo-count";
import * as lastSignIn from "./2026-11-28T1500-last-sign-in";
import * as guestHouseBookingDrafts from "./2026-11-28T1600-guest-house-booking-drafts";

export const migrations: Record<string, Migration> = {
  "2026-11-22T0001-accounts": accounts,
  "2026-11-22T0002-listings": listings,
  "2026-11-22T0003-money": money,
  "2026-11-22T0004-payments-extra": paymentsExtra,
  "2026-11-22T0005-listing-indexes": listingIndexes,
  "2026-11-22T0006-accounts-extra": accountsExtra,
  "2026-11-22T0007-engagement-extra": engagementExtra,
  "2026-11-22T0010-self-dealing": selfDealing,
  "2026-11-22T0014-property-management": propertyManagement,
  "2026-11-22T0015-message-notices": messageNotices,
  "2026-11-22T0016-booking-notices": bookingNotices,
  "2026-11-22T0017-guest-house-hosting": guestHouseHosting,
  "2026-11-22T0018-booking-lifecycle": bookingLifecycle,
  "2026-11-22T0019-property-view-days": propertyViewDays,
  "2026-11-22T0020-admin-users": adminUsers,
  "2026-11-22T0022-guest-house-seeded": guestHouseSeeded,
  "2026-11-22T0023-host-verification-per-host": hostVerificationPerHost,
  "2026-11-22T0024-help-content": helpContent,
  "2026-11-22T0025-commission-payouts": commissionPayouts,
  "2026-11-22T0027-search-index": searchIndex,
  "2026-11-22T0028-job-leases": jobLeases,
  "2026-11-22T0029-page-cache-generation": pageCacheGeneration,
  "2026-11-22T0031-list-indexes": listIndexes,
  "2026-11-22T0032-payment-totals": paymentTotals,
  "2026-11-22T0033-sort-cover-indexes": sortCoverIndexes,
  "2026-11-22T0034-neighbourhood-cover-index": neighbourhoodCoverIndex,
  "2026-11-28T0300-withheld-agents": withheldAgents,
  "2026-11-28T0400-payment-purposes-and-refunds": paymentPurposesAndRefunds,
  "2026-11-28T0600-approximate-locations": approximateLocations,
  "2026-11-28T0800-agent-payouts": agentPayouts,
  "2026-11-28T1000-data-rights-texts": dataRightsTexts,
  "2026-11-28T1100-payment-refunds-sent": paymentRefundsSent,
  "2026-11-28T1200-payout-texts-and-lookup": payoutTextsAndLookup,
  "2026-11-28T1300-retention-texts": retentionTexts,
  "2026-11-28T1400-listing-photo-count": listingPhotoCount,
  "2026-11-28T1500-last-sign-in": lastSignIn,
  "2026-11-28T1600-guest-house-booking-drafts": guestHouseBookingDrafts,
};
