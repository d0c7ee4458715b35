import { afterEach, beforeEach, expect, it } from "vitest";
import type { BlogPost } from "../../../domain/blog/blog-post.entity";
import type { BlogPostRepository } from "../../../domain/blog/blog-post-repository.port";
import { InMemoryBlogPostRepository } from "../../../domain/blog/in-memory-blog-post-repository";
import { KyselyBlogPostRepository } from "../../../infrastructure/repositories/kysely-blog-post-repository";
import { allDatabaseKinds, createTestDatabase, type TestDatabase, describeEachDatabase } from "../../support/test-database";

const NOW = new Date("2026-11-20T09:00:00.000Z");
const post = (n: number, publishedAt: Date | null): BlogPost => ({
  id: `post-${n}`,
  slug: `slug-${n}`,
  authorName: "KamerNest team",
  coverStorageKey: n % 2 ? `blog/${n}.webp` : null,
  title: { en: `Title ${n}`, fr: `Titre ${n}` },
  excerpt: { en: `Excerpt ${n}`, fr: `Extrait ${n}` },
  body: { en: `Body ${n}`, fr: `Corps ${n}` },
  publishedAt,
  createdAt: new Date("2026-10-01T00:00:00.000Z"),
});
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000);

async function harness(kind: string, seed: BlogPost[]): Promise<{ repo: BlogPostRepository; close(): Promise<void> }> {
  if (kind === "memory") {
    const repo = new InMemoryBlogPostRepository();
    seed.forEach((p) => repo.put(p));
    return { repo, close: async () => {} };
  }
  const t: TestDatabase = await createTestDatabase(kind as "sqlite" | "postgres");
  for (const p of seed) {
    await t.db
      .insertInto("blog_posts")
      .values({
        id: p.id,
        slug: p.slug,
        author_name: p.authorName,
        cover_storage_key: p.coverStorageKey,
        title_en: p.title.en,
        title_fr: p.title.fr,
        excerpt_en: p.excerpt.en,
        excerpt_fr: p.excerpt.fr,
        body_en: p.body.en,
        body_fr: p.body.fr,
        published_at: p.publishedAt?.toISOString() ?? null,
        created_at: p.createdAt.toISOString(),
      })
      .execute();
  }
  return { repo: new KyselyBlogPostRepository(t.db), close: () => t.destroy() };
}

describeEachDatabase(["memory", ...allDatabaseKinds()])("BlogPostRepository on %s", (kind) => {
  let h: { repo: BlogPostRepository; close(): Promise<void> };
  const seed = [post(1, daysAgo(1)), post(2, daysAgo(3)), post(3, daysAgo(2)), post(4, null), post(5, daysAgo(-1)), post(6, NOW)];
  beforeEach(async () => {
    h = await harness(kind, seed);
  });
  afterEach(() => h.close());

  it("lists posts published by `at`, newest first, paged, with the total", async () => {
    const all = await h.repo.listPublished(NOW, 0, 10);
    expect(all.total).toBe(4);
    expect(all.posts.map((p) => p.id)).toEqual(["post-6", "post-1", "post-3", "post-2"]);
    const page = await h.repo.listPublished(NOW, 2, 2);
    expect(page).toEqual({ posts: [post(3, daysAgo(2)), post(2, daysAgo(3))], total: 4 });
  });

  it("finds a published post by slug only", async () => {
    expect(await h.repo.findPublishedBySlug("slug-1", NOW)).toEqual(post(1, daysAgo(1)));
    expect(await h.repo.findPublishedBySlug("slug-4", NOW)).toBeNull();
    expect(await h.repo.findPublishedBySlug("slug-5", NOW)).toBeNull();
    expect(await h.repo.findPublishedBySlug("nope", NOW)).toBeNull();
    expect(await h.repo.findPublishedBySlug("slug-5", daysAgo(-2))).not.toBeNull();
  });
});
