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

/** The text in the reader's language, or the English one when the translation is missing. */
export const inLanguage = (text: Record<BlogLanguage, string>, language: BlogLanguage): string =>
  text[language].trim() !== "" ? text[language] : text.en;

/** Minutes to read a Markdown text: words / 200, rounded up, at least 1. Link targets are not words. */
export function readingMinutes(markdown: string): number {
  const prose = markdown.replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1");
  // A word has a letter or digit: list bullets, "#" and "---" do not count.
  const words = prose.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
