// The demo data, written on the first start of the demo (and by `npm run db:seed`).
// Deterministic: a fixed PRNG seed and ids derived from labels give the same listings, people and
// prices every time; only the dates move with `now`. Photo files are drawn first (idempotent,
// shared between runs), then every row goes in one transaction.
import type { Insertable, Kysely } from "kysely";
import type { BlogPostsTable, Database, PhotosTable } from "../db/schema";
import type { PasswordHasher } from "#domain/accounts/password-hasher.port";
import { DAY_MS, HOUR_MS } from "#domain/shared/clock";
import { ensureDemoPhotoPool } from "../photos/demo-photo-pool";
import { generatePhotoSet } from "../photos/photo-variants";
import type { FileStorage } from "../storage/file-storage";
import { SCENE_HEIGHT, SCENE_WIDTH } from "../photos/photo-scene";
import { DEMO_BLOG_POSTS } from "./demo-blog-posts";
import { buildDemoBookings } from "./demo-bookings";
import { buildDemoConversations } from "./demo-conversations";
import { buildDemoGuestHouses } from "./demo-guest-houses";
import { DEMO_ACCOUNTS, DEMO_AGENTS, DEMO_PASSWORD } from "./demo-people";
import { buildDemoProfiles } from "./demo-profiles";
import { buildDemoProperties } from "./demo-properties";
import { buildDemoViewDays } from "./demo-view-days";
import { createPrng, demoId } from "./prng";

export { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount, type DemoAccountEmail } from "./demo-people";

/** Change it and every generated listing changes: tests and screenshots rely on this value. */
const DEMO_SEED = 20_261_122;

export interface SeedDemoOptions {
  /** Where photo files go (createFileStorages(config).photos: disk or the bucket). */
  photos: FileStorage;
  hasher: PasswordHasher;
  /** The moment the demo is seeded: dates (subscriptions, visits, listings' ages) are relative to it. */
  now?: Date;
}

/** Every row of the demo, by table, in an order that satisfies the foreign keys. */
export type DemoData = { [T in keyof Database]?: Array<Insertable<Database[T]>> };

export const blogCoverName = (slug: string): string => `blog-${slug}`;

/** Builds every demo row without touching the database. Pure given its arguments. */
export function buildDemoData(passwordHash: string, now: Date): DemoData {
  const prng = createPrng(DEMO_SEED);
  const people = buildDemoProfiles(passwordHash, now);
  const { properties, photos: propertyPhotos } = buildDemoProperties(prng, DEMO_AGENTS, now);
  const { guestHouses, photos: guestHousePhotos } = buildDemoGuestHouses(prng, now);
  const blog = buildBlogPosts(now);
  const money = buildDemoBookings(properties, now);
  const talk = buildDemoConversations(
    properties,
    guestHouses.map((g) => g.id),
    now,
  );

  return {
    profiles: people.profiles,
    agents: people.agents,
    host_verifications: people.hostVerifications,
    properties,
    property_view_days: buildDemoViewDays(properties, now),
    guest_houses: guestHouses,
    blog_posts: blog.posts,
    photos: [...propertyPhotos, ...guestHousePhotos, ...blog.photos],
    payments: [...money.payments, ...talk.payments],
    payment_events: [...money.paymentEvents, ...talk.paymentEvents],
    subscriptions: money.subscriptions,
    bookings: money.bookings,
    commission_earnings: money.commissionEarnings,
    reviews: money.reviews,
    message_threads: talk.threads,
    messages: talk.messages,
    wishlists: talk.wishlists,
    platform_fee_payments: talk.platformFeePayments,
    booking_attempts: talk.bookingAttempts,
  };
}

function buildBlogPosts(now: Date): { posts: Array<Insertable<BlogPostsTable>>; photos: Array<Insertable<PhotosTable>> } {
  const posts: Array<Insertable<BlogPostsTable>> = [];
  const photos: Array<Insertable<PhotosTable>> = [];
  DEMO_BLOG_POSTS.forEach((post, i) => {
    const id = demoId("blog-post", post.slug);
    const publishedAt = new Date(now.getTime() - post.publishedDaysAgo * DAY_MS - 9 * HOUR_MS).toISOString();
    const storageKey = `photos/${blogCoverName(post.slug)}`;
    posts.push({
      id,
      slug: post.slug,
      author_name: post.author,
      cover_storage_key: storageKey,
      title_en: post.en.title,
      title_fr: post.fr.title,
      excerpt_en: post.en.excerpt,
      excerpt_fr: post.fr.excerpt,
      body_en: post.en.body,
      body_fr: post.fr.body,
      published_at: publishedAt,
      created_at: new Date(Date.parse(publishedAt) - 2 * DAY_MS).toISOString(),
    });
    photos.push({
      id: demoId("blog-photo", i),
      owner_type: "blog_post",
      owner_id: id,
      position: 0,
      storage_key: storageKey,
      width: SCENE_WIDTH,
      height: SCENE_HEIGHT,
      alt: post.en.title,
      created_at: publishedAt,
    });
  });
  return { posts, photos };
}

/** The 24 shared listing photos and the six blog covers; files already stored are kept. */
export async function ensureDemoPhotos(storage: FileStorage): Promise<void> {
  await Promise.all([
    ensureDemoPhotoPool(storage),
    ...DEMO_BLOG_POSTS.map((post, i) =>
      generatePhotoSet(storage, blogCoverName(post.slug), { kind: "cover", caption: post.coverCaption, variant: i + 3 }),
    ),
  ]);
}

async function demoAccountsExist(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("profiles").select("id").where("email", "in", Object.keys(DEMO_ACCOUNTS)).limit(1).executeTakeFirst();
  return row !== undefined;
}

// Well under SQLite's 32 766 bound variables and PostgreSQL's 65 535 for the widest table.
const CHUNK_ROWS = 200;

async function insertDemoData(trx: Kysely<Database>, data: DemoData): Promise<void> {
  for (const table of Object.keys(data) as Array<keyof Database>) {
    const rows = data[table] ?? [];
    for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
      // The table is only known at run time here; each builder typed its rows against the schema.
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + CHUNK_ROWS) as never)
        .execute();
    }
  }
}

/**
 * Seeds the demo once: returns { seeded: false } without writing anything when the demo
 * accounts already exist. The demo password is hashed once and shared by every demo user
 * (scrypt is deliberately slow).
 */
export async function seedDemoData(db: Kysely<Database>, options: SeedDemoOptions): Promise<{ seeded: boolean }> {
  if (await demoAccountsExist(db)) return { seeded: false };
  const now = options.now ?? new Date();
  const [passwordHash] = await Promise.all([options.hasher.hash(DEMO_PASSWORD), ensureDemoPhotos(options.photos)]);
  const data = buildDemoData(passwordHash, now);
  try {
    const seeded = await db.transaction().execute(async (trx) => {
      if (await demoAccountsExist(trx)) return false;
      await insertDemoData(trx, data);
      return true;
    });
    return { seeded };
  } catch (error) {
    // Two processes starting together: the loser's inserts hit the unique e-mails and roll back.
    if (await demoAccountsExist(db)) return { seeded: false };
    throw error;
  }
}
