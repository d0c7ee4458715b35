// The guest-house pages' read side on SQLite and PostgreSQL: one query for a page of rows, one for
// their count, one for their photos. Amenities are stored as a JSON list of keys; unknown keys are
// dropped. Which houses are public, and which carry the badge, is guestHouseVisibility: the SQL
// below restates it (publicHouse, hostVerified); tests/integration/guest-houses checks the two agree.
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from "kysely";
import type { Database, GuestHousesTable } from "../db/schema";
import { distanceToCampusMetres } from "#domain/listings/buea";
import { whatsappDigits } from "#domain/listings/agent-contact";
import type { PhotoRef } from "#domain/listings/listing-read-models";
import { doualaDate } from "#domain/booking/visit-date";
import { systemClock, type Clock } from "#domain/shared/clock";
import type { GuestHouseCriteria } from "#domain/guest-houses/guest-house-criteria";
import { GUEST_HOUSE_PAGE_SIZE, type GuestHouseCatalogue, type GuestHousePage } from "#domain/guest-houses/guest-house-catalogue.port";
import { guestHouseVisibility, type HostVerificationStatus } from "#domain/guest-houses/guest-house-visibility";
import {
  GUEST_HOUSE_AMENITIES,
  isGuestHouseAmenity,
  type GuestHouseAmenity,
  type GuestHouseCard,
  type GuestHouseDetail,
  type GuestHouseNeighbourhood,
} from "#domain/guest-houses/guest-house-read-models";
import { toPhoto } from "./kysely-property-cards";
import { blockedNightsFrom } from "./kysely-blocked-nights";

type Eb = ExpressionBuilder<Database, "guest_houses">;

/** The status of the host's latest verification (by submission time, then id), as a scalar subquery. */
export function latestHostStatus(eb: Eb) {
  return eb
    .selectFrom("host_verifications as hv")
    .select("hv.status")
    .whereRef("hv.host_id", "=", "guest_houses.host_id")
    .orderBy("hv.submitted_at", "desc")
    .orderBy("hv.id", "desc")
    .limit(1);
}

/**
 * When the host's account was suspended, or null (guestHouseVisibility's hostSuspended), as a
 * scalar subquery: one probe of profiles' key per house. An EXISTS may be planned as an anti-join,
 * which on PostgreSQL can hash every profile (students included, a table growing with the site).
 */
export function hostSuspendedAt(eb: Eb) {
  return eb.selectFrom("profiles").select("profiles.suspended_at").whereRef("profiles.id", "=", "guest_houses.host_id");
}

/** guestHouseVisibility(...).verifiedBadge in SQL, for houses already public (publicHouse). */
function hostVerified(eb: Eb) {
  return eb(latestHostStatus(eb), "=", "verified");
}

/** guestHouseVisibility(...).public in SQL: the host is not suspended, and the house is seeded or its host approved. */
export function publicHouse(eb: Eb) {
  return eb.and([eb(hostSuspendedAt(eb), "is", null), eb.or([eb("guest_houses.seeded", "=", 1), hostVerified(eb)])]);
}

const CARD_COLUMNS = [
  "guest_houses.id",
  "guest_houses.name",
  "guest_houses.neighbourhood",
  "guest_houses.latitude",
  "guest_houses.longitude",
  "guest_houses.nightly_rate",
  "guest_houses.rooms",
  "guest_houses.max_guests",
  "guest_houses.amenities",
  "guest_houses.seeded",
  "guest_houses.created_at",
] as const;

type Row = Selectable<GuestHousesTable>;
type CardRow = Pick<
  Row,
  | "id"
  | "name"
  | "neighbourhood"
  | "latitude"
  | "longitude"
  | "nightly_rate"
  | "rooms"
  | "max_guests"
  | "amenities"
  | "seeded"
  | "created_at"
> & {
  host_status: string | null;
};

export function parseAmenities(json: string): GuestHouseAmenity[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const present = new Set(value.filter(isGuestHouseAmenity));
  return GUEST_HOUSE_AMENITIES.filter((a) => present.has(a));
}

export function toHostStatus(raw: string | null): HostVerificationStatus | null {
  return raw === "pending" || raw === "verified" || raw === "rejected" ? raw : null;
}

function toCard(row: CardRow, photo: PhotoRef | null): GuestHouseCard {
  return {
    id: row.id,
    name: row.name,
    neighbourhood: row.neighbourhood,
    nightlyRate: Number(row.nightly_rate),
    rooms: Number(row.rooms),
    maxGuests: Number(row.max_guests),
    amenities: parseAmenities(row.amenities),
    // Only public houses are made into cards (publicHouse, findGuestHouse): their host is not suspended.
    verifiedHost: guestHouseVisibility({
      hostVerificationStatus: toHostStatus(row.host_status),
      seeded: Number(row.seeded) === 1,
      hostSuspended: false,
    }).verifiedBadge,
    distanceToCampusM: distanceToCampusMetres({ latitude: Number(row.latitude), longitude: Number(row.longitude) }),
    photo,
    createdAt: row.created_at,
  };
}

export class KyselyGuestHouseCatalogue implements GuestHouseCatalogue {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock = systemClock,
  ) {}

  /** The public houses that match the criteria's filters (not its sort or page). */
  private matching(criteria: GuestHouseCriteria) {
    return this.db.selectFrom("guest_houses").where((eb) => {
      const conditions = [publicHouse(eb)];
      if (criteria.neighbourhood) conditions.push(eb("guest_houses.neighbourhood", "=", criteria.neighbourhood));
      if (criteria.minPrice !== null) conditions.push(eb("guest_houses.nightly_rate", ">=", criteria.minPrice));
      if (criteria.maxPrice !== null) conditions.push(eb("guest_houses.nightly_rate", "<=", criteria.maxPrice));
      if (criteria.guests !== null) conditions.push(eb("guest_houses.max_guests", ">=", criteria.guests));
      // Keys come from GUEST_HOUSE_AMENITIES only; the list is stored as JSON text, e.g. ["wifi","fan"].
      for (const a of criteria.amenities) conditions.push(eb("guest_houses.amenities", "like", `%"${a}"%`));
      if (criteria.verifiedOnly) conditions.push(hostVerified(eb));
      if (criteria.dates) {
        const { from, to } = criteria.dates;
        conditions.push(
          eb.not(
            eb.exists(
              eb
                .selectFrom("guest_house_blocked_dates as b")
                .select(sql<number>`1`.as("one"))
                .whereRef("b.guest_house_id", "=", "guest_houses.id")
                .where("b.blocked_date", ">=", from)
                .where("b.blocked_date", "<", to),
            ),
          ),
        );
      }
      return eb.and(conditions);
    });
  }

  async listGuestHouses(criteria: GuestHouseCriteria): Promise<GuestHousePage> {
    let query = this.matching(criteria)
      .select(CARD_COLUMNS)
      .select((eb) => latestHostStatus(eb).as("host_status"));
    if (criteria.sort === "price_asc") query = query.orderBy("guest_houses.nightly_rate", "asc");
    const [rows, count] = await Promise.all([
      query
        .orderBy("guest_houses.created_at", "desc")
        .orderBy("guest_houses.id", "desc")
        .limit(GUEST_HOUSE_PAGE_SIZE)
        .offset((criteria.page - 1) * GUEST_HOUSE_PAGE_SIZE)
        .execute(),
      this.matching(criteria)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirst(),
    ]);
    const photos = await this.firstPhotos(rows.map((r) => r.id));
    return { items: rows.map((r) => toCard(r, photos.get(r.id) ?? null)), total: Number(count?.n ?? 0) };
  }

  async findGuestHouse(id: string): Promise<GuestHouseDetail | null> {
    const row = await this.db
      .selectFrom("guest_houses")
      .selectAll()
      .select((eb) => [latestHostStatus(eb).as("host_status"), hostSuspendedAt(eb).as("host_suspended_at")])
      .where("guest_houses.id", "=", id)
      .executeTakeFirst();
    if (!row) return null;
    const visibility = {
      hostVerificationStatus: toHostStatus(row.host_status),
      seeded: Number(row.seeded) === 1,
      hostSuspended: row.host_suspended_at !== null,
    };
    if (!guestHouseVisibility(visibility).public) return null;
    const [photoRows, blocked] = await Promise.all([
      this.db
        .selectFrom("photos")
        .select(["photos.storage_key", "photos.width", "photos.height", "photos.alt"])
        .where("photos.owner_type", "=", "guest_house")
        .where("photos.owner_id", "=", id)
        .orderBy("photos.position")
        .orderBy("photos.id")
        .execute(),
      blockedNightsFrom(this.db, id, doualaDate(this.clock.now())),
    ]);
    const photos = photoRows.map(toPhoto);
    return {
      ...toCard(row, photos[0] ?? null),
      description: row.description,
      address: row.address,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      photos,
      houseRules: row.house_rules,
      blockedDates: blocked,
      contactable: whatsappDigits(row.whatsapp_number) !== null,
    };
  }

  async neighbourhoods(): Promise<GuestHouseNeighbourhood[]> {
    const rows = await this.db
      .selectFrom("guest_houses")
      .where((eb) => publicHouse(eb))
      .select((eb) => ["guest_houses.neighbourhood", eb.fn.countAll<number>().as("n")])
      .groupBy("guest_houses.neighbourhood")
      .execute();
    return rows
      .map((r) => ({ neighbourhood: r.neighbourhood, count: Number(r.n) }))
      .sort((a, b) => a.neighbourhood.localeCompare(b.neighbourhood));
  }

  /** The first photo (lowest position, then id) of each guest house, in one query. */
  private async firstPhotos(ids: readonly string[]): Promise<Map<string, PhotoRef>> {
    const found = new Map<string, PhotoRef>();
    if (ids.length === 0) return found;
    const rows = await this.db
      .selectFrom("photos")
      .select(["photos.owner_id", "photos.storage_key", "photos.width", "photos.height", "photos.alt"])
      .where("photos.owner_type", "=", "guest_house")
      .where("photos.owner_id", "in", [...new Set(ids)])
      .orderBy("photos.owner_id")
      .orderBy("photos.position")
      .orderBy("photos.id")
      .execute();
    for (const r of rows) if (!found.has(r.owner_id)) found.set(r.owner_id, toPhoto(r));
    return found;
  }
}
