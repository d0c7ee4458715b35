import type { Clock } from "../shared/clock";
import { readPageOrNotFound, type ListPage } from "../shared/paging";
import { err, ok, type Result } from "../shared/result";
import { BLOG_PAGE_SIZE, inLanguage, readingMinutes, type BlogLanguage, type BlogPost } from "./blog-post.entity";
import { blogError, type BlogError } from "./blog.errors";
import type { BlogPostRepository } from "./blog-post-repository.port";
import type { MarkdownRenderer } from "./markdown-renderer.port";

export interface BlogPostCard {
  slug: string;
  title: string;
  excerpt: string;
  coverStorageKey: string | null;
  publishedAt: Date;
  readingMinutes: number;
  authorName: string;
}

export type BlogPage = ListPage<BlogPostCard>;

export interface BlogArticle extends BlogPostCard {
  /** Safe HTML rendered from the post's Markdown. */
  html: string;
}

function card(post: BlogPost, language: BlogLanguage): BlogPostCard {
  return {
    slug: post.slug,
    title: inLanguage(post.title, language),
    excerpt: inLanguage(post.excerpt, language),
    coverStorageKey: post.coverStorageKey,
    // Only published posts reach here; the fallback keeps the type honest.
    publishedAt: post.publishedAt ?? post.createdAt,
    readingMinutes: readingMinutes(inLanguage(post.body, language)),
    authorName: post.authorName,
  };
}

/**
 * One page (6 posts) of published posts in the reader's language. Page 1 always exists, even
 * empty; a later page past the end is `blog.page_not_found` so the route can answer 404.
 */
export async function listPublishedPosts(
  deps: { posts: BlogPostRepository; clock: Clock },
  input: { language: BlogLanguage; page: number },
): Promise<Result<BlogPage, BlogError>> {
  const now = deps.clock.now();
  const found = await readPageOrNotFound(input.page, BLOG_PAGE_SIZE, async (offset, limit) => {
    const { posts, total } = await deps.posts.listPublished(now, offset, limit);
    return { items: posts.map((p) => card(p, input.language)), total };
  });
  return found ? ok(found) : err(blogError("blog.page_not_found"));
}

/** A published post with its body rendered to safe HTML. */
export async function postBySlug(
  deps: { posts: BlogPostRepository; clock: Clock; markdown: MarkdownRenderer },
  input: { slug: string; language: BlogLanguage },
): Promise<Result<BlogArticle, BlogError>> {
  const post = await deps.posts.findPublishedBySlug(input.slug, deps.clock.now());
  if (!post) return err(blogError("blog.post_not_found"));
  return ok({ ...card(post, input.language), html: deps.markdown.toSafeHtml(inLanguage(post.body, input.language)) });
}
