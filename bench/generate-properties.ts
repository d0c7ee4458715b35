// Realistic listings in bulk for the benchmark: Buea's neighbourhoods, rents that fall with the
// distance to the main gate, the amenities students ask about, one photo each from the demo pool.
// Deterministic for a given seed, so two runs compare the same data.
import type { Insertable, Kysely } from "kysely";
import type { AgentsTable, Database, PhotosTable, ProfilesTable, PropertiesTable } from "#infrastructure/db/schema";
import {
  NEIGHBOURHOOD_CENTRES,
  distanceToCampusMetres,
  type Neighbourhood,
  type PropertyStatus,
  type PropertyType,
} from "#domain/listings/buea";

export interface GenerateOptions {
  seed: number;
  /** Rows per INSERT, each batch in its own transaction. ~500 keeps SQLite under its variable limit. */
  batchSize?: number;
  /** Batches committed together (default 20, so 10 000 rows a transaction). */
  batchesPerTransaction?: number;
  /** Listings per agent, on average. */
  listingsPerAgent?: number;
  /** The newest listing's date; the others spread over the two years before. */
  now?: Date;
}

export interface GenerateResult {
  properties: number;
  agents: number;
  ms: number;
}

/** The demo seed draws photos/pool-0 .. photos/pool-23. */
export const PHOTO_POOL_SIZE = 24;

/** Small and fast (mulberry32): enough for plausible data, and the same for the same seed. */
function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const chance = (p: number) => next() < p;
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const weighted = <T>(items: ReadonlyArray<readonly [T, number]>): T => {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1][0];
  };
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = "4";
    hex[16] = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
    const h = hex.join("");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  return { next, int, chance, pick, weighted, uuid };
}

// Molyko and its neighbours, closest to campus, hold most student housing.
const NEIGHBOURHOOD_WEIGHTS: ReadonlyArray<readonly [Neighbourhood, number]> = [
  ["Molyko", 30],
  ["Bomaka", 14],
  ["Check Point", 12],
  ["Sandpit", 9],
  ["Bonduma", 8],
  ["Mile 17", 7],
  ["Bokwai", 6],
  ["Great Soppo", 6],
  ["Muea", 4],
  ["Clerks Quarters", 4],
];

const TYPE_WEIGHTS: ReadonlyArray<readonly [PropertyType, number]> = [
  ["room", 40],
  ["studio", 30],
  ["apartment", 22],
  ["house", 8],
];

/** Monthly rent in XAF before the distance discount. */
const RENT_RANGE: Record<PropertyType, [number, number]> = {
  room: [12_000, 35_000],
  studio: [25_000, 60_000],
  apartment: [50_000, 150_000],
  house: [100_000, 300_000],
};

const STATUS_WEIGHTS: ReadonlyArray<readonly [PropertyStatus, number]> = [
  ["available", 78],
  ["booked", 8],
  ["rented_out", 8],
  ["unavailable", 4],
  ["sold", 2],
];

const TITLE_LEAD: Record<PropertyType, readonly string[]> = {
  room: ["Single room", "Spacious room", "Student room", "Modern room"],
  studio: ["Self-contained studio", "Modern studio", "New studio", "Studio with kitchenette"],
  apartment: ["Two-bedroom apartment", "Family apartment", "Modern apartment", "Apartment with balcony"],
  house: ["Family house", "Detached house", "House with compound", "Duplex"],
};

const DESCRIPTION_BITS = [
  "Tiled floors and burglar-proof windows.",
  "Quiet compound, caretaker on site.",
  "Five minutes' walk to taxis on the main road.",
  "Close to shops and a provision store.",
  "Newly painted, ready to move in.",
  "Good network coverage for MTN and Orange.",
  "Water from CDE and a backup tank.",
  "View of Mount Cameroon.",
] as const;

const FIRST_NAMES = ["Ngozi", "Ebot", "Mbah", "Fon", "Achu", "Enow", "Tabi", "Ndip", "Ayuk", "Nkeng", "Besong", "Tanyi"];
const LAST_NAMES = ["Tabe", "Agbor", "Ndifor", "Nkwain", "Ojong", "Mbuh", "Fru", "Ebai", "Takang", "Njoh", "Arrey", "Eyong"];

const roundTo = (n: number, step: number) => Math.round(n / step) * step;

export async function generateProperties(db: Kysely<Database>, count: number, options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 500;
  const perAgent = options.listingsPerAgent ?? 40;
  const now = (options.now ?? new Date("2026-11-22T00:00:00.000Z")).getTime();
  const twoYearsMs = 730 * 24 * 3600 * 1000;
  const rnd = randomSource(options.seed);

  const agentIds: string[] = [];
  const agentCount = Math.max(1, Math.ceil(count / perAgent));
  for (let start = 0; start < agentCount; start += batchSize) {
    const n = Math.min(batchSize, agentCount - start);
    const profiles: Insertable<ProfilesTable>[] = [];
    const agents: Insertable<AgentsTable>[] = [];
    for (let i = 0; i < n; i++) {
      const id = rnd.uuid();
      const name = `${rnd.pick(FIRST_NAMES)} ${rnd.pick(LAST_NAMES)}`;
      const at = new Date(now - twoYearsMs - rnd.int(0, 365) * 86_400_000).toISOString();
      const phone = `6${rnd.int(50, 99)}${String(rnd.int(0, 999_999)).padStart(6, "0")}`;
      agentIds.push(id);
      profiles.push({
        id,
        role: "agent",
        full_name: name,
        email: `bench-${options.seed}-${start + i}@agents.kamernest.test`,
        phone,
        password_hash: null,
        email_confirmed_at: at,
        google_id: null,
        totp_secret: null,
        totp_enabled_at: null,
        created_at: at,
        updated_at: at,
      });
      agents.push({
        user_id: id,
        verification_status: "approved",
        business_name: rnd.chance(0.6) ? `${name.split(" ")[1]} Homes` : null,
        license_number: null,
        business_phone: rnd.chance(0.5) ? `+237 ${phone}` : null,
        business_email: null,
        business_address: null,
        website_url: null,
        bio: null,
        rejection_reason: null,
        submitted_at: at,
        reviewed_at: at,
        terms_accepted_at: at,
        created_at: at,
      });
    }
    await db.transaction().execute(async (tx) => {
      await tx.insertInto("profiles").values(profiles).execute();
      await tx.insertInto("agents").values(agents).execute();
    });
  }

  // Several batches share a transaction: random UUID keys dirty pages all over the indexes, and
  // every commit writes those pages again. 20 batches per commit keeps 100 000 rows well under a minute.
  const batchesPerTransaction = options.batchesPerTransaction ?? 20;
  for (let start = 0; start < count; start += batchSize * batchesPerTransaction) {
    const end = Math.min(count, start + batchSize * batchesPerTransaction);
    await db.transaction().execute(async (tx) => {
      for (let from = start; from < end; from += batchSize) {
        const n = Math.min(batchSize, end - from);
        const properties: Insertable<PropertiesTable>[] = [];
        const photos: Insertable<PhotosTable>[] = [];
        for (let i = 0; i < n; i++) properties.push(nextProperty(rnd, agentIds, now, twoYearsMs));
        for (const p of properties) {
          photos.push({
            id: rnd.uuid(),
            owner_type: "property",
            owner_id: p.id,
            position: 0,
            storage_key: `photos/pool-${rnd.int(0, PHOTO_POOL_SIZE - 1)}`,
            width: 1200,
            height: 800,
            alt: p.title,
            created_at: p.created_at,
          });
        }
        await tx.insertInto("properties").values(properties).execute();
        await tx.insertInto("photos").values(photos).execute();
      }
    });
  }
  return { properties: count, agents: agentCount, ms: Math.round(performance.now() - started) };
}

type Rng = ReturnType<typeof randomSource>;

function nextProperty(
  rnd: Rng,
  agentIds: readonly string[],
  now: number,
  spanMs: number,
): Insertable<PropertiesTable> & { id: string; title: string; created_at: string } {
  const neighbourhood = rnd.weighted(NEIGHBOURHOOD_WEIGHTS);
  const type = rnd.weighted(TYPE_WEIGHTS);
  const centre = NEIGHBOURHOOD_CENTRES[neighbourhood];
  // About ±600 m around the neighbourhood's centre.
  const point = {
    latitude: centre.latitude + (rnd.next() - 0.5) * 0.011,
    longitude: centre.longitude + (rnd.next() - 0.5) * 0.011,
  };
  const distance = distanceToCampusMetres(point);
  const [low, high] = RENT_RANGE[type];
  // Walking distance to the gate is what students pay for: up to 25 % more next to it.
  const premium = 1 + Math.max(0, 0.25 - distance / 12_000);
  const rent = roundTo((low + rnd.next() * (high - low)) * premium, 500);
  const status = rnd.weighted(STATUS_WEIGHTS);
  const created = now - Math.floor(rnd.next() ** 1.5 * spanMs);
  const createdAt = new Date(created).toISOString();
  const bedrooms = type === "room" || type === "studio" ? 1 : type === "apartment" ? rnd.int(1, 3) : rnd.int(2, 5);
  const selfContained = type !== "room" || rnd.chance(0.35);
  const title = `${rnd.pick(TITLE_LEAD[type])} in ${neighbourhood}${distance < 1000 ? " near UB gate" : ""}`;
  const bit = (p: number) => (rnd.chance(p) ? 1 : 0);
  return {
    id: rnd.uuid(),
    agent_id: rnd.pick(agentIds),
    title,
    description: `${title}. ${rnd.pick(DESCRIPTION_BITS)} ${rnd.pick(DESCRIPTION_BITS)}`,
    property_type: type,
    neighbourhood,
    address: `${neighbourhood}, Buea`,
    latitude: point.latitude,
    longitude: point.longitude,
    distance_to_campus_m: distance,
    monthly_rent: rent,
    advance_months: rnd.weighted([
      [3, 3],
      [6, 4],
      [10, 2],
      [12, 1],
    ] as const),
    bedrooms,
    furnished: bit(0.3),
    toilet_inside: selfContained ? 1 : 0,
    shower_inside: selfContained ? 1 : bit(0.1),
    water_supply: bit(0.75),
    prepaid_meter: bit(0.55),
    wifi: bit(0.2),
    security: bit(0.45),
    parking: bit(type === "room" ? 0.1 : 0.4),
    status,
    is_verified: bit(0.6),
    is_available: status === "available" ? 1 : 0,
    // A few listings an admin took down: they must never show.
    hidden_at: rnd.chance(0.02) ? new Date(created + 86_400_000).toISOString() : null,
    visiting_hours: JSON.stringify({ weekdays: ["16:00", "17:00"], saturday: ["10:00", "11:00", "12:00"] }),
    availability_confirmed_at: status === "available" && rnd.chance(0.5) ? createdAt : null,
    created_at: createdAt,
    updated_at: createdAt,
  };
}
