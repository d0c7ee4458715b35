// Rows for the listings query tests: agents (any status), students, properties, photos, reviews.
import type { Insertable, Kysely } from "kysely";
import type { Database, PropertiesTable } from "#infrastructure/db/schema";

export const T0 = Date.parse("2026-11-01T00:00:00.000Z");
export const hoursAfterT0 = (h: number) => new Date(T0 + h * 3_600_000).toISOString();

export type PropertyFixture = Insertable<PropertiesTable> & { id: string; agent_id: string };

export function listingFixtures(db: Kysely<Database>) {
  let reviewCount = 0;
  const profile = (id: string, role: "agent" | "student", name: string, phone: string | null = null) =>
    db
      .insertInto("profiles")
      .values({
        id,
        role,
        full_name: name,
        email: `${id}@kamernest.test`,
        phone,
        password_hash: null,
        email_confirmed_at: hoursAfterT0(0),
        google_id: null,
        totp_secret: null,
        totp_enabled_at: null,
        created_at: hoursAfterT0(0),
        updated_at: hoursAfterT0(0),
      })
      .execute();

  return {
    async agent(
      id: string,
      options: {
        status?: "pending" | "approved" | "rejected";
        name?: string;
        businessName?: string | null;
        phone?: string | null;
        businessPhone?: string | null;
      } = {},
    ) {
      await profile(id, "agent", options.name ?? `Agent ${id}`, options.phone ?? null);
      await db
        .insertInto("agents")
        .values({
          user_id: id,
          verification_status: options.status ?? "approved",
          business_name: options.businessName ?? null,
          license_number: null,
          business_phone: options.businessPhone ?? null,
          business_email: null,
          business_address: null,
          website_url: null,
          bio: null,
          rejection_reason: null,
          submitted_at: hoursAfterT0(0),
          reviewed_at: hoursAfterT0(0),
          terms_accepted_at: null,
          created_at: hoursAfterT0(0),
        })
        .execute();
    },

    student: (id: string) => profile(id, "student", `Student ${id}`),

    /** A plain available room in Molyko unless told otherwise. */
    property(row: Partial<PropertyFixture> & { id: string; agent_id: string }): PropertyFixture {
      return {
        title: `Room ${row.id}`,
        property_type: "room",
        neighbourhood: "Molyko",
        latitude: 4.153,
        longitude: 9.29,
        distance_to_campus_m: 500,
        monthly_rent: 25_000,
        hidden_at: null,
        visiting_hours: null,
        availability_confirmed_at: null,
        created_at: hoursAfterT0(1),
        updated_at: hoursAfterT0(1),
        // Every defaulted column spelled out: in a multi-row insert SQLite gets NULL for a missing one.
        description: "",
        address: "",
        advance_months: 1,
        bedrooms: 1,
        furnished: 0,
        toilet_inside: 0,
        shower_inside: 0,
        water_supply: 0,
        prepaid_meter: 0,
        wifi: 0,
        security: 0,
        parking: 0,
        status: "available",
        is_available: 1,
        is_verified: 0,
        // Public listings have a photo (domain/listings/public-listing.ts). The count is the column
        // the rule reads, kept by triggers when photo rows come and go; a query test that needs no
        // photo rows states it here, and a test of the rule itself says photo_count: 0.
        photo_count: 1,
        ...row,
      };
    },

    async insertProperties(rows: PropertyFixture[]) {
      for (let i = 0; i < rows.length; i += 200)
        await db
          .insertInto("properties")
          .values(rows.slice(i, i + 200))
          .execute();
    },

    async photo(ownerId: string, position: number, storageKey: string) {
      await db
        .insertInto("photos")
        .values({
          id: `${ownerId}-photo-${position}-${storageKey}`,
          owner_type: "property",
          owner_id: ownerId,
          position,
          storage_key: storageKey,
          width: 1200,
          height: 800,
          alt: `Photo ${position}`,
          created_at: hoursAfterT0(0),
        })
        .execute();
    },

    async review(agentId: string, studentId: string, rating: number) {
      reviewCount += 1;
      await db
        .insertInto("reviews")
        .values({
          id: `review-${reviewCount}`,
          agent_id: agentId,
          student_id: studentId,
          booking_id: `booking-${reviewCount}`,
          rating,
          reply: null,
          replied_at: null,
          created_at: hoursAfterT0(reviewCount),
        })
        .execute();
    },
  };
}
