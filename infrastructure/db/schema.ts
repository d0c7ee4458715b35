// The one hand-written description of the database, shared by SQLite and PostgreSQL.
// Times are ISO-8601 UTC text, money is integer XAF, booleans are 0/1 integers, ids are text.
// Rows never leave infrastructure/: repositories map them to domain objects.
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

type Bool = number; // 0 or 1, mapped to boolean in repositories
type Iso = string; // ISO-8601 UTC timestamp
type Json = string; // JSON text

export interface ProfilesTable {
  id: string;
  /** Migration 2026-11-28T1500: when the account last signed in; null before its first sign-in. */
  last_sign_in_at: Generated<Iso | null>;
  role: "student" | "agent" | "admin";
  full_name: string;
  email: string;
  phone: string | null;
  password_hash: string | null;
  email_confirmed_at: Iso | null;
  google_id: string | null;
  totp_secret: string | null;
  totp_enabled_at: Iso | null;
  created_at: Iso;
  updated_at: Iso;
  /** The language of the account's e-mails. */
  language: Generated<"en" | "fr">;
  /** Set while an admin has suspended the account (migration 0020). */
  suspended_at: Iso | null;
  suspended_reason: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: Iso;
  last_seen_at: Iso;
  expires_at: Iso;
  user_agent: string | null;
}

export interface EmailTokensTable {
  id: string;
  user_id: string;
  purpose: string;
  token_hash: string;
  expires_at: Iso;
  used_at: Iso | null;
  created_at: Iso;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: Iso | null;
}

export interface LoginAttemptsTable {
  id: string;
  throttle_key: string;
  created_at: Iso;
}

export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  action: string;
  data: Generated<Json>;
  created_at: Iso;
  /** What the action changed, e.g. `user:<id>` (data.target, copied for filtering; migration 0020). */
  target: string | null;
}

export interface AgentsTable {
  user_id: string;
  /** 'withheld': approved, but the account is suspended or no longer an agent (migration 2026-11-28T0300). */
  verification_status: Generated<"pending" | "approved" | "rejected" | "unsubmitted" | "withheld">;
  business_name: string | null;
  license_number: string | null;
  specializations: Generated<Json>;
  commission_rate: Generated<number>;
  business_phone: string | null;
  business_email: string | null;
  business_address: string | null;
  website_url: string | null;
  bio: string | null;
  rejection_reason: string | null;
  submitted_at: Iso | null;
  reviewed_at: Iso | null;
  payout_schedule: Generated<string>;
  terms_accepted_at: Iso | null;
  created_at: Iso;
}

export interface AgentDocumentsTable {
  id: string;
  agent_id: string;
  storage_key: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  created_at: Iso;
}

export interface PropertiesTable {
  id: string;
  agent_id: string;
  title: string;
  description: Generated<string>;
  property_type: "room" | "studio" | "apartment" | "house";
  neighbourhood: string;
  address: Generated<string>;
  latitude: number;
  longitude: number;
  distance_to_campus_m: number;
  monthly_rent: number;
  advance_months: Generated<number>;
  bedrooms: Generated<number>;
  /** Migration 0014. */
  bathrooms: Generated<number>;
  furnished: Generated<Bool>;
  toilet_inside: Generated<Bool>;
  shower_inside: Generated<Bool>;
  water_supply: Generated<Bool>;
  prepaid_meter: Generated<Bool>;
  wifi: Generated<Bool>;
  security: Generated<Bool>;
  parking: Generated<Bool>;
  status: Generated<"available" | "booked" | "sold" | "unavailable" | "rented_out">;
  is_verified: Generated<Bool>;
  is_available: Generated<Bool>;
  hidden_at: Iso | null;
  visiting_hours: Json | null;
  availability_confirmed_at: Iso | null;
  created_at: Iso;
  updated_at: Iso;
  /** Migration 2026-11-28T0600: no map point was set, latitude/longitude are the neighbourhood's centre. */
  location_approximate: Generated<Bool>;
  /** Migration 2026-11-28T1400: how many photos it has, kept by triggers on photos (public only with one). */
  photo_count: Generated<number>;
}

export interface GuestHousesTable {
  id: string;
  host_id: string;
  name: string;
  description: Generated<string>;
  neighbourhood: string;
  address: Generated<string>;
  latitude: number;
  longitude: number;
  nightly_rate: number;
  rooms: Generated<number>;
  amenities: Generated<Json>;
  whatsapp_number: string;
  is_verified: Generated<Bool>;
  created_at: Iso;
  /** Migration 0017. */
  max_guests: Generated<number>;
  house_rules: Generated<string>;
  /** Migration 0022: listed by the platform (the seed, or before hosts could publish); public without an approved host. */
  seeded: Generated<Bool>;
  /** Migration 2026-11-28T0600: no map point was set, latitude/longitude are the neighbourhood's centre. */
  location_approximate: Generated<Bool>;
}

/** Migration 0017: nights a host has marked the house unavailable. */
export interface GuestHouseBlockedDatesTable {
  guest_house_id: string;
  blocked_date: string; // YYYY-MM-DD
  created_at: Iso;
}

export interface PhotosTable {
  id: string;
  owner_type: "property" | "guest_house" | "blog_post";
  owner_id: string;
  position: Generated<number>;
  storage_key: string;
  width: number;
  height: number;
  alt: Generated<string>;
  created_at: Iso;
}

export interface ListingReportsTable {
  id: string;
  property_id: string;
  reporter_id: string;
  reason: string;
  details: Generated<string>;
  status: Generated<"open" | "dismissed" | "upheld">;
  created_at: Iso;
  reviewed_at: Iso | null;
}

export interface BlogPostsTable {
  id: string;
  slug: string;
  author_name: string;
  cover_storage_key: string | null;
  title_en: string;
  title_fr: string;
  excerpt_en: string;
  excerpt_fr: string;
  body_en: string;
  body_fr: string;
  published_at: Iso | null;
  created_at: Iso;
}

export interface FaqEntriesTable {
  id: string;
  group_key: string;
  position: number;
  question_en: string;
  question_fr: string;
  answer_en: string;
  answer_fr: string;
  updated_at: Iso;
  updated_by: string | null;
}

export interface LegalPagesTable {
  slug: string;
  title_en: string;
  title_fr: string;
  body_en: string;
  body_fr: string;
  updated_at: Iso;
  updated_by: string | null;
}

export interface MessageThreadsTable {
  id: string;
  property_id: string | null;
  student_id: string;
  agent_id: string;
  created_at: Iso;
  last_message_at: Iso;
  /** The last e-mail notice of a new message to each side (migration 0015), for the once-an-hour limit. */
  student_notified_at: Iso | null;
  agent_notified_at: Iso | null;
}

export interface MessagesTable {
  id: string;
  thread_id: string;
  sender_id: string;
  body: string;
  read_at: Iso | null;
  created_at: Iso;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: Iso;
  /** The sender's IP, for the contact form's rate limit (added by the engagement-extra migration). */
  ip: string | null;
}

export interface WishlistsTable {
  user_id: string;
  property_id: string;
  created_at: Iso;
}

export interface ViewHistoryTable {
  id: string;
  user_id: string;
  property_id: string;
  viewed_at: Iso;
}

export interface SearchHistoryTable {
  id: string;
  user_id: string;
  query: string;
  searched_at: Iso;
}

export interface SavedSearchesTable {
  id: string;
  user_id: string;
  query: string;
  last_notified_at: Iso;
  created_at: Iso;
}

export interface ReviewsTable {
  id: string;
  agent_id: string;
  student_id: string;
  booking_id: string;
  rating: number;
  comment: Generated<string>;
  reply: string | null;
  replied_at: Iso | null;
  created_at: Iso;
}

export interface PaymentsTable {
  id: string;
  user_id: string;
  payment_gateway: string;
  payment_status: string;
  payment_type: string;
  amount: number;
  currency: Generated<string>;
  method: string | null;
  phone: string | null;
  reference: string;
  provider_tx_id: string | null;
  checkout_url: string | null;
  booking_id: string | null;
  guest_house_id: string | null;
  failure_reason: string | null;
  confirmed_at: Iso | null;
  created_at: Iso;
  updated_at: Iso;
  /** Migration 2026-11-28T0400 (decision 0184): what it is for, and the purchase it belongs to. */
  purpose: string | null;
  purchase_id: string | null;
}

/** Migration 2026-11-28T0400: one lock row per payment purpose (decision 0184). */
export interface PaymentPurposesTable {
  purpose: string;
}

/** Migration 2026-11-28T0400: payments to give back (decision 0184). */
export interface PaymentRefundsTable {
  id: string;
  payment_id: string;
  user_id: string;
  amount: number;
  reason: string;
  paid_by_payment_id: string | null;
  status: string;
  created_at: Iso;
  updated_at: Iso;
  note: string | null;
  keep_access: Generated<Bool>;
  requested_by: string | null;
  phone: string | null;
  medium: string | null;
  attempt: Generated<number>;
  trans_id: string | null;
  failure_reason: string | null;
  send_claimed_at: Iso | null;
}

export interface PaymentEventsTable {
  id: string;
  payment_id: string;
  event_type: string;
  event_data: Generated<Json>;
  created_at: Iso;
}

/** Migration 0019: views of a listing per Buea calendar day (the agent's reports). */
export interface PropertyViewDaysTable {
  property_id: string;
  day: string; // YYYY-MM-DD, Africa/Douala
  views: number;
}

export interface BookingsTable {
  id: string;
  property_id: string;
  student_id: string;
  visitor_name: string;
  visitor_email: string;
  visitor_phone: string;
  visit_date: string; // YYYY-MM-DD
  visit_time: string; // '10:00 AM'
  message: Generated<string>;
  payment_amount: number;
  fee_type: string;
  payment_status: string;
  booking_status: string;
  booking_reference: string;
  hold_expires_at: Iso | null;
  payment_id: string | null;
  viewing_outcome: "confirmed" | "no_show" | null;
  viewing_recorded_at: Iso | null;
  created_at: Iso;
  updated_at: Iso;
  /** The agent's answer (migration 0018): awaiting | accepted | proposed | declined. */
  agent_response: Generated<string>;
  proposed_visit_date: string | null;
  proposed_visit_time: string | null;
  cancelled_at: Iso | null;
  /** student | agent | admin */
  cancelled_by: string | null;
  cancel_reason: string | null;
}

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  payment_id: string | null;
  starts_at: Iso;
  ends_at: Iso;
  created_at: Iso;
}

export interface PlatformFeePaymentsTable {
  id: string;
  user_id: string;
  payment_id: string | null;
  amount: number;
  payment_date: Iso;
  expiry_date: Iso;
  is_valid: Generated<Bool>;
  transaction_id: string;
  method: string;
}

export interface HostVerificationsTable {
  id: string;
  host_id: string;
  status: Generated<"pending" | "verified" | "rejected">;
  documents: Generated<Json>;
  submitted_at: Iso;
  reviewed_at: Iso | null;
  /** Migration 0017. */
  reviewed_by: string | null;
  reject_reason: string | null;
}

export interface BookingAttemptsTable {
  id: string;
  user_id: string;
  guest_house_id: string;
  attempt_date: Iso;
  whatsapp_message_sent: Generated<Bool>;
  /** Migration 0017: the stay asked for (NULL on older rows) and the message handed to WhatsApp. */
  check_in: string | null;
  check_out: string | null;
  guests: number | null;
  message: Generated<string>;
  language: Generated<"en" | "fr">;
}

/** Migration 2026-11-28T1600: a guest's booking form kept while they pay the access (decision 0243). */
export interface GuestHouseBookingDraftsTable {
  user_id: string;
  guest_house_id: string;
  check_in: string;
  check_out: string;
  guests: number;
  message: string;
  saved_at: Iso;
}

export interface CommissionEarningsTable {
  id: string;
  agent_id: string;
  property_id: string;
  booking_id: string;
  amount: number;
  type: string;
  date: Iso;
  /** Kept in step with status ('paid' ⇔ 1) for older readers; status is the truth. */
  paid: Generated<Bool>;
  paid_date: Iso | null;
  /** Migration 0010 (decision 0108): the student and subscription period; NULL on older rows. */
  student_id: string | null;
  period_key: string | null;
  status: Generated<"pending" | "paid" | "voided">;
  voided_at: Iso | null;
  voided_by: string | null;
  void_reason: string | null;
  /** Migration 0025: the reference of the payout that paid it (weekly payout run). */
  payout_reference: string | null;
  /** Migration 2026-11-28T0800: the provider payout paying it (set while claimed, kept once paid). */
  payout_id: string | null;
}

/** Migration 0016: booking e-mails waiting to be sent (domain/notifications). */
export interface BookingNoticesTable {
  id: string;
  kind: string;
  booking_id: string;
  recipient: string;
  data: Generated<Json>;
  dedupe_key: string | null;
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: Iso;
  last_error: string | null;
  created_at: Iso;
  sent_at: Iso | null;
}

export interface OutboxEmailsTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Iso;
}

/** The simulated provider's transactions (migration 0004), shaped like Fapshi's. */
export interface SimulatedTransactionsTable {
  trans_id: string;
  status: "CREATED" | "PENDING" | "SUCCESSFUL" | "FAILED" | "EXPIRED";
  amount: number;
  external_id: string;
  user_id: string;
  email: string;
  payer_name: string;
  phone: string;
  medium: string;
  message: string;
  redirect_url: string;
  reason: string | null;
  date_initiated: Iso;
  date_confirmed: Iso | null;
  updated_at: Iso;
}

/** Migration 2026-11-28T0800 (issue 34): the number each agent is paid to. */
export interface AgentPayoutNumbersTable {
  agent_id: string;
  /** The nine national digits, 6XXXXXXXX. */
  phone: string;
  medium: "mtn_momo" | "orange_money";
  updated_at: Iso;
}

/** One transfer to one agent through the disbursement provider; id is our reference (externalId). */
export interface PayoutsTable {
  id: string;
  agent_id: string;
  amount: number;
  phone: string;
  medium: "mtn_momo" | "orange_money";
  status: "pending" | "successful" | "failed";
  trans_id: string | null;
  reason: string | null;
  cut_off: Iso;
  earning_count: number;
  /** When a process last took the right to send it (null once sent, or never). */
  send_claimed_at: Iso | null;
  created_by: string | null;
  created_at: Iso;
  updated_at: Iso;
}

export interface PayoutEventsTable {
  id: string;
  payout_id: string;
  event_type: string;
  event_data: Json;
  created_at: Iso;
}

export interface SimulatedPayoutsTable {
  trans_id: string;
  status: "PENDING" | "SUCCESSFUL" | "FAILED";
  amount: number;
  external_id: string;
  user_id: string;
  phone: string;
  medium: string;
  name: string;
  reason: string | null;
  date_initiated: Iso;
  updated_at: Iso;
}

/** When each background job last started, on any instance (migration 0028). */
export interface JobLeasesTable {
  job: string;
  last_run_at: Iso;
  holder: string;
  runs: Generated<number>;
}

/** Counters every instance polls: "pages" changes when the visitors' page cache must be emptied (migration 0029). */
export interface CacheGenerationsTable {
  name: string;
  generation: number;
}

/** Listings students can visit, per neighbourhood; kept by triggers (migration 0027, decision 0131). */
export interface NeighbourhoodCountsTable {
  neighbourhood: string;
  listings: number;
}

/** Payments and money per gateway and stored status word, kept by triggers on payments (migration 0032, decision 0148). */
export interface PaymentTotalsTable {
  payment_gateway: string;
  payment_status: string;
  /** bigint: PostgreSQL's driver gives a string. */
  payments: number | string;
  amount: number | string;
}

export interface Database {
  profiles: ProfilesTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  recovery_codes: RecoveryCodesTable;
  login_attempts: LoginAttemptsTable;
  audit_log: AuditLogTable;
  agents: AgentsTable;
  agent_documents: AgentDocumentsTable;
  properties: PropertiesTable;
  neighbourhood_counts: NeighbourhoodCountsTable;
  payment_totals: PaymentTotalsTable;
  guest_houses: GuestHousesTable;
  guest_house_blocked_dates: GuestHouseBlockedDatesTable;
  photos: PhotosTable;
  listing_reports: ListingReportsTable;
  blog_posts: BlogPostsTable;
  faq_entries: FaqEntriesTable;
  legal_pages: LegalPagesTable;
  message_threads: MessageThreadsTable;
  messages: MessagesTable;
  contact_messages: ContactMessagesTable;
  wishlists: WishlistsTable;
  view_history: ViewHistoryTable;
  property_view_days: PropertyViewDaysTable;
  search_history: SearchHistoryTable;
  saved_searches: SavedSearchesTable;
  reviews: ReviewsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payment_purposes: PaymentPurposesTable;
  payment_refunds: PaymentRefundsTable;
  bookings: BookingsTable;
  subscriptions: SubscriptionsTable;
  platform_fee_payments: PlatformFeePaymentsTable;
  host_verifications: HostVerificationsTable;
  booking_attempts: BookingAttemptsTable;
  guest_house_booking_drafts: GuestHouseBookingDraftsTable;
  booking_notices: BookingNoticesTable;
  commission_earnings: CommissionEarningsTable;
  outbox_emails: OutboxEmailsTable;
  simulated_transactions: SimulatedTransactionsTable;
  agent_payout_numbers: AgentPayoutNumbersTable;
  payouts: PayoutsTable;
  payout_events: PayoutEventsTable;
  simulated_payouts: SimulatedPayoutsTable;
  job_leases: JobLeasesTable;
  cache_generations: CacheGenerationsTable;
}

export type ProfileRow = Selectable<ProfilesTable>;
export type PropertyRow = Selectable<PropertiesTable>;
export type NewProperty = Insertable<PropertiesTable>;
export type BookingRow = Selectable<BookingsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type PaymentUpdate = Updateable<PaymentsTable>;
