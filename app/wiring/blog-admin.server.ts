// Wiring of the admin's blog (domain/blog/manage-blog-posts.use-cases.ts): the Kysely repository,
// one transaction per change with its audit row, the agents' photo pipeline for covers and the
// blog's safe Markdown renderer for previews. Composed into Services as `blogAdmin`.
import type { BlogAdminDeps } from "#domain/blog/manage-blog-posts.use-cases";
import type { PhotoStore } from "#domain/property-management/photo-store.port";
import type { PublicPages } from "#domain/shared/public-pages.port";
import { systemClock } from "#domain/shared/clock";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { uuidIds } from "#infrastructure/auth/crypto-secret-tokens";
import { MarkdownItRenderer } from "#infrastructure/markdown/markdown-it-renderer";
import { KyselyBlogPostRepository, kyselyBlogUnitOfWork } from "#infrastructure/repositories/kysely-blog-post-repository";

export type BlogAdminModule = BlogAdminDeps;

export function createBlogAdminModule(database: DatabaseHandle, photos: PhotoStore, publicPages: PublicPages): BlogAdminModule {
  return {
    uow: kyselyBlogUnitOfWork(database.db),
    posts: new KyselyBlogPostRepository(database.db),
    photos,
    markdown: new MarkdownItRenderer(),
    clock: systemClock,
    ids: uuidIds,
    publicPages,
  };
}
