import type { Kysely, Selectable } from "kysely";
import type { BlogPost } from "../../domain/blog/blog-post.entity";
import type { BlogPostRepository } from "../../domain/blog/blog-post-repository.port";
import type { BlogPostsTable, Database } from "../db/schema";

const toPost = (r: Selectable<BlogPostsTable>): BlogPost => ({
  id: r.id,
  slug: r.slug,
  authorName: r.author_name,
  coverStorageKey: r.cover_storage_key,
  title: { en: r.title_en, fr: r.title_fr },
  excerpt: { en: r.excerpt_en, fr: r.excerpt_fr },
  body: { en: r.body_en, fr: r.body_fr },
  publishedAt: r.published_at ? new Date(r.published_at) : null,
  createdAt: new Date(r.created_at),
});

export class KyselyBlogPostRepository implements BlogPostRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private published(at: Date) {
    return this.db.selectFrom("blog_posts").where("published_at", "is not", null).where("published_at", "<=", at.toISOString());
  }

  async listPublished(at: Date, offset: number, limit: number): Promise<{ posts: BlogPost[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.published(at).selectAll().orderBy("published_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
      this.published(at)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    return { posts: rows.map(toPost), total: Number(count.n) };
  }

  async findPublishedBySlug(slug: string, at: Date): Promise<BlogPost | null> {
    const row = await this.published(at).selectAll().where("slug", "=", slug).executeTakeFirst();
    return row ? toPost(row) : null;
  }
}
