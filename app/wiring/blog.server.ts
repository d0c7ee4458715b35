// Wiring of the public blog (domain/blog): published posts, rendered from Markdown. Writing them is
// the blogAdmin module's (blog-admin.server.ts). Composed into Services (as `blog`).
import type { BlogPostRepository } from "#domain/blog/blog-post-repository.port";
import type { MarkdownRenderer } from "#domain/blog/markdown-renderer.port";
import type { Clock } from "#domain/shared/clock";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { KyselyBlogPostRepository } from "#infrastructure/repositories/kysely-blog-post-repository";
import { MarkdownItRenderer } from "#infrastructure/markdown/markdown-it-renderer";

/** For listPublishedPosts and postBySlug. */
export interface BlogModule {
  posts: BlogPostRepository;
  clock: Clock;
  markdown: MarkdownRenderer;
}

export function createBlogModule(database: DatabaseHandle, clock: Clock): BlogModule {
  return { posts: new KyselyBlogPostRepository(database.db), clock, markdown: new MarkdownItRenderer() };
}
