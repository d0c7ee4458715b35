// Shared by the listing search and the agent directory: which listings students may see,
// the columns of a card, turning rows into cards, and loading photos without N+1 queries.
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from "kysely";
import type { Database, PropertiesTable } from "../db/schema";
import type { Amenities, PhotoRef, PropertyCard } from "#domain/listings/listing-read-models";
import type { Amenity } from "#domain/listings/listing-search";
import type { PropertyStatus } from "#domain/listings/buea";
import { preparedQuery } from "../db/prepared-query";
import { LISTING_AGENT_STATUS } from "#domain/accounts/owner-standing";
import { PUBLIC_LISTING } from "#domain/listings/public-listing";

export const AMENITY_COLUMNS = {
  furnished: "furnished",
  toiletInside: "toilet_inside",
  showerInside: "shower_inside",
  waterSupply: "water_supply",
  prepaidMeter: "prepaid_meter",
  wifi: "wifi",
  security: "security",
  parking: "parking",
} as const satisfies Record<Amenity, keyof PropertiesTable>;

export const CARD_COLUMNS = [
  "properties.id",
  "properties.title",
  "properties.property_type",
  "properties.neighbourhood",
  "properties.monthly_rent",
  "properties.advance_months",
  "properties.bedrooms",
  "properties.distance_to_campus_m",
  "properties.location_approximate",
  "properties.furnished",
  "properties.toilet_inside",
  "properties.shower_inside",
  "properties.water_supply",
  "properties.prepaid_meter",
  "properties.wifi",
  "properties.security",
  "properties.parking",
  "properties.status",
  "properties.is_verified",
  "properties.is_available",
  "properties.availability_confirmed_at",
  "properties.created_at",
] as const;

type PropertyRow = Selectable<PropertiesTable>;
type Unqualified<T> = T extends `properties.${infer C extends keyof PropertyRow}` ? C : never;
export type CardRow = Pick<PropertyRow, Unqualified<(typeof CARD_COLUMNS)[number]>>;

/**
 * LISTING_AGENT_STATUS ('approved') written into the SQL, not bound, wherever a statement tests an
 * agent's status: a prepared statement's generic plan (the plan PostgreSQL keeps) cannot see a
 * bound value. It took half the agents for unapproved and read them all for a count, and a search
 * whose other values were all written out was planned again at every run for this one (decisions
 * 0159, 0176). The status is 'approved' only while the account is an agent and not suspended
 * (domain/accounts/owner-standing.ts, issue 30): every test of it below hides a suspended or
 * demoted agent's listings too.
 */
export const APPROVED = sql.lit<typeof LISTING_AGENT_STATUS>(LISTING_AGENT_STATUS);

/**
 * The listing's own half of PUBLIC_LISTING (domain/listings/public-listing.ts): not hidden, and with
 * its photo. Both are columns of the searches' covering indexes (photo_count since migration
 * 2026-11-28T1400), so a count or a page still reads no table row for them. The photo count is
 * written into the SQL, not bound, for the same reason as APPROVED below.
 */
export function publishableListing(eb: ExpressionBuilder<Database, "properties">) {
  return eb.and([
    eb("properties.hidden_at", PUBLIC_LISTING.hidden ? "is not" : "is", null),
    eb("properties.photo_count", ">=", sql.lit(PUBLIC_LISTING.minPhotos)),
  ]);
}

/**
 * Students see a listing (PUBLIC_LISTING) unless an admin hid it, it has no photo, or its agent is
 * not approved (which includes an agent suspended or no longer an agent: owner-standing.ts).
 * A correlated EXISTS, not `agent_id IN (approved agents)`: given the IN list, SQLite's planner
 * drives the query from properties_agent_idx and sorts 100 000 rows; EXISTS stays a per-row
 * probe of the agents primary key, so the ordered index scan (newest, cheapest, nearest) survives.
 */
export function visibleToStudents(eb: ExpressionBuilder<Database, "properties">) {
  return eb.and([
    publishableListing(eb),
    eb.exists(
      eb
        .selectFrom("agents")
        .select(sql<number>`1`.as("one"))
        .whereRef("agents.user_id", "=", "properties.agent_id")
        .where("agents.verification_status", "=", APPROVED),
    ),
  ]);
}

/**
 * Open for a visit: the agent marked it available and its status says so too. Written as literals,
 * not parameters: the partial indexes of open listings (migration 0027) say exactly this, and a
 * planner can only match them to a statement whose text says it too (SQLite when it prepares a
 * statement; PostgreSQL when it plans a prepared statement once for any values).
 */
export function availableNow(eb: ExpressionBuilder<Database, "properties">) {
  return eb.and([eb("properties.is_available", "=", sql.lit(1)), eb("properties.status", "=", sql.lit("available"))]);
}

const amenitiesOf = (row: CardRow): Amenities => ({
  furnished: row.furnished === 1,
  toiletInside: row.toilet_inside === 1,
  showerInside: row.shower_inside === 1,
  waterSupply: row.water_supply === 1,
  prepaidMeter: row.prepaid_meter === 1,
  wifi: row.wifi === 1,
  security: row.security === 1,
  parking: row.parking === 1,
});

export function toCard(row: CardRow, photo: PhotoRef | null): PropertyCard {
  return {
    id: row.id,
    title: row.title,
    propertyType: row.property_type,
    neighbourhood: row.neighbourhood,
    monthlyRent: Number(row.monthly_rent),
    advanceMonths: Number(row.advance_months),
    bedrooms: Number(row.bedrooms),
    distanceToCampusM: Number(row.distance_to_campus_m),
    locationApproximate: Number(row.location_approximate) === 1,
    status: row.status as PropertyStatus,
    isVerified: row.is_verified === 1,
    isAvailable: row.is_available === 1,
    amenities: amenitiesOf(row),
    photo,
    availabilityConfirmedAt: row.availability_confirmed_at,
    createdAt: row.created_at,
  };
}

const PHOTO_COLUMNS = ["photos.owner_id", "photos.storage_key", "photos.width", "photos.height", "photos.alt"] as const;

/**
 * The first photos of some listings: `ids` holds as many values as the shape says. Built and
 * compiled once per number of listings (infrastructure/db/prepared-query.ts): every list of cards
 * asks for it.
 */
const firstPhotosQuery = preparedQuery<
  { ids: string[] },
  { owner_id: string; storage_key: string; width: number; height: number; alt: string },
  Database
>((db, slot, shape) =>
  db
    .selectFrom("photos")
    .select(PHOTO_COLUMNS)
    .where("photos.owner_type", "=", "property")
    .where("photos.owner_id", "in", slot.list<string>("ids", Number(shape)))
    // The min() is answered from photos_owner_idx (owner_type, owner_id, position): one probe per listing.
    .where((eb) =>
      eb(
        "photos.position",
        "=",
        eb
          .selectFrom("photos as first")
          .select((f) => f.fn.min("first.position").as("position"))
          .where("first.owner_type", "=", "property")
          .whereRef("first.owner_id", "=", "photos.owner_id"),
      ),
    )
    .orderBy("photos.owner_id")
    .orderBy("photos.id"),
);

/** The first photo (lowest position) of each listing, in one query; listings without photos are absent. */
export async function firstPhotos(db: Kysely<Database>, propertyIds: readonly string[]): Promise<Map<string, PhotoRef>> {
  const found = new Map<string, PhotoRef>();
  const ids = [...new Set(propertyIds)];
  if (ids.length === 0) return found;
  const { rows } = await db.executeQuery(firstPhotosQuery(db, { ids }, String(ids.length)));
  for (const r of rows) if (!found.has(r.owner_id)) found.set(r.owner_id, toPhoto(r));
  return found;
}

export const toPhoto = (r: { storage_key: string; width: number; height: number; alt: string }): PhotoRef => ({
  storageKey: r.storage_key,
  width: Number(r.width),
  height: Number(r.height),
  alt: r.alt,
});

/** Rows to cards with their first photos: the one extra query per list. */
export async function withFirstPhotos(db: Kysely<Database>, rows: readonly CardRow[]): Promise<PropertyCard[]> {
  const photos = await firstPhotos(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toCard(r, photos.get(r.id) ?? null));
}
