// The admin's blog (decision 0127): write a draft, edit it, preview it, publish, unpublish and
// delete it. Every change and its audit row (`admin.blog.*`, who, when, before and after) land in
// one unit of work or not at all; the post is locked first, so two admins deciding at once run one
// after the other and the second sees the first's result. A cover goes through the photo pipeline
// (the PhotoStore of the agents' photos): the file is written before the transaction and removed
// again when the transaction refuses or fails; a replaced or deleted cover's file goes after commit.
import { auditData } from "../accounts/audit-log.port";
import { MAX_PHOTO_BYTES } from "../property-management/managed-property.entity";
import type { PhotoStore } from "../property-management/photo-store.port";
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { err, ok, type Result } from "../shared/result";
import { withoutControlCharacters } from "../shared/text";
import { readPageOrLast, type ListPage } from "../shared/paging";
import type { UnitOfWork } from "../shared/transaction";
import {
  BLOG_LANGUAGES,
  POST_BODY_MAX,
  POST_EXCERPT_MAX,
  POST_SLUG_MAX,
  POST_TITLE_MAX,
  inLanguage,
  completeIn,
  isPublished,
  isValidSlug,
  slugify,
  type BlogLanguage,
  type BlogPost,
  type BlogPostText,
} from "./blog-post.entity";
import type { BlogPostRepository, BlogRepos } from "./blog-post-repository.port";
import { publicChange, type PublicPages } from "../shared/public-pages.port";
import { blogError, type BlogError } from "./blog.errors";
import type { MarkdownRenderer } from "./markdown-renderer.port";
import { COVER_UPLOAD_PREFIX, COVER_UPLOAD_TTL_MS, coverUploadKey, coverUploadTime, type CoverUploadStorage } from "./cover-uploads";

export interface BlogAdminDeps {
  uow: UnitOfWork<BlogRepos>;
  /** Reads outside a transaction (the list, the edit page). */
  posts: BlogPostRepository;
  photos: PhotoStore;
  /** Temporary covers kept through a preview (private storage, decision 0233). */
  coverUploads: CoverUploadStorage;
  markdown: MarkdownRenderer;
  clock: Clock;
  ids: IdGenerator;
  /** Told when a published post changes, or a post is published, unpublished or deleted; drafts are nobody's but the admins'. */
  publicPages: PublicPages;
}

export const ADMIN_BLOG_PAGE_SIZE = 20;

export const BLOG_AUDIT_ACTIONS = {
  create: "admin.blog.create",
  edit: "admin.blog.edit",
  publish: "admin.blog.publish",
  unpublish: "admin.blog.unpublish",
  delete: "admin.blog.delete",
} as const;
type BlogAuditAction = (typeof BLOG_AUDIT_ACTIONS)[keyof typeof BLOG_AUDIT_ACTIONS];

type Outcome<T> = Promise<Result<T, BlogError>>;

const clean = (text: string): string => withoutControlCharacters(text).trim();

/**
 * The texts as they will be stored: trimmed, without control characters, each within its bound;
 * the English title is required and the slug, when left empty, is made from it.
 */
export function checkPostText(input: BlogPostText): Result<BlogPostText, BlogError> {
  const pick = (field: Record<BlogLanguage, string>) => ({ en: clean(field.en), fr: clean(field.fr) });
  const text = { title: pick(input.title), excerpt: pick(input.excerpt), body: pick(input.body) };
  // A title in at least one language: an article may be written in French only (issue 33).
  if (text.title.en === "" && text.title.fr === "") return err(blogError("blog.title_required"));
  for (const language of BLOG_LANGUAGES) {
    if (text.title[language].length > POST_TITLE_MAX) return err(blogError("blog.title_too_long", { max: POST_TITLE_MAX, language }));
    if (text.excerpt[language].length > POST_EXCERPT_MAX)
      return err(blogError("blog.excerpt_too_long", { max: POST_EXCERPT_MAX, language }));
    if (text.body[language].length > POST_BODY_MAX) return err(blogError("blog.body_too_long", { max: POST_BODY_MAX, language }));
  }
  const typed = clean(input.slug).toLowerCase();
  const slug = typed === "" ? slugify(text.title.en || text.title.fr) : typed;
  if (!isValidSlug(slug)) return err(blogError("blog.invalid_slug", { max: POST_SLUG_MAX }));
  return ok({ slug, ...text });
}

/** What the audit row keeps of a post: its address, titles, excerpts, cover, publication, and the bodies' lengths. */
function snapshot(p: BlogPost) {
  return {
    slug: p.slug,
    titleEn: p.title.en,
    titleFr: p.title.fr,
    excerptEn: p.excerpt.en,
    excerptFr: p.excerpt.fr,
    bodyEnChars: p.body.en.length,
    bodyFrChars: p.body.fr.length,
    cover: p.coverStorageKey,
    publishedAt: p.publishedAt?.toISOString() ?? null,
  };
}

async function audit(
  repos: BlogRepos,
  deps: BlogAdminDeps,
  adminId: string,
  action: BlogAuditAction,
  before: BlogPost | null,
  after: BlogPost | null,
  at: Date,
) {
  const id = (before ?? after)!.id;
  await repos.audit.record({
    id: deps.ids.id(),
    actorId: adminId,
    action,
    data: auditData(`blog_post:${id}`, before ? snapshot(before) : null, after ? snapshot(after) : null),
    at,
  });
}

/** The size rule of a cover, the same on Save and on Preview. */
function coverTooLarge(bytes: Uint8Array): BlogError | null {
  return bytes.byteLength > MAX_PHOTO_BYTES ? blogError("blog.photo_too_large", { max: MAX_PHOTO_BYTES / (1024 * 1024) }) : null;
}

/** A new cover through the photo pipeline, or null when none was sent. */
async function storeCover(deps: BlogAdminDeps, bytes: Uint8Array | null): Outcome<string | null> {
  if (!bytes || bytes.byteLength === 0) return ok(null);
  const tooLarge = coverTooLarge(bytes);
  if (tooLarge) return err(tooLarge);
  const saved = await deps.photos.save(bytes);
  if (!saved.ok) return err(blogError(saved.reason === "unsupported_format" ? "blog.photo_unsupported_format" : "blog.photo_unreadable"));
  return ok(saved.photo.storageKey);
}

/**
 * The cover's bytes for a save: a file chosen now wins; else the temporary upload a preview kept
 * (`coverUpload`), read only when its key has the exact shape of one; else none.
 */
async function coverBytes(
  deps: BlogAdminDeps,
  cover: Uint8Array | null,
  coverUpload: string | null | undefined,
): Outcome<Uint8Array | null> {
  if (cover && cover.byteLength > 0) return ok(cover);
  if (!coverUpload) return ok(null);
  if (!coverUploadTime(coverUpload)) return err(blogError("blog.invalid_cover_upload"));
  const kept = await deps.coverUploads.get(coverUpload);
  return kept ? ok(kept.bytes) : err(blogError("blog.cover_upload_expired"));
}

/** Deletes the temporary upload a save used (a new file chosen instead leaves it to expire). */
async function dropUpload(deps: BlogAdminDeps, coverUpload: string | null | undefined): Promise<void> {
  if (coverUpload && coverUploadTime(coverUpload)) await deps.coverUploads.delete(coverUpload);
}

/**
 * Keeps the cover chosen before a preview as a temporary upload, checked by the same rules as a
 * save (size, then the photo pipeline, whose output is removed again), and answers its key; with
 * no new file, the key of an earlier preview's upload (checked), or null. Uploads older than a day are deleted on the way (decision 0233).
 */
async function keepCoverForPreview(
  deps: BlogAdminDeps,
  input: { cover: Uint8Array | null; coverUpload?: string | null },
): Outcome<string | null> {
  const bytes = input.cover;
  if (!bytes || bytes.byteLength === 0) {
    // No new file: the one kept by an earlier preview stays, if it is one.
    if (!input.coverUpload) return ok(null);
    return coverUploadTime(input.coverUpload) ? ok(input.coverUpload) : err(blogError("blog.invalid_cover_upload"));
  }
  const checked = await storeCover(deps, bytes);
  if (!checked.ok) return checked;
  if (checked.value) await deps.photos.remove(checked.value);
  const now = deps.clock.now();
  const key = coverUploadKey(now, deps.ids.id());
  await deps.coverUploads.put(key, bytes);
  for (const old of await deps.coverUploads.list(COVER_UPLOAD_PREFIX)) {
    const at = coverUploadTime(old);
    if (old !== key && (!at || now.getTime() - at.getTime() > COVER_UPLOAD_TTL_MS)) await deps.coverUploads.delete(old);
  }
  return ok(key);
}

/** A temporary cover upload (its bytes and image type), for its thumbnail on the admin's form. */
export async function readKeptCover(deps: BlogAdminDeps, key: string): Outcome<{ bytes: Uint8Array; contentType: string }> {
  if (!coverUploadTime(key)) return err(blogError("blog.invalid_cover_upload"));
  const kept = await deps.coverUploads.get(key);
  return kept ? ok(kept) : err(blogError("blog.cover_upload_expired"));
}

/** Runs the transaction; a new cover file is removed again when it refuses or throws. */
async function withNewCover<T>(deps: BlogAdminDeps, cover: string | null, work: () => Outcome<T>): Outcome<T> {
  let outcome: Result<T, BlogError>;
  try {
    outcome = await work();
  } catch (error) {
    if (cover) await deps.photos.remove(cover);
    throw error;
  }
  if (!outcome.ok && cover) await deps.photos.remove(cover);
  return outcome;
}

/** A new draft (not on the public blog until published), by `authorName`. */
export async function createDraftPost(
  deps: BlogAdminDeps,
  input: { adminId: string; authorName: string; text: BlogPostText; cover: Uint8Array | null; coverUpload?: string | null },
): Outcome<BlogPost> {
  const text = checkPostText(input.text);
  if (!text.ok) return text;
  if (await deps.posts.slugTaken(text.value.slug, null)) return err(blogError("blog.slug_conflict"));
  const bytes = await coverBytes(deps, input.cover, input.coverUpload);
  if (!bytes.ok) return bytes;
  const cover = await storeCover(deps, bytes.value);
  if (!cover.ok) return cover;
  const created = await withNewCover(deps, cover.value, () =>
    deps.uow.run(async (repos) => {
      const now = deps.clock.now();
      const post: BlogPost = {
        id: deps.ids.id(),
        authorName: input.authorName,
        coverStorageKey: cover.value,
        publishedAt: null,
        createdAt: now,
        ...text.value,
      };
      if ((await repos.posts.save(post)) === "slug_taken") return err(blogError("blog.slug_conflict"));
      await audit(repos, deps, input.adminId, BLOG_AUDIT_ACTIONS.create, null, post, now);
      return ok(post);
    }),
  );
  if (created.ok) await dropUpload(deps, input.coverUpload);
  return created;
}

/**
 * New texts (and a new cover, or none with `removeCover`) for a post, draft or published: a
 * published post stays published with its date.
 */
export async function editPost(
  deps: BlogAdminDeps,
  input: {
    adminId: string;
    postId: string;
    text: BlogPostText;
    cover: Uint8Array | null;
    coverUpload?: string | null;
    removeCover: boolean;
  },
): Outcome<BlogPost> {
  const text = checkPostText(input.text);
  if (!text.ok) return text;
  if (!(await deps.posts.findById(input.postId))) return err(blogError("blog.post_not_found"));
  if (await deps.posts.slugTaken(text.value.slug, input.postId)) return err(blogError("blog.slug_conflict"));
  const bytes = await coverBytes(deps, input.cover, input.coverUpload);
  if (!bytes.ok) return bytes;
  const cover = await storeCover(deps, bytes.value);
  if (!cover.ok) return cover;
  const outcome = await withNewCover(deps, cover.value, () =>
    deps.uow.run(async (repos): Outcome<{ before: BlogPost; after: BlogPost }> => {
      const before = await repos.posts.lock(input.postId);
      if (!before) return err(blogError("blog.post_not_found"));
      const coverStorageKey = cover.value ?? (input.removeCover ? null : before.coverStorageKey);
      const after: BlogPost = { ...before, ...text.value, coverStorageKey };
      if ((await repos.posts.save(after)) === "slug_taken") return err(blogError("blog.slug_conflict"));
      await audit(repos, deps, input.adminId, BLOG_AUDIT_ACTIONS.edit, before, after, deps.clock.now());
      return ok({ before, after });
    }),
  );
  if (!outcome.ok) return outcome;
  await dropUpload(deps, input.coverUpload);
  const { before, after } = outcome.value;
  if (before.coverStorageKey && before.coverStorageKey !== after.coverStorageKey) await deps.photos.remove(before.coverStorageKey);
  if (after.publishedAt !== null) deps.publicPages.changed();
  return ok(after);
}

/**
 * Sets a post's publication date in one unit of work with its audit row; `decide` answers the new
 * date (null: a draft) from the post as locked, or a refusal.
 */
function changePublication(
  deps: BlogAdminDeps,
  input: { adminId: string; postId: string },
  action: BlogAuditAction,
  decide: (before: BlogPost, now: Date) => Result<Date | null, BlogError>,
): Outcome<BlogPost> {
  return publicChange(
    deps.publicPages,
    deps.uow.run(async (repos) => {
      const now = deps.clock.now();
      const before = await repos.posts.lock(input.postId);
      if (!before) return err(blogError("blog.post_not_found"));
      const publishedAt = decide(before, now);
      if (!publishedAt.ok) return publishedAt;
      const after: BlogPost = { ...before, publishedAt: publishedAt.value };
      if ((await repos.posts.save(after)) === "slug_taken") return err(blogError("blog.slug_conflict"));
      await audit(repos, deps, input.adminId, action, before, after, now);
      return ok(after);
    }),
  );
}

/** Puts a draft on the public blog, dated now. It needs the title, excerpt and body in English or in French. */
export function publishPost(deps: BlogAdminDeps, input: { adminId: string; postId: string }): Outcome<BlogPost> {
  return changePublication(deps, input, BLOG_AUDIT_ACTIONS.publish, (before, now) => {
    if (isPublished(before, now)) return err(blogError("blog.already_published"));
    if (!BLOG_LANGUAGES.some((language) => completeIn(before, language))) return err(blogError("blog.incomplete"));
    return ok(now);
  });
}

/** Takes a post off the public blog (back to a draft); its text and cover stay. */
export function unpublishPost(deps: BlogAdminDeps, input: { adminId: string; postId: string }): Outcome<BlogPost> {
  return changePublication(deps, input, BLOG_AUDIT_ACTIONS.unpublish, (before) =>
    before.publishedAt === null ? err(blogError("blog.not_published")) : ok(null),
  );
}

/** Deletes a post for good (the audit row keeps what it was); its cover file goes after commit. */
export async function deletePost(deps: BlogAdminDeps, input: { adminId: string; postId: string }): Outcome<BlogPost> {
  const outcome = await deps.uow.run(async (repos): Outcome<BlogPost> => {
    const before = await repos.posts.lock(input.postId);
    if (!before) return err(blogError("blog.post_not_found"));
    await repos.posts.delete(before.id);
    await audit(repos, deps, input.adminId, BLOG_AUDIT_ACTIONS.delete, before, null, deps.clock.now());
    return ok(before);
  });
  if (outcome.ok && outcome.value.coverStorageKey) await deps.photos.remove(outcome.value.coverStorageKey);
  if (outcome.ok && outcome.value.publishedAt !== null) deps.publicPages.changed();
  return outcome;
}

/** The admin list: drafts and published posts, newest first; a page past the end shows the last one. */
export function listPostsForAdmin(deps: { posts: BlogPostRepository }, input: { page: number }): Promise<ListPage<BlogPost>> {
  return readPageOrLast(input.page, ADMIN_BLOG_PAGE_SIZE, async (offset, limit) => {
    const { posts, total } = await deps.posts.listAll(offset, limit);
    return { items: posts, total };
  });
}

/** One post, draft or published, for its edit page. */
export async function getPostForAdmin(deps: { posts: BlogPostRepository }, postId: string): Outcome<BlogPost> {
  const post = await deps.posts.findById(postId);
  return post ? ok(post) : err(blogError("blog.post_not_found"));
}

export interface PostPreview {
  slug: string;
  languages: Record<BlogLanguage, { title: string; excerpt: string; html: string }>;
}

/**
 * A preview (below) that keeps the chosen cover, or the one an earlier preview kept, as a
 * temporary upload (keepCoverForPreview), so a save after it stores that cover. Nothing else is stored.
 */
export async function previewWithCover(
  deps: BlogAdminDeps,
  input: { text: BlogPostText; cover: Uint8Array | null; coverUpload?: string | null },
): Outcome<{ preview: PostPreview; coverUpload: string | null }> {
  const preview = previewPost(deps, input.text);
  if (!preview.ok) return preview;
  const kept = await keepCoverForPreview(deps, input);
  if (!kept.ok) return kept;
  return ok({ preview: preview.value, coverUpload: kept.value });
}

/**
 * The texts as readers would see them, through the same safe renderer as /blog/{slug}, each
 * language with the public page's fallback to English. Nothing is stored.
 */
export function previewPost(deps: { markdown: MarkdownRenderer }, input: BlogPostText): Result<PostPreview, BlogError> {
  const text = checkPostText(input);
  if (!text.ok) return text;
  const { title, excerpt, body } = text.value;
  const view = (language: BlogLanguage) => ({
    title: inLanguage(title, language),
    excerpt: inLanguage(excerpt, language),
    html: deps.markdown.toSafeHtml(inLanguage(body, language)),
  });
  return ok({ slug: text.value.slug, languages: { en: view("en"), fr: view("fr") } });
}
