// /sitemap.xml: the public pages, every visible listing, guest house, published post and approved
// agent, each with its French alternate (?lng=fr).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { NEIGHBOURHOODS } from "#domain/listings/buea";
import { languageUrl } from "~/utils/seo";

const STATIC_PATHS = [
  "/",
  "/listings",
  "/guest-houses",
  "/agents",
  "/agents/top-rated",
  "/blog",
  "/contact",
  "/faq",
  "/terms",
  "/privacy",
  "/terms-agents",
];

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

function urlEntry(appUrl: string, path: string, lastModified?: string | null): string {
  const en = escapeXml(languageUrl(appUrl, path, "en"));
  const fr = escapeXml(languageUrl(appUrl, path, "fr"));
  const lastmod =
    lastModified && !Number.isNaN(Date.parse(lastModified)) ? `<lastmod>${new Date(lastModified).toISOString()}</lastmod>` : "";
  return (
    `<url><loc>${en}</loc>${lastmod}` +
    `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>` +
    `<xhtml:link rel="alternate" hreflang="fr" href="${fr}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${en}"/></url>`
  );
}

export async function loader({ context }: LoaderFunctionArgs) {
  const { listings, sitemap, publicConfig } = context.services;
  const appUrl = publicConfig.appUrl;
  const entries = await sitemap.entries(listings.clock.now());
  const paths: Array<[string, string | null]> = [
    ...STATIC_PATHS.map((p): [string, null] => [p, null]),
    ...NEIGHBOURHOODS.map((n): [string, null] => [`/listings?${new URLSearchParams({ n })}`, null]),
    ...entries.listings.map((e): [string, string | null] => [`/listings/${encodeURIComponent(e.key)}`, e.lastModified]),
    ...entries.guestHouses.map((e): [string, string | null] => [`/guest-house/${encodeURIComponent(e.key)}`, e.lastModified]),
    ...entries.posts.map((e): [string, string | null] => [`/blog/${encodeURIComponent(e.key)}`, e.lastModified]),
    ...entries.agents.map((e): [string, string | null] => [`/agent/${encodeURIComponent(e.key)}`, e.lastModified]),
  ];
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    paths.map(([path, lastModified]) => urlEntry(appUrl, path, lastModified)).join("\n") +
    `\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
