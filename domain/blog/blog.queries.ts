import type { Clock } from "../shared/clock";
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

export interface BlogPage {
  items: BlogPostCard[];
  total: number;
  page: number;
  pageCount: number;
}

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
  const page = Number.isInteger(input.page) && input.page >= 1 ? input.page : 1;
  const { posts, total } = await deps.posts.listPublished(deps.clock.now(), (page - 1) * BLOG_PAGE_SIZE, BLOG_PAGE_SIZE);
  const pageCount = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  if (page > pageCount) return err(blogError("blog.page_not_found"));
  return ok({ items: posts.map((p) => card(p, input.language)), total, page, pageCount });
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
