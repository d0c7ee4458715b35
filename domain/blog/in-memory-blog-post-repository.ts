import type { InMemoryAuditLog } from "../accounts/in-memory-account-repositories";
import type { UnitOfWork } from "../shared/transaction";
import type { BlogPost } from "./blog-post.entity";
import type { BlogPostRepository, BlogRepos } from "./blog-post-repository.port";

const copy = (p: BlogPost): BlogPost => structuredClone(p);

export class InMemoryBlogPostRepository implements BlogPostRepository {
  posts: BlogPost[] = [];

  put(post: BlogPost): void {
    this.posts.push(post);
  }

  private published(at: Date): BlogPost[] {
    return this.posts
      .filter((p) => p.publishedAt !== null && p.publishedAt <= at)
      .sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || b.id.localeCompare(a.id));
  }

  async listPublished(at: Date, offset: number, limit: number): Promise<{ posts: BlogPost[]; total: number }> {
    const all = this.published(at);
    return { posts: all.slice(offset, offset + limit).map(copy), total: all.length };
  }

  async findPublishedBySlug(slug: string, at: Date): Promise<BlogPost | null> {
    const found = this.published(at).find((p) => p.slug === slug);
    return found ? copy(found) : null;
  }

  async findById(id: string): Promise<BlogPost | null> {
    const found = this.posts.find((p) => p.id === id);
    return found ? copy(found) : null;
  }

  lock(id: string): Promise<BlogPost | null> {
    return this.findById(id);
  }

  async listAll(offset: number, limit: number): Promise<{ posts: BlogPost[]; total: number }> {
    const all = [...this.posts].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    return { posts: all.slice(offset, offset + limit).map(copy), total: all.length };
  }

  async slugTaken(slug: string, exceptId: string | null): Promise<boolean> {
    return this.posts.some((p) => p.slug === slug && p.id !== exceptId);
  }

  async save(post: BlogPost): Promise<"saved" | "slug_taken"> {
    // The unique index's rule, checked here on every write like the database does.
    if (this.posts.some((p) => p.slug === post.slug && p.id !== post.id)) return "slug_taken";
    const at = this.posts.findIndex((p) => p.id === post.id);
    // A stored post keeps its creation date, as the database's upsert does.
    if (at >= 0) this.posts[at] = { ...copy(post), createdAt: this.posts[at].createdAt };
    else this.posts.push(copy(post));
    return "saved";
  }

  async delete(id: string): Promise<boolean> {
    const before = this.posts.length;
    this.posts = this.posts.filter((p) => p.id !== id);
    return this.posts.length < before;
  }
}

/** All or nothing: a thrown error restores the posts and the audit rows from before. */
export class InMemoryBlogUnitOfWork implements UnitOfWork<BlogRepos> {
  constructor(
    readonly posts: InMemoryBlogPostRepository,
    readonly audit: InMemoryAuditLog,
  ) {}
  async run<T>(work: (repos: BlogRepos) => Promise<T>): Promise<T> {
    const before = { posts: this.posts.posts.map(copy), audit: this.audit.snapshot() };
    try {
      return await work({ posts: this.posts, audit: this.audit });
    } catch (e) {
      this.posts.posts = before.posts;
      this.audit.restore(before.audit);
      throw e;
    }
  }
}
