// A short-lived in-memory cache of the public pages a visitor (no session cookie) sees.
//
// Rendering a listings page costs a few database queries and a React render; a page that 50
// students open in the same minute is the same page. Visitors' pages hold nothing personal, so
// the server keeps each one for a few seconds (the spec lets data be 5 minutes stale) and answers
// from memory. The CSP nonce changes on every response: the cache keeps the page cut at the
// nonce and joins it with the new one. Any state-changing request (a POST by anyone) empties the
// cache, so a new listing or a report shows at once. Signed-in pages are never cached.
import type { NextFunction, Request, Response } from "express";

const SESSION_COOKIE = /(?:^|;\s*)kn_session=/;
const cookieValue = (cookies: string, name: string) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(cookies)?.[1] ?? "";

interface CachedPage {
  /** The HTML split at the nonce it was rendered with. */
  parts: string[];
  contentType: string;
  storedAt: number;
}

export interface PageCacheOptions {
  ttlMs: number;
  maxEntries: number;
  maxBytes?: number;
  now?: () => number;
}

export function pageCache({ ttlMs, maxEntries, maxBytes = 512 * 1024, now = Date.now }: PageCacheOptions) {
  const pages = new Map<string, CachedPage>();

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET") {
      // A write may change what any page shows: start afresh once it is done.
      if (req.method !== "HEAD" && req.method !== "OPTIONS") res.on("finish", () => pages.clear());
      return next();
    }
    const cookies = req.headers.cookie ?? "";
    if (ttlMs <= 0 || SESSION_COOKIE.test(cookies)) return next();

    // Everything a visitor's page depends on: the URL, the language and theme cookies, the
    // language the browser asks for (when no cookie says it), and Save-Data.
    const key = [
      req.originalUrl,
      cookieValue(cookies, "kn_lang"),
      cookieValue(cookies, "kn_theme"),
      /^\s*fr/i.test(req.get("Accept-Language") ?? "") ? "fr" : "",
      req.get("Save-Data")?.toLowerCase() === "on" ? "save-data" : "",
    ].join("|");
    const nonce = String(res.locals.cspNonce ?? "");

    const hit = pages.get(key);
    if (hit && now() - hit.storedAt < ttlMs) {
      // Refresh its place, so the least recently used page goes first.
      pages.delete(key);
      pages.set(key, hit);
      res.status(200);
      res.setHeader("Content-Type", hit.contentType);
      res.setHeader("X-Page-Cache", "hit");
      res.end(hit.parts.join(nonce));
      return;
    }

    const originalWrite = res.write.bind(res) as (...args: unknown[]) => boolean;
    const originalEnd = res.end.bind(res) as (...args: unknown[]) => Response;
    const chunks: Buffer[] = [];
    let size = 0;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function" || size > maxBytes) return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      size += buffer.length;
      chunks.push(buffer);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return originalWrite(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      const contentType = String(res.getHeader("Content-Type") ?? "");
      const cacheable =
        res.statusCode === 200 && /^text\/html/i.test(contentType) && !res.getHeader("Set-Cookie") && size <= maxBytes && nonce !== "";
      if (cacheable) {
        const parts = Buffer.concat(chunks).toString("utf8").split(nonce);
        if (pages.size >= maxEntries) pages.delete(pages.keys().next().value as string);
        pages.set(key, { parts, contentType, storedAt: now() });
      }
      return originalEnd(chunk, ...rest);
    }) as Response["end"];
    next();
  };

  return Object.assign(middleware, { clear: () => pages.clear(), size: () => pages.size });
}
