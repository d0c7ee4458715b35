import { afterEach, beforeEach, expect, it } from "vitest";
import type { BlogPost } from "#domain/blog/blog-post.entity";
import type { BlogPostRepository, BlogRepos } from "#domain/blog/blog-post-repository.port";
import { InMemoryBlogPostRepository, InMemoryBlogUnitOfWork } from "#domain/blog/in-memory-blog-post-repository";
import { InMemoryAuditLog } from "#domain/accounts/in-memory-account-repositories";
import type { UnitOfWork } from "#domain/shared/transaction";
import { KyselyBlogPostRepository, kyselyBlogUnitOfWork } from "#infrastructure/repositories/kysely-blog-post-repository";
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

interface Harness {
  repo: BlogPostRepository;
  uow: UnitOfWork<BlogRepos>;
  auditActions(): Promise<string[]>;
  close(): Promise<void>;
}

async function harness(kind: string, seed: BlogPost[]): Promise<Harness> {
  if (kind === "memory") {
    const repo = new InMemoryBlogPostRepository();
    seed.forEach((p) => repo.put(p));
    const audit = new InMemoryAuditLog();
    return {
      repo,
      uow: new InMemoryBlogUnitOfWork(repo, audit),
      auditActions: async () => (await audit.list({ limit: 100 })).map((e) => e.action),
      close: async () => {},
    };
  }
  const t: TestDatabase = await createTestDatabase(kind as "sqlite" | "postgres");
  const repo = new KyselyBlogPostRepository(t.db);
  for (const p of seed) expect(await repo.save(p)).toBe("saved");
  return {
    repo,
    uow: kyselyBlogUnitOfWork(t.db),
    auditActions: async () => (await t.db.selectFrom("audit_log").select("action").execute()).map((r) => r.action),
    close: () => t.destroy(),
  };
}

describeEachDatabase(["memory", ...allDatabaseKinds()])("BlogPostRepository on %s", (kind) => {
  let h: Harness;
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

  // The admin's side (decision 0127).
  it("finds any post by id, drafts and future ones too", async () => {
    expect(await h.repo.findById("post-4")).toEqual(post(4, null));
    expect(await h.repo.findById("post-5")).toEqual(post(5, daysAgo(-1)));
    expect(await h.repo.findById("nope")).toBeNull();
  });

  it("lists every post newest created first, then by id, paged, with the total", async () => {
    await h.repo.save({ ...post(7, null), createdAt: NOW });
    const all = await h.repo.listAll(0, 3);
    expect(all.total).toBe(7);
    expect(all.posts.map((p) => p.id)).toEqual(["post-7", "post-6", "post-5"]);
    expect((await h.repo.listAll(6, 3)).posts.map((p) => p.id)).toEqual(["post-1"]);
  });

  it("saves a new post and replaces a stored one, keeping its creation date, and refuses a slug another post holds", async () => {
    const fresh = { ...post(8, null), slug: "fresh", coverStorageKey: null };
    expect(await h.repo.save(fresh)).toBe("saved");
    expect(await h.repo.findById("post-8")).toEqual(fresh);
    const changed = { ...post(1, null), slug: "renamed", title: { en: "New", fr: "Nouveau" }, coverStorageKey: null, createdAt: NOW };
    expect(await h.repo.save(changed)).toBe("saved");
    expect(await h.repo.findById("post-1")).toEqual({ ...changed, createdAt: post(1, null).createdAt });
    expect(await h.repo.findPublishedBySlug("slug-1", NOW)).toBeNull();
    expect(await h.repo.save({ ...post(2, daysAgo(3)), slug: "fresh" })).toBe("slug_taken");
    expect(await h.repo.save({ ...post(9, null), slug: "renamed" })).toBe("slug_taken");
    expect(await h.repo.findById("post-9")).toBeNull();
    expect((await h.repo.findById("post-2"))?.slug).toBe("slug-2");
    expect(await h.repo.slugTaken("fresh", null)).toBe(true);
    expect(await h.repo.slugTaken("fresh", "post-8")).toBe(false);
    expect(await h.repo.slugTaken("nobody", null)).toBe(false);
  });

  it("deletes a post, once", async () => {
    expect(await h.repo.delete("post-3")).toBe(true);
    expect(await h.repo.delete("post-3")).toBe(false);
    expect(await h.repo.findById("post-3")).toBeNull();
    expect((await h.repo.listAll(0, 10)).total).toBe(5);
  });

  it("in a unit of work: a refused slug leaves the transaction usable, and a failure undoes the post and its audit row", async () => {
    const done = await h.uow.run(async ({ posts, audit }) => {
      const locked = await posts.lock("post-4");
      expect(locked).toEqual(post(4, null));
      expect(await posts.lock("nope")).toBeNull();
      expect(await posts.save({ ...locked!, slug: "slug-1" })).toBe("slug_taken");
      expect(await posts.save({ ...locked!, publishedAt: NOW })).toBe("saved");
      await audit.record({ id: "a1", actorId: null, action: "admin.blog.publish", data: { target: "blog_post:post-4" }, at: NOW });
      return "done";
    });
    expect(done).toBe("done");
    expect((await h.repo.findById("post-4"))?.publishedAt).toEqual(NOW);
    await expect(
      h.uow.run(async ({ posts, audit }) => {
        await posts.delete("post-1");
        await audit.record({ id: "a2", actorId: null, action: "admin.blog.delete", data: { target: "blog_post:post-1" }, at: NOW });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await h.repo.findById("post-1")).not.toBeNull();
    expect(await h.auditActions()).toEqual(["admin.blog.publish"]);
  });
});
