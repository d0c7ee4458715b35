// The admin's blog use cases on the in-memory adapters: slugs, bounds, the cover through the photo
// store (and its file removed when the change does not happen), publish/unpublish/delete, and an
// audit row with each change in the same unit of work.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { InMemoryAuditLog } from "#domain/accounts/in-memory-account-repositories";
import { POST_BODY_MAX, POST_SLUG_MAX, POST_TITLE_MAX, SLUG_PATTERN, slugify, type BlogPostText } from "#domain/blog/blog-post.entity";
import { postBySlug } from "#domain/blog/blog.queries";
import { InMemoryBlogPostRepository, InMemoryBlogUnitOfWork } from "#domain/blog/in-memory-blog-post-repository";
import {
  ADMIN_BLOG_PAGE_SIZE,
  createDraftPost,
  deletePost,
  editPost,
  listPostsForAdmin,
  previewPost,
  publishPost,
  unpublishPost,
  type BlogAdminDeps,
} from "#domain/blog/manage-blog-posts.use-cases";
import { InMemoryCoverUploadStorage } from "#domain/blog/cover-uploads";
import type { MarkdownRenderer } from "#domain/blog/markdown-renderer.port";
import { InMemoryPhotoStore } from "#domain/property-management/in-memory-managed-property-repository";
import { FixedClock, MINUTE_MS } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { CountingPublicPages } from "#domain/shared/public-pages.port";

const NOW = new Date("2026-11-22T10:00:00Z");
const markdown: MarkdownRenderer = { toSafeHtml: (s) => `<p>rendered:${s}</p>` };
const IMG = new TextEncoder().encode("IMG-cover");

const text = (over: Partial<{ slug: string; titleEn: string; titleFr: string; bodyEn: string }> = {}): BlogPostText => ({
  slug: over.slug ?? "",
  title: { en: over.titleEn ?? "Renting near campus", fr: over.titleFr ?? "Louer près du campus" },
  excerpt: { en: "How to rent", fr: "Comment louer" },
  body: { en: over.bodyEn ?? "## Start\n\nRead this.", fr: "## Début\n\nLisez ceci." },
});

describe("admin blog posts", () => {
  let posts: InMemoryBlogPostRepository;
  let audit: InMemoryAuditLog;
  let photos: InMemoryPhotoStore;
  let clock: FixedClock;
  let deps: BlogAdminDeps;
  const admin = { adminId: "admin-1", authorName: "Ada Admin" };
  const actions = async () => (await audit.list({ limit: 100 })).map((e) => e.action).reverse();

  beforeEach(() => {
    posts = new InMemoryBlogPostRepository();
    audit = new InMemoryAuditLog();
    photos = new InMemoryPhotoStore();
    clock = new FixedClock(NOW);
    deps = {
      uow: new InMemoryBlogUnitOfWork(posts, audit),
      posts,
      photos,
      markdown,
      clock,
      ids: new SequentialIds("b"),
      publicPages: new CountingPublicPages(),
      coverUploads: new InMemoryCoverUploadStorage(),
    };
  });

  it("creates a draft with a slug from the English title, not on the public blog, audited", async () => {
    const r = await createDraftPost(deps, { ...admin, text: text({ titleEn: "  Étudiants: où louer à Buea ?  " }), cover: null });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({ slug: "etudiants-ou-louer-a-buea", authorName: "Ada Admin", publishedAt: null, coverStorageKey: null });
    expect(r.value.title.en).toBe("Étudiants: où louer à Buea ?");
    expect((await postBySlug({ posts, clock, markdown }, { slug: r.value.slug, language: "en" })).ok).toBe(false);
    const [row] = await audit.list({ limit: 10 });
    expect(row).toMatchObject({ actorId: "admin-1", action: "admin.blog.create", at: NOW });
    expect(row.data.target).toBe(`blog_post:${r.value.id}`);
    expect(row.data.before).toBeNull();
    expect(JSON.parse(String(row.data.after))).toMatchObject({ slug: "etudiants-ou-louer-a-buea", publishedAt: null, bodyEnChars: 20 });
  });

  it("refuses a taken slug, a bad slug, a missing English title and texts over their bounds, storing nothing", async () => {
    await createDraftPost(deps, { ...admin, text: text({ slug: "taken" }), cover: null });
    const refusals: [BlogPostText, string][] = [
      [text({ slug: "taken" }), "blog.slug_conflict"],
      [text({ slug: "Not OK" }), "blog.invalid_slug"],
      [text({ slug: "a--b" }), "blog.invalid_slug"],
      [text({ slug: "x".repeat(POST_SLUG_MAX + 1) }), "blog.invalid_slug"],
      [text({ titleEn: "😀😀" }), "blog.invalid_slug"],
      [text({ titleEn: " \u0000 ", titleFr: " " }), "blog.title_required"],
      [text({ titleFr: "t".repeat(POST_TITLE_MAX + 1) }), "blog.title_too_long"],
      [text({ bodyEn: "b".repeat(POST_BODY_MAX + 1) }), "blog.body_too_long"],
    ];
    for (const [input, code] of refusals) {
      const r = await createDraftPost(deps, { ...admin, text: input, cover: IMG });
      expect(r.ok ? "ok" : r.error.code, code).toBe(code);
    }
    const tooLong = await createDraftPost(deps, { ...admin, text: text({ titleFr: "t".repeat(POST_TITLE_MAX + 1) }), cover: null });
    expect(!tooLong.ok && tooLong.error.params).toEqual({ max: POST_TITLE_MAX, language: "fr" });
    expect(posts.posts).toHaveLength(1);
    expect(photos.files.size).toBe(0);
    expect(await actions()).toEqual(["admin.blog.create"]);
  });

  it("stores a cover through the photo store, refuses one that is not an image, and replaces and removes it on edit", async () => {
    const bad = await createDraftPost(deps, { ...admin, text: text(), cover: new TextEncoder().encode("GIF89a") });
    expect(!bad.ok && bad.error.code).toBe("blog.photo_unsupported_format");
    const created = await createDraftPost(deps, { ...admin, text: text(), cover: IMG });
    if (!created.ok) throw new Error("not created");
    const first = created.value.coverStorageKey!;
    expect(photos.files.has(first)).toBe(true);
    const replaced = await editPost(deps, { adminId: "admin-1", postId: created.value.id, text: text(), cover: IMG, removeCover: false });
    if (!replaced.ok) throw new Error("not replaced");
    expect(replaced.value.coverStorageKey).not.toBe(first);
    expect(photos.files.has(first)).toBe(false);
    const kept = await editPost(deps, {
      adminId: "admin-1",
      postId: created.value.id,
      text: text({ titleEn: "New title" }),
      cover: null,
      removeCover: false,
    });
    expect(kept.ok && kept.value.coverStorageKey).toBe(replaced.value.coverStorageKey);
    const removed = await editPost(deps, { adminId: "admin-1", postId: created.value.id, text: text(), cover: null, removeCover: true });
    expect(removed.ok && removed.value.coverStorageKey).toBeNull();
    expect(photos.files.size).toBe(0);
  });

  it("removes a new cover file again when the edit is refused inside the transaction", async () => {
    const a = await createDraftPost(deps, { ...admin, text: text({ slug: "a" }), cover: null });
    if (!a.ok) throw new Error("no a");
    // Another admin takes the slug between the cheap check and the transaction.
    const original = posts.slugTaken.bind(posts);
    posts.slugTaken = async () => false;
    await createDraftPost(deps, { ...admin, text: text({ slug: "b" }), cover: null });
    const r = await editPost(deps, { adminId: "admin-1", postId: a.value.id, text: text({ slug: "b" }), cover: IMG, removeCover: false });
    posts.slugTaken = original;
    expect(!r.ok && r.error.code).toBe("blog.slug_conflict");
    expect(photos.files.size).toBe(0);
    expect((await posts.findById(a.value.id))?.slug).toBe("a");
  });

  it("publishes (dated now, shown publicly), refuses twice, unpublishes (hidden again), each audited with before and after", async () => {
    const c = await createDraftPost(deps, { ...admin, text: text(), cover: null });
    if (!c.ok) throw new Error("no post");
    clock.advance(5 * MINUTE_MS);
    const p = await publishPost(deps, { adminId: "admin-1", postId: c.value.id });
    expect(p.ok && p.value.publishedAt).toEqual(new Date(NOW.getTime() + 5 * MINUTE_MS));
    const shown = await postBySlug({ posts, clock, markdown }, { slug: c.value.slug, language: "fr" });
    expect(shown.ok && shown.value.title).toBe("Louer près du campus");
    const again = await publishPost(deps, { adminId: "admin-1", postId: c.value.id });
    expect(!again.ok && again.error.code).toBe("blog.already_published");
    const u = await unpublishPost(deps, { adminId: "admin-1", postId: c.value.id });
    expect(u.ok && u.value.publishedAt).toBeNull();
    expect((await postBySlug({ posts, clock, markdown }, { slug: c.value.slug, language: "en" })).ok).toBe(false);
    const twice = await unpublishPost(deps, { adminId: "admin-1", postId: c.value.id });
    expect(!twice.ok && twice.error.code).toBe("blog.not_published");
    expect(await actions()).toEqual(["admin.blog.create", "admin.blog.publish", "admin.blog.unpublish"]);
    const [unpublished, published] = await audit.list({ limit: 2 });
    expect(JSON.parse(String(published.data.before)).publishedAt).toBeNull();
    expect(JSON.parse(String(published.data.after)).publishedAt).toBe("2026-11-22T10:05:00.000Z");
    expect(JSON.parse(String(unpublished.data.after)).publishedAt).toBeNull();
  });

  it("tells the public pages of a publication, an unpublication and a published post's edit, never of a draft's", async () => {
    const told = () => (deps.publicPages as CountingPublicPages).changes;
    const c = await createDraftPost(deps, { ...admin, text: text(), cover: null });
    if (!c.ok) throw new Error("no post");
    const postId = c.value.id;
    await editPost(deps, {
      adminId: "admin-1",
      postId,
      text: text({ titleEn: "Renting near campus, again" }),
      cover: null,
      removeCover: false,
    });
    expect(told()).toBe(0);
    await publishPost(deps, { adminId: "admin-1", postId });
    expect(told()).toBe(1);
    await publishPost(deps, { adminId: "admin-1", postId }); // refused: already published
    expect(told()).toBe(1);
    await editPost(deps, { adminId: "admin-1", postId, text: text({ titleEn: "Renting near campus" }), cover: null, removeCover: false });
    expect(told()).toBe(2);
    await unpublishPost(deps, { adminId: "admin-1", postId });
    expect(told()).toBe(3);
    await deletePost(deps, { adminId: "admin-1", postId });
    expect(told()).toBe(3);
  });

  it("takes and publishes a French-only article, its slug from the French title, shown to English readers in French", async () => {
    const frenchOnly: BlogPostText = {
      slug: "",
      title: { en: "", fr: "Louer à Molyko" },
      excerpt: { en: "", fr: "Ce qu'il faut savoir" },
      body: { en: "", fr: "## Début\n\nLisez ceci." },
    };
    const c = await createDraftPost(deps, { ...admin, text: frenchOnly, cover: null });
    if (!c.ok) throw new Error(c.error.code);
    expect(c.value.slug).toBe("louer-a-molyko");
    expect((await publishPost(deps, { adminId: "admin-1", postId: c.value.id })).ok).toBe(true);
    clock.advance(1000);
    const en = await postBySlug({ posts, clock, markdown }, { slug: "louer-a-molyko", language: "en" });
    expect(en.ok && en.value.title).toBe("Louer à Molyko");
  });

  it("refuses to publish an article complete in neither language", async () => {
    const c = await createDraftPost(deps, { ...admin, text: { ...text(), excerpt: { en: "", fr: "" } }, cover: null });
    if (!c.ok) throw new Error("no post");
    const r = await publishPost(deps, { adminId: "admin-1", postId: c.value.id });
    expect(!r.ok && r.error.code).toBe("blog.incomplete");
    expect((await posts.findById(c.value.id))?.publishedAt).toBeNull();
  });

  it("deletes a post with its cover file, audited with what it was; a missing post is not found", async () => {
    const c = await createDraftPost(deps, { ...admin, text: text(), cover: IMG });
    if (!c.ok) throw new Error("no post");
    const d = await deletePost(deps, { adminId: "admin-1", postId: c.value.id });
    expect(d.ok).toBe(true);
    expect(posts.posts).toHaveLength(0);
    expect(photos.files.size).toBe(0);
    const [row] = await audit.list({ limit: 1 });
    expect(row.action).toBe("admin.blog.delete");
    expect(row.data.after).toBeNull();
    expect(JSON.parse(String(row.data.before)).slug).toBe(c.value.slug);
    for (const run of [deletePost, publishPost, unpublishPost]) {
      const r = await run(deps, { adminId: "admin-1", postId: c.value.id });
      expect(!r.ok && r.error.code).toBe("blog.post_not_found");
    }
    const e = await editPost(deps, { adminId: "admin-1", postId: "nope", text: text(), cover: null, removeCover: false });
    expect(!e.ok && e.error.code).toBe("blog.post_not_found");
  });

  it("rolls the post back when the audit write fails", async () => {
    const c = await createDraftPost(deps, { ...admin, text: text(), cover: null });
    if (!c.ok) throw new Error("no post");
    audit.record = async () => {
      throw new Error("disk full");
    };
    await expect(publishPost(deps, { adminId: "admin-1", postId: c.value.id })).rejects.toThrow("disk full");
    expect((await posts.findById(c.value.id))?.publishedAt).toBeNull();
  });

  it("lists drafts and published posts newest first, a page past the end showing the last one", async () => {
    for (let i = 0; i < ADMIN_BLOG_PAGE_SIZE + 2; i++) {
      clock.advance(MINUTE_MS);
      await createDraftPost(deps, { ...admin, text: text({ slug: `p-${i}` }), cover: null });
    }
    const first = await listPostsForAdmin(deps, { page: 1 });
    expect(first.items[0].slug).toBe(`p-${ADMIN_BLOG_PAGE_SIZE + 1}`);
    expect(first).toMatchObject({ total: ADMIN_BLOG_PAGE_SIZE + 2, pageCount: 2, page: 1 });
    const past = await listPostsForAdmin(deps, { page: 9 });
    expect(past.page).toBe(2);
    expect(past.items.map((p) => p.slug)).toEqual(["p-1", "p-0"]);
  });

  it("previews both languages through the renderer, French falling back to English, storing nothing", () => {
    const r = previewPost(deps, { ...text(), body: { en: "Hello", fr: "" } });
    expect(r.ok && r.value).toEqual({
      slug: "renting-near-campus",
      languages: {
        en: { title: "Renting near campus", excerpt: "How to rent", html: "<p>rendered:Hello</p>" },
        fr: { title: "Louer près du campus", excerpt: "Comment louer", html: "<p>rendered:Hello</p>" },
      },
    });
    expect(posts.posts).toHaveLength(0);
  });

  it("slugify always gives a valid slug or nothing", () => {
    fc.assert(
      fc.property(fc.fullUnicodeString({ maxLength: 200 }), (title) => {
        const slug = slugify(title);
        expect(slug === "" || (SLUG_PATTERN.test(slug) && slug.length <= POST_SLUG_MAX)).toBe(true);
      }),
    );
  });
});
