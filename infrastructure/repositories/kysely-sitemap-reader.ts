// What /sitemap.xml lists: every listing students can see, every public guest house, every published
// post and every approved agent, with when each last changed. One narrow query per kind.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { publicHouse } from "./kysely-guest-house-catalogue";
import { APPROVED, visibleToStudents } from "./kysely-property-cards";

export interface SitemapEntry {
  /** Listing, guest house and agent ids; a post's slug. */
  key: string;
  lastModified: string | null;
}

export interface SitemapEntries {
  listings: SitemapEntry[];
  guestHouses: SitemapEntry[];
  posts: SitemapEntry[];
  agents: SitemapEntry[];
}

/** One sitemap file holds at most 50 000 URLs; past that a sitemap index would be needed. */
export const SITEMAP_MAX_URLS = 50_000;

export class KyselySitemapReader {
  constructor(private readonly db: Kysely<Database>) {}

  async entries(now: Date, limit = SITEMAP_MAX_URLS): Promise<SitemapEntries> {
    const [listings, guestHouses, posts, agents] = await Promise.all([
      this.db
        .selectFrom("properties")
        .select(["properties.id as key", "properties.updated_at as lastModified"])
        .where(visibleToStudents)
        .orderBy("properties.created_at", "desc")
        .orderBy("properties.id", "desc")
        .limit(limit)
        .execute(),
      this.db
        .selectFrom("guest_houses")
        .select(["guest_houses.id as key", "guest_houses.created_at as lastModified"])
        .where((eb) => publicHouse(eb))
        .orderBy("guest_houses.created_at", "desc")
        .limit(limit)
        .execute(),
      this.db
        .selectFrom("blog_posts")
        .select(["slug as key", "published_at as lastModified"])
        .where("published_at", "is not", null)
        .where("published_at", "<=", now.toISOString())
        .orderBy("published_at", "desc")
        .limit(limit)
        .execute(),
      this.db
        .selectFrom("agents")
        .select(["user_id as key", "reviewed_at as lastModified"])
        .where("verification_status", "=", APPROVED)
        .orderBy("user_id")
        .limit(limit)
        .execute(),
    ]);
    return { listings, guestHouses, posts, agents };
  }
}
