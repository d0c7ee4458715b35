import type { BlogPost } from "./blog-post.entity";

export interface BlogPostRepository {
  /** Posts published at or before `at`, newest first, one page of them, and how many there are. */
  listPublished(at: Date, offset: number, limit: number): Promise<{ posts: BlogPost[]; total: number }>;
  /** The post with this slug if it is published at `at`. */
  findPublishedBySlug(slug: string, at: Date): Promise<BlogPost | null>;
}
