// The admin's blog post form (new and edit pages), one Zod schema shared by the page and its
// action; the lengths come from the domain, which checks them again after trimming. The cover is a
// file read beside the schema (a File never goes through Conform's reply).
import { z } from "zod";
import { POST_BODY_MAX, POST_EXCERPT_MAX, POST_SLUG_MAX, POST_TITLE_MAX, type BlogPostText } from "#domain/blog/blog-post.entity";

const TOO_LONG = "admin-blog:errors.tooLong";
const optional = (max: number) => z.string().max(max, TOO_LONG).optional();

export const blogPostFormSchema = z.object({
  intent: z.enum(["save", "preview"]),
  slug: optional(POST_SLUG_MAX),
  // A title in English or in French: the domain checks that one of them is there.
  titleEn: optional(POST_TITLE_MAX),
  titleFr: optional(POST_TITLE_MAX),
  excerptEn: optional(POST_EXCERPT_MAX),
  excerptFr: optional(POST_EXCERPT_MAX),
  bodyEn: optional(POST_BODY_MAX),
  bodyFr: optional(POST_BODY_MAX),
  removeCover: z.literal("on").optional(),
  // The key of the cover a preview kept (decision 0233); the domain checks its shape.
  coverUpload: z.string().max(200).optional(),
});
export type BlogPostForm = z.infer<typeof blogPostFormSchema>;

/** The buttons of the edit page other than the form's own (publish, unpublish, delete). */
export const blogPostDecisionSchema = z.object({ intent: z.enum(["publish", "unpublish", "delete"]) });

export const toPostText = (v: BlogPostForm): BlogPostText => ({
  slug: v.slug ?? "",
  title: { en: v.titleEn ?? "", fr: v.titleFr ?? "" },
  excerpt: { en: v.excerptEn ?? "", fr: v.excerptFr ?? "" },
  body: { en: v.bodyEn ?? "", fr: v.bodyFr ?? "" },
});

/** The cover sent with the form: its bytes, or null when no file was chosen (an empty file input). */
export async function coverOf(formData: FormData): Promise<Uint8Array | null> {
  const file = formData.get("cover");
  if (!(file instanceof File) || file.size === 0) return null;
  return new Uint8Array(await file.arrayBuffer());
}

/** The form field a domain refusal belongs to, or null for a form-wide message. */
export function blogFieldOf(code: string, params?: Record<string, string | number>): string | null {
  const language = params?.language === "fr" ? "Fr" : "En";
  switch (code) {
    case "blog.slug_conflict":
    case "blog.invalid_slug":
      return "slug";
    case "blog.title_required":
      return "titleEn";
    case "blog.title_too_long":
      return `title${language}`;
    case "blog.excerpt_too_long":
      return `excerpt${language}`;
    case "blog.body_too_long":
      return `body${language}`;
    case "blog.photo_too_large":
    case "blog.photo_unsupported_format":
    case "blog.photo_unreadable":
    case "blog.invalid_cover_upload":
    case "blog.cover_upload_expired":
      return "cover";
    default:
      return null;
  }
}
