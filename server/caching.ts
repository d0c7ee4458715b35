// HTTP caching of the HTML pages (docs/decisions/0105-html-etags-and-seo.md).
// - Visitors: `Cache-Control: no-cache` and a weak ETag, the hash of the page. A browser (or a
//   proxy) that already holds the page sends If-None-Match and gets a bodiless 304: on a slow,
//   expensive connection that is a few hundred bytes instead of the whole document. A static
//   page (no CSP nonce) may also be held by a shared cache for 5 s (decision 0132).
// - Signed-in users (a kn_session cookie): `Cache-Control: private, no-store`, no ETag. Their pages
//   carry their name and their data; nothing may keep or share them.
// - Every HTML page says what it varies on: `Vary: Accept-Encoding, Cookie, Accept-Language,
//   Save-Data` (the language rule reads ?lng=, the Cookie header and Accept-Language; the theme the
//   Cookie header; app/root.tsx Save-Data). The page cache answers a stored page with these headers
//   as the rendered page had them.
// Static assets are served before this middleware and keep their own (immutable) headers.
import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { endCompressed, storedEncoding } from "./page-compression";

/**
 * Whether the request may carry a session: its Cookie header names kn_session anywhere. Wider than
 * the app's reading on purpose: the cookie library the app parses with also reads `kn_session =…`
 * (a space before `=`), which a pattern of ours did not, and a page rendered for a signed-in user
 * then passed for a visitor's. A visitor never has the name in their cookies.
 */
export const mayBeSignedIn = (cookie: string | undefined): boolean => cookie !== undefined && cookie.includes("kn_session");

/** True when one of the If-None-Match tags is `etag` (weak comparison, as RFC 9110 asks for GET). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/**
 * The page's ETag. The CSP nonce changes on every response, so it is taken out before hashing:
 * two renders of the same page then hash the same.
 */
export function htmlEtag(body: Buffer, nonce: string): string {
  const hash = createHash("sha256");
  // The bytes between the nonce's occurrences, hashed in turn: no copy of the page as a string (a
  // static page has none at all, and decoding 50 KB to split it cost five times the hash itself).
  let from = 0;
  for (let at = nonce ? body.indexOf(nonce) : -1; at !== -1; at = body.indexOf(nonce, from)) {
    hash.update(body.subarray(from, at));
    from = at + Buffer.byteLength(nonce);
  }
  hash.update(body.subarray(from));
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/**
 * A static page (no nonce in its policy: the same bytes for every visitor) may be kept by a shared
 * cache (a reverse proxy, a CDN) for a few seconds, like our own page cache; browsers revalidate
 * it each time with its ETag. A page with a nonce is never shared: the nonce would be reused.
 */
export const SHARED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=5";

export const isStaticPage = (res: Response): boolean => {
  const policy = res.getHeader("Content-Security-Policy");
  return policy !== undefined && !String(policy).includes("'nonce-");
};

type WriteCallback = (error?: Error | null) => void;

function toBuffer(chunk: unknown, encoding?: BufferEncoding): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk), encoding ?? "utf8");
}

export interface HtmlCachingOptions {
  /** True while pages wait for their turn to render (server/admission.ts): pages are then compressed lighter. */
  rush?: () => boolean;
}

export function htmlCaching({ rush = () => false }: HtmlCachingOptions = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const signedIn = mayBeSignedIn(req.headers.cookie);
    const originalWrite = res.write.bind(res) as (...args: unknown[]) => boolean;
    const originalEnd = res.end.bind(res) as (...args: unknown[]) => Response;
    const chunks: Buffer[] = [];
    let buffering: boolean | null = null;

    /** Decided at the first byte, when the status and headers are known and not yet sent. */
    const decide = (): boolean => {
      if (buffering !== null) return buffering;
      const html = /^text\/html/i.test(String(res.getHeader("Content-Type") ?? ""));
      // Bytes the page cache stored already compressed come with their own headers and ETag.
      if (!html || res.headersSent || res.getHeader("Content-Encoding")) return (buffering = false);
      // The page depends on the language and theme cookies, Accept-Language and Save-Data.
      res.vary("Cookie");
      res.vary("Accept-Language");
      res.vary("Save-Data");
      if (signedIn) {
        res.setHeader("Cache-Control", "private, no-store");
        res.removeHeader("ETag");
      } else if (!res.getHeader("Cache-Control")) {
        res.setHeader("Cache-Control", isStaticPage(res) && !res.getHeader("Set-Cookie") ? SHARED_PAGE_CACHE_CONTROL : "no-cache");
      }
      // Every page is held whole, to be compressed in one piece (server/page-compression.ts).
      return (buffering = true);
    };

    res.write = ((chunk: unknown, encoding?: BufferEncoding | WriteCallback, callback?: WriteCallback) => {
      if (!decide()) return originalWrite(chunk, encoding, callback);
      const cb = typeof encoding === "function" ? encoding : callback;
      chunks.push(toBuffer(chunk, typeof encoding === "string" ? encoding : undefined));
      if (cb) process.nextTick(cb);
      return true;
    }) as Response["write"];

    res.end = ((chunk?: unknown, encoding?: BufferEncoding | WriteCallback, callback?: WriteCallback) => {
      if (typeof chunk === "function") return (res.end as (...args: unknown[]) => Response)(undefined, undefined, chunk);
      if (!decide()) return originalEnd(chunk, encoding, callback);
      const cb = typeof encoding === "function" ? encoding : callback;
      if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, typeof encoding === "string" ? encoding : undefined));
      // A page sent whole comes as one chunk: used as it is, not copied.
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      const send = (bytes: Buffer, done?: () => void) => originalEnd(bytes, undefined, done);
      const effort = rush() ? "rush" : "live";
      // Only a visitor's complete, successful page gets a validator; errors, redirects and
      // signed-in pages are not worth one (nothing may keep a signed-in page).
      if (signedIn || res.statusCode !== 200) {
        endCompressed(res, body, storedEncoding(req.headers["accept-encoding"]), send, cb, effort);
        return res;
      }
      const etag = htmlEtag(body, String(res.locals.cspNonce ?? ""));
      res.setHeader("ETag", etag);
      if (matchesIfNoneMatch(req.headers["if-none-match"], etag)) {
        res.statusCode = 304;
        for (const header of ["Content-Type", "Content-Length", "Transfer-Encoding"]) res.removeHeader(header);
        // The browser reuses the page it holds, whose scripts carry the nonce of *its* policy. A new
        // policy (with a new nonce) would be merged into the stored response and block them, so the
        // 304 keeps the stored one.
        res.removeHeader("Content-Security-Policy");
        return originalEnd(undefined, undefined, cb);
      }
      endCompressed(res, body, storedEncoding(req.headers["accept-encoding"]), send, cb, effort);
      return res;
    }) as Response["end"];

    next();
  };
}
