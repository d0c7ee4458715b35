import type { AuditLog } from "../accounts/audit-log.port";
import type { BlogPost } from "./blog-post.entity";

export interface BlogPostRepository {
  /** Posts published at or before `at`, newest first, one page of them, and how many there are. */
  listPublished(at: Date, offset: number, limit: number): Promise<{ posts: BlogPost[]; total: number }>;
  /** The post with this slug if it is published at `at`. */
  findPublishedBySlug(slug: string, at: Date): Promise<BlogPost | null>;

  // The admin's side (decision 0127).
  /** Any post, draft or published; null when there is none. */
  findById(id: string): Promise<BlogPost | null>;
  /** The post, held until the unit of work ends (two admins deciding at once run one after the other). */
  lock(id: string): Promise<BlogPost | null>;
  /** Every post, drafts too, newest created first (then id), one page of them and how many there are. */
  listAll(offset: number, limit: number): Promise<{ posts: BlogPost[]; total: number }>;
  /** Whether a post other than `exceptId` has this slug. */
  slugTaken(slug: string, exceptId: string | null): Promise<boolean>;
  /** Inserts or replaces the post (by id); the storage refuses a slug another post holds. */
  save(post: BlogPost): Promise<"saved" | "slug_taken">;
  /** False when there was no such post. */
  delete(id: string): Promise<boolean>;
}

/** One admin change: the post and its audit row, together or not at all. */
export interface BlogRepos {
  posts: BlogPostRepository;
  audit: AuditLog;
}
