// 64 rental listings around Buea that read like the real thing: rooms and studios near the
// campus, flats and family houses up the hill, rents in FCFA with months of advance.
import type { Insertable } from "kysely";
import type { PhotosTable, PropertiesTable } from "../db/schema";
import {
  NEIGHBOURHOOD_CENTRES,
  NEIGHBOURHOODS,
  distanceToCampusMetres,
  type GeoPoint,
  type Neighbourhood,
  type PropertyStatus,
  type PropertyType,
} from "#domain/listings/buea";
import { DAY_MS, HOUR_MS } from "#domain/shared/clock";
import { demoPoolIndexesFor, demoPoolStorageKey } from "../photos/demo-photo-pool";
import { SCENE_HEIGHT, SCENE_WIDTH } from "../photos/photo-scene";
import type { DemoAgent } from "./demo-people";
import { demoId, type Prng } from "./prng";

export const DEMO_PROPERTY_COUNT = 64;
export const PHOTOS_PER_PROPERTY = 3;
/** agent@ gets more listings than the others so its portal has pages to show. */
const LISTINGS_FOR_MAIN_AGENT = 10;
const LISTINGS_PER_OTHER_AGENT = 6;

/** Monthly rent bounds per type, FCFA: the tests check every listing against them. */
export const RENT_RANGES: Record<PropertyType, { min: number; max: number; step: number }> = {
  room: { min: 15_000, max: 35_000, step: 500 },
  studio: { min: 30_000, max: 60_000, step: 1_000 },
  apartment: { min: 60_000, max: 150_000, step: 5_000 },
  house: { min: 120_000, max: 300_000, step: 5_000 },
};

const NEAR_CAMPUS: Neighbourhood[] = ["Molyko", "Check Point"];
const UPPER_TOWN: Neighbourhood[] = ["Great Soppo", "Clerks Quarters", "Bokwai"];

// Rooms and studios crowd around the university; flats and houses are up the hill.
const TYPE_WEIGHTS: Record<Neighbourhood, Record<PropertyType, number>> = {
  Molyko: { room: 5, studio: 4, apartment: 2, house: 0.3 },
  "Check Point": { room: 5, studio: 4, apartment: 1.5, house: 0.3 },
  Bomaka: { room: 3, studio: 4, apartment: 3, house: 0.5 },
  Bonduma: { room: 4, studio: 3, apartment: 2, house: 1 },
  Sandpit: { room: 3, studio: 3, apartment: 2, house: 1 },
  "Mile 17": { room: 3, studio: 3, apartment: 2, house: 1 },
  Muea: { room: 4, studio: 2, apartment: 1, house: 2 },
  "Great Soppo": { room: 1, studio: 2, apartment: 3, house: 3 },
  "Clerks Quarters": { room: 0.5, studio: 1.5, apartment: 3, house: 3 },
  Bokwai: { room: 1, studio: 2, apartment: 3, house: 3 },
};

const LANDMARKS: Record<Neighbourhood, string> = {
  Molyko: "Malingo junction",
  "Check Point": "Check Point junction",
  Bomaka: "Bomaka market",
  "Great Soppo": "Great Soppo junction",
  Bonduma: "Bonduma junction",
  "Mile 17": "Mile 17 motor park",
  Muea: "Muea market",
  Sandpit: "Sandpit junction",
  "Clerks Quarters": "the Mountain Hotel",
  Bokwai: "Bokwai junction",
};

const TYPE_LABELS: Record<PropertyType, string> = { room: "Room", studio: "Studio", apartment: "Apartment", house: "House" };

interface Amenities {
  furnished: boolean;
  toiletInside: boolean;
  showerInside: boolean;
  waterSupply: boolean;
  prepaidMeter: boolean;
  wifi: boolean;
  security: boolean;
  parking: boolean;
}

// Self-contained units have their own toilet and shower; wifi mostly comes with furnished units;
// parking and guards come with flats and houses.
function drawAmenities(prng: Prng, type: PropertyType): Amenities {
  const selfContained = type === "room" ? prng.chance(0.45) : true;
  const furnished = prng.chance({ room: 0.3, studio: 0.4, apartment: 0.3, house: 0.2 }[type]);
  return {
    furnished,
    toiletInside: selfContained,
    showerInside: selfContained,
    waterSupply: prng.chance(type === "room" ? 0.8 : 0.92),
    prepaidMeter: prng.chance({ room: 0.6, studio: 0.8, apartment: 0.85, house: 0.7 }[type]),
    wifi: prng.chance(furnished ? 0.6 : 0.12),
    security: prng.chance({ room: 0.5, studio: 0.6, apartment: 0.7, house: 0.8 }[type]),
    parking: prng.chance({ room: 0.08, studio: 0.25, apartment: 0.6, house: 0.9 }[type]),
  };
}

function drawRent(prng: Prng, type: PropertyType, n: Neighbourhood, a: Amenities, bedrooms: number): number {
  const { min, max, step } = RENT_RANGES[type];
  const near = NEAR_CAMPUS.includes(n);
  const upper = UPPER_TOWN.includes(n);
  // The band inside the type's range depends on where the unit is: walking distance to campus
  // costs more for rooms and studios, the upper town costs more for flats and houses.
  const band: Record<PropertyType, [number, number]> = {
    room: near ? [22_000, 33_000] : ["Muea", "Mile 17"].includes(n) ? [15_000, 24_000] : [17_000, 28_000],
    studio: near ? [40_000, 55_000] : [30_000, 48_000],
    // A mini-flat (one bedroom and a parlour) is the cheapest flat; each bedroom adds to it.
    apartment: (
      [
        [60_000, 80_000],
        [75_000, 115_000],
        [100_000, 140_000],
      ] as Array<[number, number]>
    )[Math.min(bedrooms, 3) - 1].map((v) => v + (upper ? 10_000 : 0)) as [number, number],
    house: upper ? [150_000, 280_000] : [120_000, 210_000],
  };
  const [low, high] = band[type];
  let rent = low + prng.next() * (high - low);
  if (type === "room" && !a.toiletInside) rent *= 0.8; // a shared toilet is the first thing students bargain on
  if (a.furnished) rent *= 1.15;
  if (a.wifi) rent += 2_000;
  rent = Math.round(rent / step) * step;
  return Math.min(max, Math.max(min, rent));
}

function drawAdvanceMonths(prng: Prng, type: PropertyType): number {
  // Student rooms usually want the academic year up front; flats and houses ask for less.
  return type === "room" || type === "studio" ? prng.pick([6, 6, 9, 10, 12, 12]) : prng.pick([3, 6, 6, 12]);
}

function drawBedrooms(prng: Prng, type: PropertyType): number {
  if (type === "apartment")
    return prng.weighted([
      [1, 4],
      [2, 3],
      [3, 2],
    ] as const);
  if (type === "house")
    return prng.weighted([
      [3, 4],
      [4, 3],
      [5, 1],
    ] as const);
  return 1;
}

/** A point up to ~350 m from the neighbourhood centre, uniform over the disc. */
function jitter(prng: Prng, centre: GeoPoint): GeoPoint {
  const radiusM = 350 * Math.sqrt(prng.next());
  const angle = prng.next() * 2 * Math.PI;
  const metresPerDegree = 111_320;
  const lat = centre.latitude + (radiusM * Math.sin(angle)) / metresPerDegree;
  const lon = centre.longitude + (radiusM * Math.cos(angle)) / (metresPerDegree * Math.cos((centre.latitude * Math.PI) / 180));
  return { latitude: Number(lat.toFixed(6)), longitude: Number(lon.toFixed(6)) };
}

function title(prng: Prng, type: PropertyType, n: Neighbourhood, a: Amenities, bedrooms: number, distanceM: number): string {
  const near = distanceM < 900 ? "UB main gate" : LANDMARKS[n];
  const options: string[] = [];
  if (type === "room") {
    if (a.furnished) options.push(a.wifi ? "Furnished room with wifi" : "Furnished student room");
    else if (a.toiletInside)
      options.push(
        `Self-contained room near ${near}`,
        "Self-contained room in a quiet compound",
        "Neat self-contained room with tiled floor",
      );
    else options.push("Student room with shared toilet", "Affordable room in a student cité", "Single room for a student");
  } else if (type === "studio") {
    options.push(`Self-contained studio near ${near}`, "Spacious studio with kitchen corner");
    if (a.prepaidMeter) options.push("Modern studio with prepaid meter");
    if (a.furnished) options.push(a.wifi ? "Furnished studio with wifi" : "Furnished studio");
    if (a.security) options.push("Studio in a gated compound");
  } else if (type === "apartment") {
    if (bedrooms === 1)
      options.push(a.furnished ? "Furnished mini-flat" : a.prepaidMeter ? "Mini-flat with prepaid meter" : "One-bedroom mini-flat");
    else {
      options.push(`Spacious ${bedrooms}-bedroom flat`);
      if (a.parking) options.push(`${bedrooms}-bedroom apartment with parking`);
      if (a.furnished) options.push(`Furnished ${bedrooms}-bedroom apartment`);
    }
  } else {
    options.push(`${bedrooms}-bedroom family house with compound`, `Detached ${bedrooms}-bedroom house with mountain view`);
    if (a.security) options.push(`${bedrooms}-bedroom bungalow in a fenced compound`);
  }
  return `${prng.pick(options)}, ${n}`;
}

/** 25000 → "25 000 FCFA", as Buea listings write it. */
export const formatDemoXaf = (amount: number) => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, " ")} FCFA`;
const xaf = formatDemoXaf;

function walkingDistance(distanceM: number): string {
  if (distanceM < 1_500) {
    const minutes = Math.max(2, Math.round(distanceM / 80));
    return `about ${Math.round(distanceM / 50) * 50} m (${minutes} minutes' walk) from the UB main gate`;
  }
  return `about ${(distanceM / 1000).toFixed(1)} km from the UB main gate, a short taxi ride`;
}

function description(
  prng: Prng,
  type: PropertyType,
  n: Neighbourhood,
  a: Amenities,
  rent: number,
  advance: number,
  bedrooms: number,
  distanceM: number,
): string {
  const intro: Record<PropertyType, string> = {
    room: `A ${prng.pick(["clean", "bright", "quiet", "well-kept"])} ${a.toiletInside ? "self-contained " : ""}room in a ${prng.pick(["student cité", "family compound", "two-storey hostel"])} near ${LANDMARKS[n]}, ${n}.`,
    studio: `A ${prng.pick(["new", "freshly painted", "tiled", "spacious"])} self-contained studio (room, kitchen corner, toilet and shower) near ${LANDMARKS[n]}, ${n}.`,
    apartment:
      bedrooms === 1
        ? `A mini-flat (one bedroom and a parlour, kitchen, toilet and shower) near ${LANDMARKS[n]}, ${n}.`
        : `A ${bedrooms}-bedroom apartment with a parlour, kitchen and ${bedrooms > 2 ? "two toilets" : "toilet and shower"} near ${LANDMARKS[n]}, ${n}.`,
    house: `A ${bedrooms}-bedroom house with a parlour, dining area, kitchen and its own compound near ${LANDMARKS[n]}, ${n}.`,
  };
  const lines = [`${intro[type]} It is ${walkingDistance(distanceM)}.`];
  const features: string[] = [];
  if (type === "room")
    features.push(
      a.toiletInside ? "Toilet and shower inside the room." : "Toilet and shower shared with three other rooms, cleaned every week.",
    );
  if (a.waterSupply)
    features.push(prng.pick(["Running water with a reserve tank for dry days.", "Constant water supply (CDE tap and tank)."]));
  else features.push("Water from a tap in the compound; a tank is being installed.");
  if (a.prepaidMeter) features.push("Own prepaid ENEO meter, so you pay only for the light you use.");
  else features.push("Light bill shared with the other tenants each month.");
  if (a.furnished)
    features.push(
      type === "room" || type === "studio"
        ? "Furnished: bed and mattress, study table, chair and wardrobe."
        : "Furnished: parlour chairs, beds, fridge and gas cooker.",
    );
  if (a.wifi) features.push("Wifi included in the rent.");
  if (a.security) features.push("Fenced compound with a gate and a caretaker at night.");
  if (a.parking) features.push("Parking space inside the compound.");
  lines.push(features.join(" "));
  lines.push(
    `Rent is ${xaf(rent)} a month with ${advance} months' advance${type === "room" || type === "studio" ? "" : " and one month's caution"}. Book a visit here; never pay anything before you have seen the place.`,
  );
  return lines.join("\n\n");
}

export interface DemoProperties {
  properties: Array<Insertable<PropertiesTable>>;
  photos: Array<Insertable<PhotosTable>>;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Listings for the approved agents, agent@ first; the order (and so every id) is stable. */
export function buildDemoProperties(prng: Prng, agents: DemoAgent[], now: Date): DemoProperties {
  const properties: Array<Insertable<PropertiesTable>> = [];
  const photos: Array<Insertable<PhotosTable>> = [];
  const nowMs = now.getTime();

  agents.forEach((agent, agentIndex) => {
    const count = agentIndex === 0 ? LISTINGS_FOR_MAIN_AGENT : LISTINGS_PER_OTHER_AGENT;
    const home = agent.home as Neighbourhood;
    for (let j = 0; j < count; j += 1) {
      const index = properties.length;
      const id = demoId("property", index);
      // The first listing of each agent is at home, so all ten neighbourhoods are always used.
      const n: Neighbourhood = j === 0 ? home : prng.chance(0.55) ? home : prng.pick(NEIGHBOURHOODS);
      // agent@'s first listing is the one the demo walks through: a studio by the main gate.
      const showcase = agentIndex === 0 && j === 0;
      const type: PropertyType = showcase ? "studio" : prng.weighted(Object.entries(TYPE_WEIGHTS[n]) as Array<[PropertyType, number]>);
      const point = showcase ? jitterNear(prng, NEIGHBOURHOOD_CENTRES.Molyko, 150) : jitter(prng, NEIGHBOURHOOD_CENTRES[n]);
      const distanceM = distanceToCampusMetres(point);
      const amenities = drawAmenities(prng, type);
      const bedrooms = drawBedrooms(prng, type);
      const rent = drawRent(prng, type, n, amenities, bedrooms);
      const advance = drawAdvanceMonths(prng, type);

      // The showcase is also agent@'s oldest listing, so it comes first in every "oldest first" order.
      const drawnDaysAgo = prng.int(1, 89);
      const createdDaysAgo = showcase ? 89 : drawnDaysAgo;
      const createdMs = nowMs - createdDaysAgo * DAY_MS - prng.int(0, 23) * HOUR_MS;
      // Confirmed within the last 30 days, never before the listing existed; about one in five
      // is older than 14 days, so the "confirm availability" reminders have something to show.
      const confirmedDaysAgo = Math.min(createdDaysAgo - 1, prng.chance(0.2) ? prng.int(15, 30) : prng.int(0, 13));
      const confirmedMs = Math.max(createdMs, nowMs - confirmedDaysAgo * DAY_MS - prng.int(0, 12) * HOUR_MS);
      // New listings wait for an admin to verify them.
      const isVerified = showcase || (createdDaysAgo > 7 ? prng.chance(0.96) : prng.chance(0.5));
      const status: PropertyStatus = showcase
        ? "available"
        : prng.weighted([
            ["available", 74],
            ["booked", 9],
            ["rented_out", 9],
            ["unavailable", 5],
          ] as const);

      properties.push({
        id,
        agent_id: demoId("profile", agent.key),
        title: showcase ? "Self-contained studio near UB main gate, Molyko" : title(prng, type, n, amenities, bedrooms, distanceM),
        description: description(prng, type, n, amenities, rent, advance, bedrooms, distanceM),
        property_type: type,
        neighbourhood: n,
        address: `Near ${LANDMARKS[n]}, ${n}, Buea`,
        latitude: point.latitude,
        longitude: point.longitude,
        distance_to_campus_m: distanceM,
        monthly_rent: rent,
        advance_months: advance,
        bedrooms,
        furnished: amenities.furnished ? 1 : 0,
        toilet_inside: amenities.toiletInside ? 1 : 0,
        shower_inside: amenities.showerInside ? 1 : 0,
        water_supply: amenities.waterSupply ? 1 : 0,
        prepaid_meter: amenities.prepaidMeter ? 1 : 0,
        wifi: amenities.wifi ? 1 : 0,
        security: amenities.security ? 1 : 0,
        parking: amenities.parking ? 1 : 0,
        status,
        is_verified: isVerified ? 1 : 0,
        is_available: status === "available" || status === "booked" ? 1 : 0,
        hidden_at: null,
        // Most listings keep the default hours (Mon-Sat, 9 AM-5 PM); some landlords only show on weekdays.
        visiting_hours:
          !showcase && prng.chance(0.2)
            ? JSON.stringify({ days: ["mon", "tue", "wed", "thu", "fri"], from: "10:00", to: "16:00", stepMinutes: 60 })
            : null,
        availability_confirmed_at: iso(confirmedMs),
        created_at: iso(createdMs),
        updated_at: iso(confirmedMs),
      });

      const pool = demoPoolIndexesFor(type);
      for (let k = 0; k < PHOTOS_PER_PROPERTY; k += 1) {
        photos.push({
          id: demoId("property-photo", `${index}-${k}`),
          owner_type: "property",
          owner_id: id,
          position: k,
          storage_key: demoPoolStorageKey(pool[(index + k) % pool.length]),
          width: SCENE_WIDTH,
          height: SCENE_HEIGHT,
          alt: `${TYPE_LABELS[type]} in ${n}, photo ${k + 1}`,
          created_at: iso(createdMs),
        });
      }
    }
  });

  markSoldHouses(properties, 2);
  return { properties, photos };
}

function jitterNear(prng: Prng, centre: GeoPoint, radiusM: number): GeoPoint {
  const p = jitter(prng, centre);
  // Pull the point towards the centre so it stays within radiusM.
  const f = radiusM / 350;
  return {
    latitude: Number((centre.latitude + (p.latitude - centre.latitude) * f).toFixed(6)),
    longitude: Number((centre.longitude + (p.longitude - centre.longitude) * f).toFixed(6)),
  };
}

// A couple of houses have been sold: the listing stays visible with its Sold label.
function markSoldHouses(properties: Array<Insertable<PropertiesTable>>, count: number): void {
  const houses = properties.filter((p) => p.property_type === "house").slice(-count);
  for (const house of houses) {
    house.status = "sold";
    house.is_available = 0;
  }
}
