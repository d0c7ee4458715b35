import type { BlogPost } from "./blog-post.entity";
import type { BlogPostRepository } from "./blog-post-repository.port";

export class InMemoryBlogPostRepository implements BlogPostRepository {
  readonly posts: BlogPost[] = [];

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
    return { posts: all.slice(offset, offset + limit), total: all.length };
  }

  async findPublishedBySlug(slug: string, at: Date): Promise<BlogPost | null> {
    return this.published(at).find((p) => p.slug === slug) ?? null;
  }
}
