// The data-rights export's reader over SQLite and PostgreSQL: one person's rows from every
// module's tables, as plain JSON values (decision 0216). Counterparts appear by role and listing
// title only; storage keys, other people's ids and the admins who decided are left out.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ExportRow, ExportValue, PersonalData, PersonalDataReader, PersonalDataSection } from "#domain/data-rights/personal-data";

type Row = Record<string, unknown>;

/** Database values to JSON values: 0/1 flags stay numbers unless named in `flags`. */
function clean(row: Row, flags: readonly string[] = []): ExportRow {
  const out: ExportRow = {};
  for (const [key, value] of Object.entries(row)) {
    if (flags.includes(key)) out[key] = Boolean(Number(value));
    else if (value === undefined || value === null) out[key] = null;
    else if (typeof value === "bigint") out[key] = Number(value);
    else if (value instanceof Date) out[key] = value.toISOString();
    else out[key] = value as ExportValue;
  }
  return out;
}

interface StoredHostDocument {
  kind?: string;
  originalName?: string;
  mimeType?: string;
  sizeBytes?: number;
}

function hostDocuments(json: string): string {
  try {
    const docs = JSON.parse(json) as StoredHostDocument[];
    return JSON.stringify(
      docs.map((d) => ({
        kind: d.kind ?? null,
        fileName: d.originalName ?? null,
        mimeType: d.mimeType ?? null,
        sizeBytes: d.sizeBytes ?? null,
      })),
    );
  } catch {
    return "[]";
  }
}

export class KyselyPersonalDataReader implements PersonalDataReader {
  constructor(private readonly db: Kysely<Database>) {}

  async read(userId: string, maxRows: number): Promise<PersonalData | null> {
    const db = this.db;
    const limit = maxRows + 1;
    const profile = await db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirst();
    if (!profile) return null;

    const account = clean({
      id: profile.id,
      role: profile.role,
      fullName: profile.full_name,
      email: profile.email,
      phone: profile.phone,
      emailConfirmedAt: profile.email_confirmed_at,
      signInWithGoogle: profile.google_id !== null,
      twoStepVerification: profile.totp_enabled_at !== null,
      createdAt: profile.created_at,
      updatedAt: profile.updated_at,
      suspendedAt: profile.suspended_at,
      suspendedReason: profile.suspended_reason,
    });
    const preferences = clean({ language: profile.language });

    const [
      wishlist,
      viewHistory,
      searchHistory,
      savedSearches,
      bookings,
      payments,
      refunds,
      subscriptions,
      platformAccess,
      messagesSent,
      messagesReceived,
      reviewsWritten,
      reviewsReceived,
      reportsFiled,
      guestHouseAttempts,
      agentProfile,
      agentDocuments,
      listings,
      earnings,
      payouts,
      payoutNumber,
      guestHouses,
      hostVerifications,
    ] = await Promise.all([
      db
        .selectFrom("wishlists as w")
        .leftJoin("properties as p", "p.id", "w.property_id")
        .select(["w.property_id as propertyId", "p.title as propertyTitle", "w.created_at as savedAt"])
        .where("w.user_id", "=", userId)
        .orderBy("w.created_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("view_history as v")
        .leftJoin("properties as p", "p.id", "v.property_id")
        .select(["v.property_id as propertyId", "p.title as propertyTitle", "v.viewed_at as viewedAt"])
        .where("v.user_id", "=", userId)
        .orderBy("v.viewed_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("search_history")
        .select(["query", "searched_at as searchedAt"])
        .where("user_id", "=", userId)
        .orderBy("searched_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("saved_searches")
        .select(["query", "created_at as createdAt", "last_notified_at as lastNotifiedAt"])
        .where("user_id", "=", userId)
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("bookings as b")
        .leftJoin("properties as p", "p.id", "b.property_id")
        .select([
          "b.booking_reference as reference",
          "b.property_id as propertyId",
          "p.title as propertyTitle",
          "b.visitor_name as visitorName",
          "b.visitor_email as visitorEmail",
          "b.visitor_phone as visitorPhone",
          "b.visit_date as visitDate",
          "b.visit_time as visitTime",
          "b.message",
          "b.payment_amount as amount",
          "b.fee_type as feeType",
          "b.payment_status as paymentStatus",
          "b.booking_status as bookingStatus",
          "b.agent_response as agentResponse",
          "b.proposed_visit_date as proposedVisitDate",
          "b.proposed_visit_time as proposedVisitTime",
          "b.viewing_outcome as viewingOutcome",
          "b.cancelled_at as cancelledAt",
          "b.cancelled_by as cancelledBy",
          "b.cancel_reason as cancelReason",
          "b.created_at as createdAt",
        ])
        .where("b.student_id", "=", userId)
        .orderBy("b.created_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("payments")
        .select([
          "reference",
          "provider_tx_id as providerTransactionId",
          "payment_gateway as gateway",
          "payment_type as type",
          "purpose",
          "amount",
          "currency",
          "method",
          "phone",
          "payment_status as status",
          "failure_reason as failureReason",
          "created_at as createdAt",
          "confirmed_at as confirmedAt",
        ])
        .where("user_id", "=", userId)
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("payment_refunds as r")
        .innerJoin("payments as p", "p.id", "r.payment_id")
        .select([
          "p.reference as paymentReference",
          "r.amount",
          "r.reason",
          "r.status",
          "r.created_at as createdAt",
          "r.updated_at as updatedAt",
        ])
        .where("r.user_id", "=", userId)
        .orderBy("r.created_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("subscriptions as s")
        .leftJoin("payments as p", "p.id", "s.payment_id")
        .select(["s.starts_at as startsAt", "s.ends_at as endsAt", "p.reference as paymentReference", "s.created_at as createdAt"])
        .where("s.user_id", "=", userId)
        .orderBy("s.created_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("platform_fee_payments as f")
        .leftJoin("payments as p", "p.id", "f.payment_id")
        .select([
          "f.amount",
          "f.payment_date as paidAt",
          "f.expiry_date as expiresAt",
          "f.transaction_id as transactionId",
          "f.method",
          "p.reference as paymentReference",
        ])
        .where("f.user_id", "=", userId)
        .orderBy("f.payment_date", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("messages as m")
        .innerJoin("message_threads as t", "t.id", "m.thread_id")
        .leftJoin("properties as p", "p.id", "t.property_id")
        .select(["m.thread_id as conversation", "p.title as propertyTitle", "m.body", "m.created_at as sentAt", "m.read_at as readAt"])
        .select((eb) => eb.case().when("t.student_id", "=", userId).then("agent").else("student").end().as("to"))
        .where("m.sender_id", "=", userId)
        .orderBy("m.created_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("messages as m")
        .innerJoin("message_threads as t", "t.id", "m.thread_id")
        .leftJoin("properties as p", "p.id", "t.property_id")
        .select(["m.thread_id as conversation", "p.title as propertyTitle", "m.body", "m.created_at as sentAt", "m.read_at as readAt"])
        .select((eb) => eb.case().when("t.student_id", "=", userId).then("agent").else("student").end().as("from"))
        .where((eb) => eb.and([eb.or([eb("t.student_id", "=", userId), eb("t.agent_id", "=", userId)]), eb("m.sender_id", "!=", userId)]))
        .orderBy("m.created_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("reviews as r")
        .leftJoin("bookings as b", "b.id", "r.booking_id")
        .select([
          "b.booking_reference as bookingReference",
          "r.rating",
          "r.comment",
          "r.reply",
          "r.replied_at as repliedAt",
          "r.created_at as createdAt",
        ])
        .where("r.student_id", "=", userId)
        .orderBy("r.created_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("reviews")
        .select(["rating", "comment", "reply", "replied_at as repliedAt", "created_at as createdAt"])
        .where("agent_id", "=", userId)
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("listing_reports as r")
        .leftJoin("properties as p", "p.id", "r.property_id")
        .select([
          "r.property_id as propertyId",
          "p.title as propertyTitle",
          "r.reason",
          "r.details",
          "r.status",
          "r.created_at as createdAt",
          "r.reviewed_at as reviewedAt",
        ])
        .where("r.reporter_id", "=", userId)
        .orderBy("r.created_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("booking_attempts as a")
        .leftJoin("guest_houses as g", "g.id", "a.guest_house_id")
        .select([
          "a.guest_house_id as guestHouseId",
          "g.name as guestHouseName",
          "a.attempt_date as attemptedAt",
          "a.check_in as checkIn",
          "a.check_out as checkOut",
          "a.guests",
          "a.message",
          "a.language",
          "a.whatsapp_message_sent as whatsappMessageSent",
        ])
        .where("a.user_id", "=", userId)
        .orderBy("a.attempt_date", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("agents")
        .select([
          "verification_status as verificationStatus",
          "business_name as businessName",
          "license_number as licenseNumber",
          "specializations",
          "commission_rate as commissionRate",
          "business_phone as businessPhone",
          "business_email as businessEmail",
          "business_address as businessAddress",
          "website_url as websiteUrl",
          "bio",
          "rejection_reason as rejectionReason",
          "submitted_at as submittedAt",
          "reviewed_at as reviewedAt",
          "payout_schedule as payoutSchedule",
          "terms_accepted_at as termsAcceptedAt",
          "created_at as createdAt",
        ])
        .where("user_id", "=", userId)
        .limit(limit)
        .execute(),
      db
        .selectFrom("agent_documents")
        .select(["original_name as fileName", "mime_type as mimeType", "size_bytes as sizeBytes", "created_at as uploadedAt"])
        .where("agent_id", "=", userId)
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("properties")
        .select([
          "id",
          "title",
          "property_type as type",
          "neighbourhood",
          "address",
          "monthly_rent as monthlyRent",
          "status",
          "is_verified as verified",
          "hidden_at as hiddenAt",
          "created_at as createdAt",
          "updated_at as updatedAt",
        ])
        .where("agent_id", "=", userId)
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("commission_earnings as c")
        .leftJoin("properties as p", "p.id", "c.property_id")
        .select([
          "p.title as propertyTitle",
          "c.amount",
          "c.type",
          "c.date",
          "c.status",
          "c.paid_date as paidAt",
          "c.payout_reference as payoutReference",
          "c.period_key as period",
          "c.voided_at as voidedAt",
          "c.void_reason as voidReason",
        ])
        .where("c.agent_id", "=", userId)
        .orderBy("c.date", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("payouts")
        .select([
          "id as reference",
          "amount",
          "phone",
          "medium",
          "status",
          "trans_id as providerTransactionId",
          "earning_count as earnings",
          "reason",
          "created_at as createdAt",
          "updated_at as updatedAt",
        ])
        .where("agent_id", "=", userId)
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("agent_payout_numbers")
        .select(["phone", "medium", "updated_at as updatedAt"])
        .where("agent_id", "=", userId)
        .limit(limit)
        .execute(),
      db
        .selectFrom("guest_houses")
        .select([
          "id",
          "name",
          "neighbourhood",
          "address",
          "nightly_rate as nightlyRate",
          "rooms",
          "max_guests as maxGuests",
          "whatsapp_number as whatsappNumber",
          "is_verified as verified",
          "created_at as createdAt",
        ])
        .where("host_id", "=", userId)
        .orderBy("created_at", "desc")
        .limit(limit)
        .execute(),
      db
        .selectFrom("host_verifications")
        .select(["status", "documents", "submitted_at as submittedAt", "reviewed_at as reviewedAt", "reject_reason as rejectReason"])
        .where("host_id", "=", userId)
        .orderBy("submitted_at", "desc")
        .limit(limit)
        .execute(),
    ]);

    const sections: Record<PersonalDataSection, ExportRow[]> = {
      wishlist: wishlist.map((r) => clean(r)),
      viewHistory: viewHistory.map((r) => clean(r)),
      searchHistory: searchHistory.map((r) => clean(r)),
      savedSearches: savedSearches.map((r) => clean(r)),
      bookings: bookings.map((r) => clean(r)),
      payments: payments.map((r) => clean(r)),
      refunds: refunds.map((r) => clean(r)),
      subscriptions: subscriptions.map((r) => clean(r)),
      platformAccess: platformAccess.map((r) => clean(r)),
      messagesSent: messagesSent.map((r) => clean(r)),
      messagesReceived: messagesReceived.map((r) => clean(r)),
      reviewsWritten: reviewsWritten.map((r) => clean(r)),
      reviewsReceived: reviewsReceived.map((r) => clean(r)),
      reportsFiled: reportsFiled.map((r) => clean(r)),
      guestHouseAttempts: guestHouseAttempts.map((r) => clean(r, ["whatsappMessageSent"])),
      agentProfile: agentProfile.map((r) => clean(r)),
      agentDocuments: agentDocuments.map((r) => clean(r)),
      listings: listings.map((r) => clean(r, ["verified"])),
      earnings: earnings.map((r) => clean(r)),
      payouts: payouts.map((r) => clean(r)),
      payoutNumber: payoutNumber.map((r) => clean(r)),
      guestHouses: guestHouses.map((r) => clean(r, ["verified"])),
      hostVerifications: hostVerifications.map((r) => clean({ ...r, documents: hostDocuments(r.documents) })),
    };
    return { account, preferences, sections };
  }
}
