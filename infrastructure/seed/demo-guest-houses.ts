// Eight guest houses for short stays (parents at matriculation, visiting lecturers, graduation
// week): three belong to host@, three to another verified host, two to a host still under review.
import type { Insertable } from "kysely";
import type { GuestHousesTable, PhotosTable } from "../db/schema";
import { NEIGHBOURHOOD_CENTRES, type Neighbourhood } from "#domain/listings/buea";
import { DAY_MS } from "#domain/shared/clock";
import { demoPoolIndexesFor, demoPoolStorageKey } from "../photos/demo-photo-pool";
import { SCENE_HEIGHT, SCENE_WIDTH } from "../photos/photo-scene";
import { DEMO_HOST, DEMO_OTHER_HOSTS } from "./demo-people";
import { demoId, type Prng } from "./prng";

export const PHOTOS_PER_GUEST_HOUSE = 2;

interface GuestHouseSpec {
  name: string;
  hostKey: string;
  neighbourhood: Neighbourhood;
  nightlyRate: number;
  rooms: number;
  amenities: string[];
  description: string;
}

// Amenities are stable keys the app translates (guest-house:amenities.<key>).
const SPECS: GuestHouseSpec[] = [
  {
    name: "Fako View Guest House",
    hostKey: DEMO_HOST.key,
    neighbourhood: "Great Soppo",
    nightlyRate: 18_000,
    rooms: 8,
    amenities: ["wifi", "hot_water", "breakfast", "parking", "generator", "tv"],
    description:
      "Quiet family guest house with a clear view of Mount Cameroon on dry mornings. Breakfast of omelette, bread and tea or pap is included.",
  },
  {
    name: "Molyko Comfort Lodge",
    hostKey: DEMO_HOST.key,
    neighbourhood: "Molyko",
    nightlyRate: 12_000,
    rooms: 10,
    amenities: ["wifi", "hot_water", "fan", "tv", "security"],
    description:
      "Five minutes' walk from the UB main gate: popular with parents during matriculation and graduation weeks. Book early in October and July.",
  },
  {
    name: "Bonduma Family Guest House",
    hostKey: DEMO_HOST.key,
    neighbourhood: "Bonduma",
    nightlyRate: 10_000,
    rooms: 6,
    amenities: ["wifi", "kitchen", "parking", "security"],
    description:
      "Simple, clean rooms with a shared kitchen, run by a family who lives on site. Good for a week-long stay while you look for a room.",
  },
  {
    name: "Clerks Quarters Garden Lodge",
    hostKey: "comfort",
    neighbourhood: "Clerks Quarters",
    nightlyRate: 25_000,
    rooms: 12,
    amenities: ["wifi", "hot_water", "breakfast", "parking", "generator", "air_conditioning", "restaurant"],
    description:
      "Cool, green and calm in the upper town, with a garden restaurant serving ndolé and eru. Suites for visiting lecturers and families.",
  },
  {
    name: "Check Point Travellers' Inn",
    hostKey: "comfort",
    neighbourhood: "Check Point",
    nightlyRate: 9_000,
    rooms: 14,
    amenities: ["wifi", "fan", "security"],
    description:
      "Budget rooms at Check Point junction with taxis to Molyko, Mile 17 and town at the door. Self-contained rooms with a fan.",
  },
  {
    name: "Mile 17 Transit Guest House",
    hostKey: "comfort",
    neighbourhood: "Mile 17",
    nightlyRate: 8_000,
    rooms: 9,
    amenities: ["fan", "security", "tv"],
    description: "Right by the Mile 17 motor park: the easy choice if you arrive late from Douala or leave early for Bamenda.",
  },
  {
    name: "Bokwai Hills Guest House",
    hostKey: "eric",
    neighbourhood: "Bokwai",
    nightlyRate: 15_000,
    rooms: 5,
    amenities: ["wifi", "hot_water", "breakfast", "parking"],
    description: "A renovated family house turned guest house, with five rooms and a covered veranda facing the hills.",
  },
  {
    name: "Muea Rest House",
    hostKey: "eric",
    neighbourhood: "Muea",
    nightlyRate: 8_500,
    rooms: 4,
    amenities: ["fan", "kitchen"],
    description: "Small and affordable, near Muea market. Shared kitchen and a quiet compound.",
  },
];

export const DEMO_GUEST_HOUSE_COUNT = SPECS.length;

const phoneOf = (hostKey: string) => [DEMO_HOST, ...DEMO_OTHER_HOSTS].find((h) => h.key === hostKey)!.phone;

export interface DemoGuestHouses {
  guestHouses: Array<Insertable<GuestHousesTable>>;
  photos: Array<Insertable<PhotosTable>>;
}

export function buildDemoGuestHouses(prng: Prng, now: Date): DemoGuestHouses {
  const pool = demoPoolIndexesFor("guest_house");
  const guestHouses: Array<Insertable<GuestHousesTable>> = [];
  const photos: Array<Insertable<PhotosTable>> = [];
  SPECS.forEach((spec, index) => {
    const id = demoId("guest-house", index);
    const centre = NEIGHBOURHOOD_CENTRES[spec.neighbourhood];
    const createdAt = new Date(now.getTime() - prng.int(20, 120) * DAY_MS).toISOString();
    guestHouses.push({
      id,
      host_id: demoId("profile", spec.hostKey),
      name: spec.name,
      description: spec.description,
      neighbourhood: spec.neighbourhood,
      address: `${spec.neighbourhood}, Buea`,
      latitude: Number((centre.latitude + (prng.next() - 0.5) * 0.004).toFixed(6)),
      longitude: Number((centre.longitude + (prng.next() - 0.5) * 0.004).toFixed(6)),
      nightly_rate: spec.nightlyRate,
      rooms: spec.rooms,
      amenities: JSON.stringify(spec.amenities),
      // WhatsApp takes the number as digits with the country code (wa.me/2376...).
      whatsapp_number: phoneOf(spec.hostKey).replace(/\D/g, ""),
      is_verified: spec.hostKey === "eric" ? 0 : 1,
      // Listed by the platform: public whatever its host's verification (decision 0122).
      seeded: 1,
      created_at: createdAt,
    });
    for (let k = 0; k < PHOTOS_PER_GUEST_HOUSE; k += 1) {
      photos.push({
        id: demoId("guest-house-photo", `${index}-${k}`),
        owner_type: "guest_house",
        owner_id: id,
        position: k,
        storage_key: demoPoolStorageKey(pool[(index + k) % pool.length]),
        width: SCENE_WIDTH,
        height: SCENE_HEIGHT,
        alt: `${spec.name}, photo ${k + 1}`,
        created_at: createdAt,
      });
    }
  });
  return { guestHouses, photos };
}
