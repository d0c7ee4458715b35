// The guest-house pages' read side on SQLite and PostgreSQL: one query for the rows, one for
// their photos. Amenities are stored as a JSON list of keys; unknown keys are dropped. Only houses
// whose host is approved are shown, and the badge comes from the host's verification
// (guestHouseVisibility), not from the old guest_houses.is_verified column.
import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import type { Database, GuestHousesTable } from "../db/schema";
import { distanceToCampusMetres } from "../../domain/listings/buea";
import { whatsappDigits } from "../../domain/listings/agent-contact";
import type { PhotoRef } from "../../domain/listings/listing-read-models";
import type { GuestHouseCriteria } from "../../domain/guest-houses/guest-house-criteria";
import { GUEST_HOUSE_LIST_LIMIT, type GuestHouseCatalogue } from "../../domain/guest-houses/guest-house-catalogue.port";
import {
  GUEST_HOUSE_AMENITIES,
  isGuestHouseAmenity,
  type GuestHouseAmenity,
  type GuestHouseCard,
  type GuestHouseDetail,
  type GuestHouseNeighbourhood,
} from "../../domain/guest-houses/guest-house-read-models";
import { guestHouseVisibility, PUBLIC_HOST_STATUSES, type HostVerificationStatus } from "../../domain/guest-houses/guest-house-visibility";
import { toPhoto } from "./kysely-property-cards";

const CARD_COLUMNS = [
  "guest_houses.id",
  "guest_houses.name",
  "guest_houses.neighbourhood",
  "guest_houses.latitude",
  "guest_houses.longitude",
  "guest_houses.nightly_rate",
  "guest_houses.rooms",
  "guest_houses.amenities",
  "guest_houses.created_at",
] as const;

type Row = Selectable<GuestHousesTable>;
type CardRow = Pick<Row, "id" | "name" | "neighbourhood" | "latitude" | "longitude" | "nightly_rate" | "rooms" | "amenities" | "created_at"> & {
  host_status: HostVerificationStatus | null;
};

/** The host's verification status, as a column of the guest-house row. */
const hostStatus = (eb: ExpressionBuilder<Database, "guest_houses">) =>
  eb.selectFrom("host_verifications").select("host_verifications.status").whereRef("host_verifications.host_id", "=", "guest_houses.host_id").limit(1).as("host_status");

/** Visitors see only houses whose host's status is one of PUBLIC_HOST_STATUSES. */
export const publicGuestHouse = (eb: ExpressionBuilder<Database, "guest_houses">) =>
  eb.exists(
    eb
      .selectFrom("host_verifications")
      .select("host_verifications.id")
      .whereRef("host_verifications.host_id", "=", "guest_houses.host_id")
      .where("host_verifications.status", "in", [...PUBLIC_HOST_STATUSES]),
  );

function parseAmenities(json: string): GuestHouseAmenity[] {
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

function toCard(row: CardRow, photo: PhotoRef | null): GuestHouseCard {
  return {
    id: row.id,
    name: row.name,
    neighbourhood: row.neighbourhood,
    nightlyRate: Number(row.nightly_rate),
    rooms: Number(row.rooms),
    amenities: parseAmenities(row.amenities),
    verifiedHost: guestHouseVisibility({ hostVerificationStatus: row.host_status }).verifiedBadge,
    distanceToCampusM: distanceToCampusMetres({ latitude: Number(row.latitude), longitude: Number(row.longitude) }),
    photo,
    createdAt: row.created_at,
  };
}

export class KyselyGuestHouseCatalogue implements GuestHouseCatalogue {
  constructor(private readonly db: Kysely<Database>) {}

  async listGuestHouses(criteria: GuestHouseCriteria): Promise<GuestHouseCard[]> {
    let query = this.db.selectFrom("guest_houses").select(CARD_COLUMNS).select(hostStatus).where(publicGuestHouse);
    if (criteria.neighbourhood) query = query.where("guest_houses.neighbourhood", "=", criteria.neighbourhood);
    if (criteria.sort === "price_asc") query = query.orderBy("guest_houses.nightly_rate", "asc");
    const rows = await query
      .orderBy("guest_houses.created_at", "desc")
      .orderBy("guest_houses.id", "desc")
      .limit(GUEST_HOUSE_LIST_LIMIT)
      .execute();
    const photos = await this.firstPhotos(rows.map((r) => r.id));
    return rows.map((r) => toCard(r, photos.get(r.id) ?? null));
  }

  async findGuestHouse(id: string): Promise<GuestHouseDetail | null> {
    const row = await this.db.selectFrom("guest_houses").selectAll().select(hostStatus).where("guest_houses.id", "=", id).executeTakeFirst();
    if (!row || !guestHouseVisibility({ hostVerificationStatus: row.host_status }).public) return null;
    const photoRows = await this.db
      .selectFrom("photos")
      .select(["photos.storage_key", "photos.width", "photos.height", "photos.alt"])
      .where("photos.owner_type", "=", "guest_house")
      .where("photos.owner_id", "=", id)
      .orderBy("photos.position")
      .orderBy("photos.id")
      .execute();
    const photos = photoRows.map(toPhoto);
    return {
      ...toCard(row, photos[0] ?? null),
      description: row.description,
      address: row.address,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
      photos,
      whatsapp: whatsappDigits(row.whatsapp_number),
    };
  }

  async neighbourhoods(): Promise<GuestHouseNeighbourhood[]> {
    const rows = await this.db
      .selectFrom("guest_houses")
      .select((eb) => ["guest_houses.neighbourhood", eb.fn.countAll<number>().as("n")])
      .where(publicGuestHouse)
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
