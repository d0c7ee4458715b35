export const BLOG_LANGUAGES = ["en", "fr"] as const;
export type BlogLanguage = (typeof BLOG_LANGUAGES)[number];
export const isBlogLanguage = (value: string): value is BlogLanguage => (BLOG_LANGUAGES as readonly string[]).includes(value);

export const BLOG_PAGE_SIZE = 6;
export const WORDS_PER_MINUTE = 200;

/** A post as stored: both languages side by side. */
export interface BlogPost {
  id: string;
  slug: string;
  authorName: string;
  coverStorageKey: string | null;
  title: Record<BlogLanguage, string>;
  excerpt: Record<BlogLanguage, string>;
  /** Markdown. */
  body: Record<BlogLanguage, string>;
  publishedAt: Date | null;
  createdAt: Date;
}

/** The text in the reader's language, or the other language's when it is missing (an article may be French only). */
export const inLanguage = (text: Record<BlogLanguage, string>, language: BlogLanguage): string =>
  text[language].trim() !== "" ? text[language] : text[language === "en" ? "fr" : "en"];

/** Whether the article is complete in `language`: its title, summary and text are written. */
export const completeIn = (post: Pick<BlogPostText, "title" | "excerpt" | "body">, language: BlogLanguage): boolean =>
  post.title[language].trim() !== "" && post.excerpt[language].trim() !== "" && post.body[language].trim() !== "";

/** Minutes to read a Markdown text: words / 200, rounded up, at least 1. Link targets are not words. */
export function readingMinutes(markdown: string): number {
  const prose = markdown.replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1");
  // A word has a letter or digit: list bullets, "#" and "---" do not count.
  const words = prose.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

// What an admin may write (decision 0127). Lengths in characters, after trimming.
export const POST_SLUG_MAX = 80;
export const POST_TITLE_MAX = 140;
export const POST_EXCERPT_MAX = 300;
export const POST_BODY_MAX = 20_000;

/** A post's address under /blog/: lowercase a-z and 0-9 in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isValidSlug = (slug: string): boolean => slug.length <= POST_SLUG_MAX && SLUG_PATTERN.test(slug);

/**
 * A slug from a title: accents dropped ("Étudiant" → "etudiant"), anything not a-z or 0-9 becomes
 * one hyphen, cut to POST_SLUG_MAX without a trailing hyphen. Empty when nothing usable is left.
 */
export function slugify(title: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return words.slice(0, POST_SLUG_MAX).replace(/-+$/, "");
}

/** The texts an admin writes, both languages side by side; `slug` empty means "from the English title". */
export interface BlogPostText {
  slug: string;
  title: Record<BlogLanguage, string>;
  excerpt: Record<BlogLanguage, string>;
  body: Record<BlogLanguage, string>;
}

/** Published means readers can see it: a date, and not in the future. */
export const isPublished = (post: Pick<BlogPost, "publishedAt">, at: Date): boolean => post.publishedAt !== null && post.publishedAt <= at;
