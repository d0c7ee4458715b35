import { beforeEach, describe, expect, it } from "vitest";
import { readingMinutes, type BlogPost } from "#domain/blog/blog-post.entity";
import { listPublishedPosts, postBySlug } from "#domain/blog/blog.queries";
import { InMemoryBlogPostRepository } from "#domain/blog/in-memory-blog-post-repository";
import type { MarkdownRenderer } from "#domain/blog/markdown-renderer.port";
import { DAY_MS, FixedClock } from "#domain/shared/clock";

const NOW = new Date("2026-11-20T09:00:00Z");
const post = (n: number, over: Partial<BlogPost> = {}): BlogPost => ({
  id: `post-${String(n).padStart(2, "0")}`,
  slug: `post-${n}`,
  authorName: "KamerNest team",
  coverStorageKey: `blog/${n}.webp`,
  title: { en: `Title ${n}`, fr: `Titre ${n}` },
  excerpt: { en: `Excerpt ${n}`, fr: `Extrait ${n}` },
  body: { en: `Body ${n} in English`, fr: `Corps ${n} en français` },
  publishedAt: new Date(NOW.getTime() - n * DAY_MS),
  createdAt: new Date(NOW.getTime() - 30 * DAY_MS),
  ...over,
});

/** Stands in for the Markdown library: shows what it was given. */
const markdown: MarkdownRenderer = { toSafeHtml: (s) => `<p>rendered:${s}</p>` };

describe("blog", () => {
  let posts: InMemoryBlogPostRepository;
  const clock = new FixedClock(NOW);
  beforeEach(() => {
    posts = new InMemoryBlogPostRepository();
  });

  it("lists published posts newest first, 6 per page, in the reader's language", async () => {
    for (let n = 1; n <= 8; n++) posts.put(post(n));
    posts.put(post(9, { publishedAt: null }));
    posts.put(post(10, { publishedAt: new Date(NOW.getTime() + DAY_MS) }));

    const first = await listPublishedPosts({ posts, clock }, { language: "fr", page: 1 });
    if (!first.ok) throw new Error("page 1");
    expect(first.value).toMatchObject({ total: 8, page: 1, pageCount: 2 });
    expect(first.value.items.map((i) => i.slug)).toEqual(["post-1", "post-2", "post-3", "post-4", "post-5", "post-6"]);
    expect(first.value.items[0]).toEqual({
      slug: "post-1",
      title: "Titre 1",
      excerpt: "Extrait 1",
      coverStorageKey: "blog/1.webp",
      publishedAt: new Date(NOW.getTime() - DAY_MS),
      readingMinutes: 1,
      authorName: "KamerNest team",
    });
    const second = await listPublishedPosts({ posts, clock }, { language: "en", page: 2 });
    expect(second.ok && second.value.items.map((i) => [i.slug, i.title])).toEqual([
      ["post-7", "Title 7"],
      ["post-8", "Title 8"],
    ]);
  });

  it("answers page 1 when there are no posts and page_not_found past the end", async () => {
    expect(await listPublishedPosts({ posts, clock }, { language: "en", page: 1 })).toEqual({
      ok: true,
      value: { items: [], total: 0, page: 1, pageCount: 1 },
    });
    posts.put(post(1));
    expect(await listPublishedPosts({ posts, clock }, { language: "en", page: 2 })).toEqual({
      ok: false,
      error: { code: "blog.page_not_found" },
    });
    const odd = await listPublishedPosts({ posts, clock }, { language: "en", page: 0 });
    expect(odd.ok && odd.value.page).toBe(1);
  });

  it("falls back to English when the French text is missing", async () => {
    posts.put(post(1, { title: { en: "Water in Molyko", fr: "  " }, excerpt: { en: "Tips", fr: "" }, body: { en: "Buy a tank", fr: "" } }));
    const page = await listPublishedPosts({ posts, clock }, { language: "fr", page: 1 });
    expect(page.ok && page.value.items[0]).toMatchObject({ title: "Water in Molyko", excerpt: "Tips" });
    const article = await postBySlug({ posts, clock, markdown }, { slug: "post-1", language: "fr" });
    expect(article.ok && article.value.html).toBe("<p>rendered:Buy a tank</p>");
  });

  it("gives a published post with its body rendered by the Markdown port", async () => {
    posts.put(post(1));
    expect(await postBySlug({ posts, clock, markdown }, { slug: "post-1", language: "fr" })).toEqual({
      ok: true,
      value: {
        slug: "post-1",
        title: "Titre 1",
        excerpt: "Extrait 1",
        coverStorageKey: "blog/1.webp",
        publishedAt: new Date(NOW.getTime() - DAY_MS),
        readingMinutes: 1,
        authorName: "KamerNest team",
        html: "<p>rendered:Corps 1 en français</p>",
      },
    });
  });

  it("hides drafts, scheduled posts and unknown slugs", async () => {
    posts.put(post(1, { publishedAt: null }));
    posts.put(post(2, { publishedAt: new Date(NOW.getTime() + 1000) }));
    for (const slug of ["post-1", "post-2", "nope"]) {
      expect(await postBySlug({ posts, clock, markdown }, { slug, language: "en" })).toEqual({
        ok: false,
        error: { code: "blog.post_not_found" },
      });
    }
  });

  it("counts reading time as words / 200 rounded up, at least 1", () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes(words(200))).toBe(1);
    expect(readingMinutes(words(201))).toBe(2);
    expect(readingMinutes(words(1000))).toBe(5);
    // Markup and link targets are not words.
    expect(readingMinutes(`# ${words(199)}\n\n- [one](https://a.very.long/url/with/many/parts)\n\n---`)).toBe(1);
    expect(readingMinutes(`${words(200)} [link](https://x.cm)`)).toBe(2);
  });
});
