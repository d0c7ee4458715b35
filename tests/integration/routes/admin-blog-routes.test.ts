// The admin's blog pages through their loaders and actions on a real database (SQLite, and
// PostgreSQL with TEST_DATABASE_URL): a draft with a cover, the preview, publish (then on /blog in
// French), unpublish and delete, each with its audit row and the page cache's change signal;
// translated refusals on their fields; another role's crafted post changes nothing.
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as contentRoute from "~/routes/admin+/content";
import * as newRoute from "~/routes/admin+/content_.posts.new";
import * as editRoute from "~/routes/admin+/content_.posts.$id";
import * as deleteRoute from "~/routes/admin+/content_.posts.$id_.delete";
import * as coverUploadRoute from "~/routes/admin+/content_.cover-upload";
import * as blogIndex from "~/routes/blog+/_index";
import * as blogPost from "~/routes/blog+/$slug";
import { POST_BODY_MAX, POST_TITLE_MAX, SLUG_PATTERN } from "#domain/blog/blog-post.entity";
import {
  createPersona,
  createRouteHarness,
  signedInJar,
  type CookieJar,
  type FormFields,
  type RouteHarness,
} from "../../support/route-harness";
import { databaseKinds } from "../../support/test-database";
import { CONTROL, RUNS, anyField, expectLocalRedirect, expectStatus, form, maybe, postForm } from "./fuzz-support";

const jpeg = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    "cover.jpg",
    { type: "image/jpeg" },
  );

const draft = (over: FormFields = {}): FormFields => ({
  intent: "save",
  slug: "",
  titleEn: "Finding a room near UB",
  titleFr: "Trouver une chambre près de l’UB",
  excerptEn: "Five tips for the new academic year.",
  excerptFr: "Cinq conseils pour la rentrée.",
  bodyEn: "## First\n\nVisit before you pay.",
  bodyFr: "## D’abord\n\nVisitez avant de payer.",
  ...over,
});

describe.each(databaseKinds())("admin blog routes (%s)", (kind) => {
  let h: RouteHarness;
  let admin: { id: string; jar: () => CookieJar };
  let others: CookieJar[];
  const audit = (action: string) => h.database.db.selectFrom("audit_log").selectAll().where("action", "=", action).execute();
  const row = (id: string) => h.database.db.selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirst();
  const idFrom = (location: string | null) => decodeURIComponent(/^\/admin\/content\/posts\/([^/?#]+)$/.exec(location ?? "")?.[1] ?? "");
  const edit = (id: string, fields: FormFields, jar = admin.jar()) =>
    h.post(editRoute, `/admin/content/posts/${id}`, fields, { jar, params: { id }, multipart: true });

  beforeAll(async () => {
    h = await createRouteHarness({ kind });
    const a = await createPersona(h, "admin");
    const adminJar = await signedInJar(h, a.id);
    admin = { id: a.id, jar: () => adminJar.clone() };
    others = [
      await signedInJar(h, (await createPersona(h, "approvedAgent")).id),
      await signedInJar(h, (await createPersona(h, "student")).id),
    ];
  });
  afterAll(async () => {
    await h?.close();
  });

  it("creates a draft with a cover, listed on /admin/content but not on /blog; publishes it, then /blog shows it in French; audited", async () => {
    const toldBeforeCreated = h.publicPageChanges();
    const created = await h.post(newRoute, "/admin/content/posts/new", draft({ cover: await jpeg() }), { jar: admin.jar() });
    expect(created.status).toBe(302);
    // A draft is on no public page: the visitors' pages are not told.
    expect(h.publicPageChanges() - toldBeforeCreated).toBe(0);
    const id = idFrom(created.location);
    const stored = await row(id);
    expect(stored).toMatchObject({ slug: "finding-a-room-near-ub", title_fr: "Trouver une chambre près de l’UB", published_at: null });
    expect(stored?.cover_storage_key).toMatch(/^photos\//);
    expect(
      fs.readdirSync(path.join(h.storageDir, "photos")).some((f) => f.startsWith(stored!.cover_storage_key!.slice("photos/".length))),
    ).toBe(true);

    const list = await h.get(contentRoute, "/admin/content", { jar: admin.jar() });
    expect(list.status).toBe(200);
    expect(list.data.posts[0]).toMatchObject({ id, title: "Finding a room near UB", publishedAt: null });
    const listFr = await h.get(contentRoute, "/admin/content?lng=fr", { jar: admin.jar() });
    expect(listFr.data.posts[0].title).toBe("Trouver une chambre près de l’UB");
    expect((await h.get(blogPost, "/blog/finding-a-room-near-ub", { params: { slug: "finding-a-room-near-ub" } })).status).toBe(404);

    const toldBeforePublished = h.publicPageChanges();
    const published = await edit(id, { intent: "publish" });
    expect(published.status).toBe(302);
    expect(published.location).toBe(`/admin/content/posts/${id}`);
    expect(h.publicPageChanges() - toldBeforePublished).toBe(1);
    const blog = await h.get(blogIndex, "/blog?lng=fr");
    expect(blog.data.blog.items[0]).toMatchObject({
      slug: "finding-a-room-near-ub",
      title: "Trouver une chambre près de l’UB",
      excerpt: "Cinq conseils pour la rentrée.",
    });
    const article = await h.get(blogPost, "/blog/finding-a-room-near-ub?lng=fr", { params: { slug: "finding-a-room-near-ub" } });
    expect(article.status).toBe(200);
    expect(article.data.post.html).toContain("<h2>D’abord</h2>");

    const [createdRow] = await audit("admin.blog.create");
    expect(createdRow.actor_id).toBe(admin.id);
    expect(JSON.parse(createdRow.data)).toMatchObject({ target: `blog_post:${id}`, before: null });
    const [publishRow] = await audit("admin.blog.publish");
    const data = JSON.parse(publishRow.data);
    expect(JSON.parse(data.before).publishedAt).toBeNull();
    expect(JSON.parse(data.after).publishedAt).toBe((await row(id))?.published_at);

    // Twice: a translated 409, no second row.
    const again = await edit(id, { intent: "publish" });
    expect(again.status).toBe(409);
    expect(again.data.formError).toBe("This article is already published.");
    expect(await audit("admin.blog.publish")).toHaveLength(1);
  });

  it("previews through the safe renderer without storing anything, and keeps the typed values", async () => {
    const before = await h.database.db.selectFrom("blog_posts").select("id").execute();
    const toldBeforeR = h.publicPageChanges();
    const r = await h.post(
      newRoute,
      "/admin/content/posts/new",
      draft({ intent: "preview", slug: "preview-only", bodyFr: "# Titre\n\n<script>alert(1)</script> [x](javascript:alert(1))" }),
      { jar: admin.jar() },
    );
    expect(r.status).toBe(200);
    expect(h.publicPageChanges() - toldBeforeR).toBe(0);
    expect(r.data.preview.slug).toBe("preview-only");
    expect(r.data.preview.languages.en.html).toContain("<h2>First</h2>");
    const fr = r.data.preview.languages.fr.html as string;
    expect(fr).toContain("<h1>Titre</h1>");
    expect(fr).not.toMatch(/<script|href="javascript:/);
    expect(r.data.reply.initialValue.slug).toBe("preview-only");
    expect(await h.database.db.selectFrom("blog_posts").select("id").execute()).toEqual(before);
  });

  it("answers refusals on their fields, translated: a taken slug (409), a bad one, no title in either language, too long, a cover that is not an image", async () => {
    const cases: [FormFields, number, string, RegExp][] = [
      [draft({ slug: "finding-a-room-near-ub" }), 409, "slug", /already uses this address/],
      [draft({ slug: "Bad Slug!" }), 400, "slug", /lowercase letters/],
      // A title in English or in French (issue 33): neither is refused, on the English field.
      [draft({ titleEn: "   ", titleFr: " " }), 400, "titleEn", /in English or in French/],
      [draft({ titleEn: undefined, titleFr: undefined }), 400, "titleEn", /in English or in French/],
      [draft({ titleFr: "x".repeat(POST_TITLE_MAX + 1) }), 400, "titleFr", /^admin-blog:errors\.tooLong$/],
      [
        draft({ slug: "cover-test", cover: new File(["#!/bin/sh"], "cover.jpg", { type: "image/jpeg" }) }),
        400,
        "cover",
        /JPEG, PNG or WebP/,
      ],
    ];
    for (const [fields, status, field, message] of cases) {
      const r = await h.post(newRoute, "/admin/content/posts/new", fields, { jar: admin.jar(), multipart: true });
      expect(r.status, field).toBe(status);
      expect(r.data.reply.error[field]?.[0], field).toMatch(message);
    }
    const fr = await h.post(newRoute, "/admin/content/posts/new?lng=fr", draft({ slug: "finding-a-room-near-ub" }), { jar: admin.jar() });
    expect(fr.data.reply.error.slug[0]).toBe("Un autre article utilise déjà cette adresse. Choisissez-en une autre.");
    expect(await h.database.db.selectFrom("blog_posts").select("id").where("slug", "<>", "finding-a-room-near-ub").execute()).toHaveLength(
      0,
    );
  });

  it("keeps a cover chosen before a preview as a temporary upload, saves it with the post, then deletes it (decision 0233)", async () => {
    const uploads = () => {
      const dir = path.join(h.storageDir, "private", "blog-cover-uploads");
      return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.endsWith(".content-type")) : [];
    };
    // An upload older than a day is deleted when the next one is stored.
    const stale = `blog-cover-uploads/${Date.now() - 25 * 60 * 60 * 1000}-0123456789abcdef`;
    fs.mkdirSync(path.join(h.storageDir, "private", "blog-cover-uploads"), { recursive: true });
    fs.writeFileSync(path.join(h.storageDir, "private", stale), "old");
    const previewed = await h.post(
      newRoute,
      "/admin/content/posts/new",
      draft({ intent: "preview", slug: "kept-cover", cover: await jpeg() }),
      {
        jar: admin.jar(),
      },
    );
    expect(previewed.status).toBe(200);
    const key = previewed.data.coverUpload as string;
    expect(key).toMatch(/^blog-cover-uploads\/\d+-[0-9a-f-]{36}$/);
    expect(uploads()).toEqual([key.slice("blog-cover-uploads/".length)]);
    const thumb = await h.get(coverUploadRoute, `/admin/content/cover-upload?key=${encodeURIComponent(key)}`, { jar: admin.jar() });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("Content-Type")).toBe("image/jpeg");
    expect(
      (await h.get(coverUploadRoute, `/admin/content/cover-upload?key=${encodeURIComponent(key)}`, { jar: others[1].clone() })).status,
    ).not.toBe(200);

    const saved = await h.post(newRoute, "/admin/content/posts/new", draft({ slug: "kept-cover", coverUpload: key }), {
      jar: admin.jar(),
      multipart: true,
    });
    expect(saved.status).toBe(302);
    expect((await row(idFrom(saved.location)))?.cover_storage_key).toMatch(/^photos\//);
    expect(uploads()).toEqual([]);
  });

  it("refuses a crafted coverUpload key with a translated 400, reading nothing", async () => {
    fs.writeFileSync(path.join(h.storageDir, "private", "x"), "secret");
    for (const key of ["../../x", "x", "blog-cover-uploads/../x", "/etc/passwd", "blog-cover-uploads/1-short"]) {
      const r = await h.post(newRoute, "/admin/content/posts/new", draft({ slug: "crafted-key", coverUpload: key }), {
        jar: admin.jar(),
        multipart: true,
      });
      expect(r.status, key).toBe(400);
      expect(r.data.reply.error[""]?.[0] ?? r.data.reply.error.cover?.[0], key).toMatch(/Choose the file again/);
      const thumb = await h.get(coverUploadRoute, `/admin/content/cover-upload?key=${encodeURIComponent(key)}`, { jar: admin.jar() });
      expect(thumb.status, key).toBe(400);
    }
    const fr = await h.post(newRoute, "/admin/content/posts/new?lng=fr", draft({ slug: "crafted-key", coverUpload: "../../x" }), {
      jar: admin.jar(),
    });
    expect(fr.status).toBe(400);
    expect(JSON.stringify(fr.data.reply.error)).toContain("Choisissez à nouveau le fichier");
    expect(await h.database.db.selectFrom("blog_posts").select("id").where("slug", "=", "crafted-key").execute()).toHaveLength(0);
  });

  it("edits, unpublishes (gone from /blog) and deletes after the no-JavaScript confirmation page; each audited", async () => {
    const created = await h.post(newRoute, "/admin/content/posts/new", draft({ slug: "to-remove", titleEn: "To remove" }), {
      jar: admin.jar(),
    });
    const id = idFrom(created.location);
    const page = await h.get(editRoute, `/admin/content/posts/${id}`, { jar: admin.jar(), params: { id } });
    expect(page.data.defaults).toMatchObject({ slug: "to-remove", titleEn: "To remove" });
    const saved = await edit(id, draft({ slug: "to-remove", titleEn: "Renamed", bodyEn: "New text" }));
    expect(saved.status).toBe(302);
    expect(await row(id)).toMatchObject({ title_en: "Renamed", body_en: "New text" });
    expect(await audit("admin.blog.edit")).toHaveLength(1);

    await edit(id, { intent: "publish" });
    expect((await h.get(blogPost, "/blog/to-remove", { params: { slug: "to-remove" } })).status).toBe(200);
    const toldBeforeUnpublished = h.publicPageChanges();
    const unpublished = await edit(id, { intent: "unpublish" });
    expect(unpublished.status).toBe(302);
    expect(h.publicPageChanges() - toldBeforeUnpublished).toBe(1);
    expect((await h.get(blogPost, "/blog/to-remove", { params: { slug: "to-remove" } })).status).toBe(404);

    const confirm = await h.get(deleteRoute, `/admin/content/posts/${id}/delete`, { jar: admin.jar(), params: { id } });
    expect(confirm.status).toBe(200);
    expect(confirm.data).toMatchObject({ id, title: "Delete “Renamed”?" });
    const toldBeforeDeleted = h.publicPageChanges();
    const deleted = await edit(id, { intent: "delete" });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/admin/content");
    // Unpublished already: deleting the draft changes no public page.
    expect(h.publicPageChanges() - toldBeforeDeleted).toBe(0);
    expect(await row(id)).toBeUndefined();
    const [deleteRow] = await audit("admin.blog.delete");
    expect(JSON.parse(deleteRow.data)).toMatchObject({ target: `blog_post:${id}`, after: null });
    expect((await h.get(editRoute, `/admin/content/posts/${id}`, { jar: admin.jar(), params: { id } })).status).toBe(404);
    expect((await h.get(deleteRoute, `/admin/content/posts/${id}/delete`, { jar: admin.jar(), params: { id } })).status).toBe(404);
    expect((await edit(id, { intent: "delete" })).status).toBe(404);
    expect((await edit(id, draft())).status).toBe(404);
  });

  it("refuses every blog action to an agent and a student, changing nothing", async () => {
    const [target] = await h.database.db.selectFrom("blog_posts").selectAll().execute();
    const before = await h.database.db.selectFrom("blog_posts").selectAll().orderBy("id").execute();
    const auditCount = (await h.database.db.selectFrom("audit_log").select("id").execute()).length;
    for (const jar of others) {
      const created = await h.post(newRoute, "/admin/content/posts/new", draft({ slug: "intruder" }), { jar: jar.clone() });
      expect(created.location).toBe("/admin/unauthorized");
      for (const intent of ["unpublish", "delete"]) {
        const r = await edit(target.id, { intent }, jar.clone());
        expect(r.location).toBe("/admin/unauthorized");
      }
    }
    expect(await h.database.db.selectFrom("blog_posts").selectAll().orderBy("id").execute()).toEqual(before);
    expect(await h.database.db.selectFrom("audit_log").select("id").execute()).toHaveLength(auditCount);
  });

  it(`${RUNS} fuzzed posts to the new and edit pages: never a 500, only local redirects, every stored post within the rules`, async () => {
    const created = await h.post(newRoute, "/admin/content/posts/new", draft({ slug: "fuzz-target" }), { jar: admin.jar() });
    const id = idFrom(created.location);
    const fields = form({
      intent: maybe(fc.constantFrom("save", "preview", "publish", "unpublish", "delete")),
      slug: maybe(fc.constantFrom("", "fuzz-target", "finding-a-room-near-ub", "a-b-c", "Ab", "x".repeat(81))),
      titleEn: maybe(fc.constantFrom("A title", "Étudiant 😀", "t".repeat(POST_TITLE_MAX))),
      titleFr: anyField,
      excerptEn: maybe(fc.constantFrom("", "Short")),
      excerptFr: anyField,
      bodyEn: maybe(fc.constantFrom("", "Body", "<img src=x onerror=alert(1)>", "b".repeat(POST_BODY_MAX + 1))),
      bodyFr: anyField,
      removeCover: maybe(fc.constantFrom("on", "off")),
      cover: anyField,
    });
    await fc.assert(
      fc.asyncProperty(fields, fc.boolean(), async (body, onEdit) => {
        const r = onEdit
          ? await postForm(h, editRoute, `/admin/content/posts/${id}`, body, { jar: admin.jar(), params: { id }, multipart: true })
          : await postForm(h, newRoute, "/admin/content/posts/new", body, { jar: admin.jar(), multipart: true });
        expectStatus(r, [200, 302, 400, 404, 409], onEdit ? "edit" : "new");
        expectLocalRedirect(r);
      }),
      { numRuns: RUNS },
    );
    for (const post of await h.database.db.selectFrom("blog_posts").selectAll().execute()) {
      expect(post.slug).toMatch(SLUG_PATTERN);
      expect(post.title_en.trim()).not.toBe("");
      expect(post.title_fr.length).toBeLessThanOrEqual(POST_TITLE_MAX);
      expect(post.body_en.length).toBeLessThanOrEqual(POST_BODY_MAX);
      expect(post.title_en + post.title_fr + post.body_fr).not.toMatch(CONTROL);
    }
  }, 120_000);
});
