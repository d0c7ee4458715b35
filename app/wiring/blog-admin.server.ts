// Wiring of the admin's blog (domain/blog/manage-blog-posts.use-cases.ts): the Kysely repository,
// one transaction per change with its audit row, the agents' photo pipeline for covers and the
// blog's safe Markdown renderer for previews. Composed into Services as `blogAdmin`.
import type { BlogAdminDeps } from "#domain/blog/manage-blog-posts.use-cases";
import type { CoverUploadStorage } from "#domain/blog/cover-uploads";
import type { FileStorage } from "#infrastructure/storage/file-storage";
import { detectImageFormat } from "#infrastructure/photos/photo-upload";
import type { PhotoStore } from "#domain/property-management/photo-store.port";
import type { PublicPages } from "#domain/shared/public-pages.port";
import { systemClock } from "#domain/shared/clock";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { uuidIds } from "#infrastructure/auth/crypto-secret-tokens";
import { MarkdownItRenderer } from "#infrastructure/markdown/markdown-it-renderer";
import { KyselyBlogPostRepository, kyselyBlogUnitOfWork } from "#infrastructure/repositories/kysely-blog-post-repository";

export type BlogAdminModule = BlogAdminDeps;

export function createBlogAdminModule(
  database: DatabaseHandle,
  photos: PhotoStore,
  publicPages: PublicPages,
  privateFiles: FileStorage,
): BlogAdminModule {
  return {
    coverUploads: coverUploadsIn(privateFiles),
    uow: kyselyBlogUnitOfWork(database.db),
    posts: new KyselyBlogPostRepository(database.db),
    photos,
    markdown: new MarkdownItRenderer(),
    clock: systemClock,
    ids: uuidIds,
    publicPages,
  };
}

/** The temporary covers of previews in private storage, each stored with the image type its bytes are. */
function coverUploadsIn(files: FileStorage): CoverUploadStorage {
  return {
    put: (key, bytes) => files.put(key, bytes, `image/${detectImageFormat(bytes) ?? "jpeg"}`),
    get: (key) => files.get(key),
    delete: (key) => files.delete(key),
    list: (prefix) => files.list(prefix),
  };
}
