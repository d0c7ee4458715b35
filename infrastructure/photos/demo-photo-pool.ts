// A pool of 24 drawn photos, pool-0 … pool-23, shared by the demo seed and the benchmark data
// generator: photos rows are per listing, but many rows point at the same files, so seeding
// encodes 24 images instead of hundreds.
import type { FileStorage } from "../storage/file-storage";
import { generatePhotoSet, type StoredPhoto } from "./photo-variants";
import type { SceneKind } from "./photo-scene";

export type PoolKind = Exclude<SceneKind, "cover">;

export const DEMO_PHOTO_POOL_SIZE = 24;

// Five scenes for each property type, four for guest houses.
const POOL_KINDS: Array<{ kind: PoolKind; caption: string; count: number }> = [
  { kind: "room", caption: "Student room · Buea", count: 5 },
  { kind: "studio", caption: "Self-contained studio · Buea", count: 5 },
  { kind: "apartment", caption: "Apartment · Buea", count: 5 },
  { kind: "house", caption: "Family house · Buea", count: 5 },
  { kind: "guest_house", caption: "Guest house · Buea", count: 4 },
];

interface PoolEntry {
  index: number;
  kind: PoolKind;
  caption: string;
}

const POOL: PoolEntry[] = POOL_KINDS.flatMap(({ kind, caption, count }) => Array.from({ length: count }, () => ({ kind, caption }))).map(
  (entry, index) => ({ ...entry, index }),
);

export const demoPoolPhotoName = (index: number): string => `pool-${index}`;
export const demoPoolStorageKey = (index: number): string => `photos/${demoPoolPhotoName(index)}`;

/** Pool indexes drawn for a kind of listing, in order. */
export function demoPoolIndexesFor(kind: PoolKind): number[] {
  return POOL.filter((entry) => entry.kind === kind).map((entry) => entry.index);
}

/** Writes every pool photo that is not stored yet; cheap when they all are. */
export async function ensureDemoPhotoPool(storage: FileStorage): Promise<StoredPhoto[]> {
  return Promise.all(
    POOL.map((entry) =>
      generatePhotoSet(storage, demoPoolPhotoName(entry.index), {
        kind: entry.kind,
        caption: entry.caption,
        variant: entry.index,
      }),
    ),
  );
}
