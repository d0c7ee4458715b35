import type { Insertable, Kysely, Selectable } from "kysely";
import type { BlogPost } from "#domain/blog/blog-post.entity";
import type { BlogPostRepository, BlogRepos } from "#domain/blog/blog-post-repository.port";
import type { UnitOfWork } from "#domain/shared/transaction";
import type { BlogPostsTable, Database } from "../db/schema";
import { KyselyAccountAuditLog } from "./kysely-account-audit-log";
import { asUniqueViolation, withSavepoint } from "./kysely-booking-unique-violation";

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

const toRow = (p: BlogPost): Insertable<BlogPostsTable> => ({
  id: p.id,
  slug: p.slug,
  author_name: p.authorName,
  cover_storage_key: p.coverStorageKey,
  title_en: p.title.en,
  title_fr: p.title.fr,
  excerpt_en: p.excerpt.en,
  excerpt_fr: p.excerpt.fr,
  body_en: p.body.en,
  body_fr: p.body.fr,
  published_at: p.publishedAt?.toISOString() ?? null,
  created_at: p.createdAt.toISOString(),
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

  async findById(id: string): Promise<BlogPost | null> {
    const row = await this.db.selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toPost(row) : null;
  }

  async lock(id: string): Promise<BlogPost | null> {
    // The portable row lock used elsewhere: a no-op update, held until the transaction ends.
    await this.db
      .updateTable("blog_posts")
      .set((eb) => ({ slug: eb.ref("slug") }))
      .where("id", "=", id)
      .execute();
    return this.findById(id);
  }

  async listAll(offset: number, limit: number): Promise<{ posts: BlogPost[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom("blog_posts")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom("blog_posts")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    return { posts: rows.map(toPost), total: Number(count.n) };
  }

  async slugTaken(slug: string, exceptId: string | null): Promise<boolean> {
    let q = this.db.selectFrom("blog_posts").select("id").where("slug", "=", slug);
    if (exceptId !== null) q = q.where("id", "<>", exceptId);
    return (await q.limit(1).executeTakeFirst()) !== undefined;
  }

  async save(post: BlogPost): Promise<"saved" | "slug_taken"> {
    const row = toRow(post);
    const { id: _id, created_at: _created, ...changes } = row;
    // The unique index on slug decides a race between two admins choosing the same slug.
    return withSavepoint(
      this.db,
      async () => {
        await this.db
          .insertInto("blog_posts")
          .values(row)
          .onConflict((oc) => oc.column("id").doUpdateSet(changes))
          .execute();
        return "saved" as const;
      },
      (error) => asUniqueViolation(error) !== null,
      "slug_taken" as const,
    );
  }

  async delete(id: string): Promise<boolean> {
    // The seed records each demo cover as a photo row too; it goes with its post.
    await this.db.deleteFrom("photos").where("owner_type", "=", "blog_post").where("owner_id", "=", id).execute();
    const result = await this.db.deleteFrom("blog_posts").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

/** An admin change to a post and its audit row in one database transaction. */
export function kyselyBlogUnitOfWork(db: Kysely<Database>): UnitOfWork<BlogRepos> {
  return {
    run: (work) =>
      db.transaction().execute((trx) => work({ posts: new KyselyBlogPostRepository(trx), audit: new KyselyAccountAuditLog(trx) })),
  };
}
