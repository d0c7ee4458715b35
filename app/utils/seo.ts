// Per-page title, description, canonical URL, hreflang alternates and OpenGraph tags.
// Loaders translate the words (meta functions have no i18n) and return them as `seo`; the meta
// function adds what it knows from the root: the site's origin and the page's language.
import type { MetaDescriptor } from "@remix-run/node";

export interface PageSeo {
  title: string;
  description: string;
  /** Path and canonical query of the page, e.g. "/listings/abc" or "/blog?page=2". */
  path: string;
  /** A path (e.g. "/media/photos/x-1024.webp") or an absolute URL. */
  image?: string | null;
  imageAlt?: string;
  type?: "website" | "article";
  /** Pages that should not be indexed (personal or thin pages). */
  noindex?: boolean;
}

interface MatchLike {
  id: string;
  data?: unknown;
}

interface RootDataLike {
  language?: string;
  publicConfig?: { appUrl?: string };
}

export const SITE_NAME = "KamerNest";
const MAX_DESCRIPTION = 160;

/** The page's URL with ?lng=<language>, or the plain URL for English (the default). */
export function languageUrl(appUrl: string, path: string, language: string): string {
  const url = new URL(path, `${appUrl}/`);
  url.searchParams.delete("lng");
  if (language !== "en") url.searchParams.set("lng", language);
  return url.toString();
}

export function absoluteUrl(appUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${appUrl}/`).toString();
}

/** Shortens a description to fit a search result, on a word boundary. */
export function clampDescription(text: string, max = MAX_DESCRIPTION): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,.;:!?-]+$/, "")}…`;
}

/** Every head tag of a public page. */
export function seoMeta(seo: PageSeo | undefined, matches: readonly MatchLike[]): MetaDescriptor[] {
  const root = (matches.find((m) => m.id === "root")?.data ?? {}) as RootDataLike;
  if (!seo) return [{ title: SITE_NAME }];
  const language = root.language === "fr" ? "fr" : "en";
  const appUrl = (root.publicConfig?.appUrl ?? "http://localhost:3000").replace(/\/$/, "");
  const title = seo.title === SITE_NAME ? SITE_NAME : `${seo.title} · ${SITE_NAME}`;
  const description = clampDescription(seo.description);
  const canonical = languageUrl(appUrl, seo.path, language);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: languageUrl(appUrl, seo.path, "en") },
    { tagName: "link", rel: "alternate", hrefLang: "fr", href: languageUrl(appUrl, seo.path, "fr") },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: languageUrl(appUrl, seo.path, "en") },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:locale", content: language === "fr" ? "fr_FR" : "en_GB" },
    { property: "og:locale:alternate", content: language === "fr" ? "en_GB" : "fr_FR" },
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
  ];
  if (seo.image) {
    tags.push({ property: "og:image", content: absoluteUrl(appUrl, seo.image) });
    if (seo.imageAlt) tags.push({ property: "og:image:alt", content: seo.imageAlt });
  }
  if (seo.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no "</script>" can end it early. */
export function jsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
