// A short-lived in-memory cache of the public pages a visitor (no session cookie) sees.
//
// Rendering a listings page costs a few database queries and a React render; a page that 50
// students open in the same minute is the same page. Visitors' pages hold nothing personal, so
// the server keeps each one for a few seconds (the spec lets data be 5 minutes stale) and answers
// from memory (docs/decisions/0006-visitor-page-cache.md). The CSP nonce changes on every
// response: the cache keeps the page cut at the nonce and joins it with the new one.
// A static page (rendered without a nonce: docs/decisions/0132) is the same bytes for everyone:
// it is kept already compressed (gzip and Brotli, made once off the main thread) with its ETag,
// and answered as stored bytes, the encoding chosen by Accept-Encoding.
//
// - The key holds the language the app renders the request in, chosen by the app's own rule
//   (app/language.server.ts: ?lng=, then the cookie, then Accept-Language by q-value), so a French
//   page is never given to a reader the app would answer in English. A page whose
//   Content-Language says otherwise is not stored.
// - A hit replays the page's own headers (Content-Language, Vary, Cache-Control, Link, ...), not
//   only its type; the security headers and the ETag are made fresh for each response as usual.
// - It is emptied only after a write that changed something: a non-error response to a non-GET
//   request carrying the app's "data changed" signal (app/utils/data-changed.server.ts). A refused
//   webhook, a form with errors or a language switch leave it warm.
// Signed-in pages are never cached.
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { htmlEtag, isStaticPage, matchesIfNoneMatch } from "./caching";
import type { SharedCacheGeneration } from "../infrastructure/jobs/kysely-cache-generation";
import { detectLanguage } from "../app/language.server";
import { DATA_CHANGED_HEADER } from "../app/utils/data-changed.server";

const SESSION_COOKIE = /(?:^|;\s*)kn_session=/;
const cookieValue = (cookies: string, name: string) => new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(cookies)?.[1] ?? "";

/**
 * Headers never replayed from memory: they belong to one response (length, framing, date, cookies),
 * are made fresh by the middleware in front (the nonce'd policy; the ETag, computed from the body by
 * server/caching.ts), or are the cache's own.
 */
const NOT_REPLAYED = new Set([
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "set-cookie",
  "etag",
  "content-security-policy",
  "x-page-cache",
  // Each answer has its own (server/request-id.ts): a stored page must not repeat the first one's.
  "x-request-id",
  DATA_CHANGED_HEADER.toLowerCase(),
]);

type StoredHeaders = [string, string | string[]][];

/** A page with a nonce: the HTML split at the nonce it was rendered with. */
interface NonceCachedPage {
  kind: "nonce";
  parts: string[];
  headers: StoredHeaders;
  storedAt: number;
}

/** A static page: the same bytes for everyone, in each encoding, with its policy and ETag. */
interface StaticCachedPage {
  kind: "bytes";
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer };
  etag: string;
  headers: StoredHeaders;
  storedAt: number;
}

type CachedPage = NonceCachedPage | StaticCachedPage;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Both encodings, on libuv's thread pool. Brotli at 9: most of 11's gain for a fraction of its cost. */
async function compressed(identity: Buffer): Promise<StaticCachedPage["bodies"]> {
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: 9 }),
    brotliAsync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return { identity, gzip: gz, br };
}

/** Answers a stored static page: 304 when the browser holds it, else the bytes it can read. */
function sendStoredBytes(req: Request, res: Response, page: StaticCachedPage) {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("X-Page-Cache", "hit");
  res.vary("Accept-Encoding");
  if (matchesIfNoneMatch(req.headers["if-none-match"], page.etag)) {
    res.removeHeader("Content-Type");
    res.status(304).end();
    return;
  }
  // Brotli whenever the browser accepts it (it is the smaller), else gzip, else the plain bytes.
  // Browsers send no q-values here; an encoding refused with q=0 is not in the list.
  const accepted = req.acceptsEncodings() as string[];
  const encoding = accepted.includes("br") ? "br" : accepted.includes("gzip") ? "gzip" : "identity";
  const body = encoding === "br" ? page.bodies.br : encoding === "gzip" ? page.bodies.gzip : page.bodies.identity;
  if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.status(200).end(body);
}

export interface PageCacheOptions {
  ttlMs: number;
  maxEntries: number;
  maxBytes?: number;
  now?: () => number;
  /** The language the app renders a request in (tests may replace the app's rule). */
  languageOf?: (request: globalThis.Request) => Promise<string>;
  /**
   * Several instances on one database: a change made through any of them empties every
   * instance's cache (decision 0134). This instance bumps the shared counter after its own
   * changes and polls it every `pollMs`.
   */
  shared?: { generation: SharedCacheGeneration; pollMs: number; onError?: (error: unknown) => void };
}

/** The request as the app sees it, for the language rule: URL, cookies and Accept-Language only. */
function fetchRequest(req: Request): globalThis.Request {
  const headers = new Headers();
  if (req.headers.cookie) headers.set("Cookie", req.headers.cookie);
  const acceptLanguage = req.get("Accept-Language");
  if (acceptLanguage) headers.set("Accept-Language", acceptLanguage);
  return new globalThis.Request(new URL(req.originalUrl, "http://localhost"), { headers });
}

export function pageCache({ ttlMs, maxEntries, maxBytes = 512 * 1024, now = Date.now, languageOf = detectLanguage, shared }: PageCacheOptions) {
  const pages = new Map<string, CachedPage>();
  // Bumped on every clear: a page whose render began before a change is not stored after it.
  let generation = 0;
  const clearHere = () => {
    pages.clear();
    generation++;
  };
  // The other instances hear of a change through the shared counter; if it cannot be bumped
  // (the database is away), they still drop the page when its TTL ends.
  const clear = () => {
    clearHere();
    shared?.generation.bump().catch(shared.onError ?? (() => {}));
  };
  // The language rule reads only ?lng=, the language cookie and Accept-Language; building a Fetch
  // Request to ask it cost more than the rest of a cache hit, and visitors send few distinct
  // combinations, so the answers are remembered (at most 1 000, then forgotten all at once).
  const languages = new Map<string, string>();
  const languageKey = (req: Request): string => {
    const lng = req.query.lng;
    return [typeof lng === "string" ? lng : JSON.stringify(lng ?? ""), cookieValue(req.headers.cookie ?? "", "kn_lang"), req.get("Accept-Language") ?? ""].join("\u0000");
  };
  const languageFor = async (req: Request): Promise<string> => {
    const key = languageKey(req);
    const known = languages.get(key);
    if (known !== undefined) return known;
    const language = await languageOf(fetchRequest(req));
    if (languages.size >= 1000) languages.clear();
    languages.set(key, language);
    return language;
  };
  let stopPolling = () => {};
  if (shared && ttlMs > 0) {
    let seen: number | null = null;
    let polling = false;
    const poll = () => {
      if (polling) return;
      polling = true;
      shared.generation
        .read()
        .then((value) => {
          if (seen !== null && value !== seen) clearHere();
          seen = value;
        })
        .catch(shared.onError ?? (() => {}))
        .finally(() => (polling = false));
    };
    poll();
    const timer = setInterval(poll, shared.pollMs);
    timer.unref();
    stopPolling = () => clearInterval(timer);
  }

  const afterWrite = (res: Response) => {
    // The signal is for this server only: it never reaches the browser.
    let changed = false;
    const take = () => {
      if (res.headersSent) return;
      if (res.getHeader(DATA_CHANGED_HEADER) !== undefined) changed = true;
      res.removeHeader(DATA_CHANGED_HEADER);
    };
    const originalWriteHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    res.writeHead = ((...args: unknown[]) => {
      take();
      return originalWriteHead(...args);
    }) as Response["writeHead"];
    // "close" also comes when the client went away after the change was made.
    res.on("close", () => {
      if (changed && res.statusCode < 400) clear();
    });
  };

  // Everything a visitor's page depends on: the URL, the language the app chose, the theme
  // cookie and Save-Data.
  const pageKey = (req: Request, language: string): string =>
    [req.originalUrl, language, cookieValue(req.headers.cookie ?? "", "kn_theme"), req.get("Save-Data")?.toLowerCase() === "on" ? "save-data" : ""].join("|");

  /**
   * The fast path, run before every other middleware (server/http-app.ts): a visitor's request for
   * a static page already stored, whose language rule's answer is already known, is answered with
   * the stored bytes and headers (the security headers and the static policy were stored with
   * them). False for anything else, which then goes through the whole chain as before.
   */
  const serveStored = (req: Request, res: Response): boolean => {
    if (req.method !== "GET" || ttlMs <= 0 || SESSION_COOKIE.test(req.headers.cookie ?? "")) return false;
    const language = languages.get(languageKey(req));
    if (language === undefined) return false;
    const key = pageKey(req, language);
    const hit = pages.get(key);
    if (!hit || hit.kind !== "bytes" || now() - hit.storedAt >= ttlMs) return false;
    pages.delete(key);
    pages.set(key, hit);
    sendStoredBytes(req, res, hit);
    return true;
  };

  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET") {
      if (req.method !== "HEAD" && req.method !== "OPTIONS") afterWrite(res);
      return next();
    }
    const cookies = req.headers.cookie ?? "";
    if (ttlMs <= 0 || SESSION_COOKIE.test(cookies)) return next();

    let language: string;
    try {
      language = await languageFor(req);
    } catch {
      // A URL or header the rule cannot read: render it, never cache it.
      return next();
    }
    const key = pageKey(req, language);
    const nonce = String(res.locals.cspNonce ?? "");

    const hit = pages.get(key);
    if (hit && now() - hit.storedAt < ttlMs) {
      // Refresh its place, so the least recently used page goes first.
      pages.delete(key);
      pages.set(key, hit);
      if (hit.kind === "bytes") return sendStoredBytes(req, res, hit);
      res.status(200);
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("X-Page-Cache", "hit");
      res.end(hit.parts.join(nonce));
      return;
    }

    const startedIn = generation;
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
      const contentLanguage = res.getHeader("Content-Language");
      const cacheable =
        res.statusCode === 200 &&
        /^text\/html/i.test(contentType) &&
        !res.getHeader("Set-Cookie") &&
        size <= maxBytes &&
        nonce !== "" &&
        // Rendered in another language than the key says: the rule and the page disagree, keep nothing.
        (contentLanguage === undefined || String(contentLanguage) === language) &&
        // A change happened while this page was rendered: it may show the old data.
        startedIn === generation;
      if (cacheable) {
        const body = Buffer.concat(chunks);
        const staticPage = isStaticPage(res) && !body.includes(nonce);
        const headers: StoredHeaders = [];
        for (const [name, value] of Object.entries(res.getHeaders())) {
          // A static page's policy has no nonce: it is the page's own and is kept with it.
          if (value === undefined || (NOT_REPLAYED.has(name) && !(staticPage && name === "content-security-policy"))) continue;
          headers.push([name, typeof value === "number" ? String(value) : value]);
        }
        const store = (page: CachedPage) => {
          if (startedIn !== generation) return;
          if (pages.size >= maxEntries) pages.delete(pages.keys().next().value as string);
          pages.set(key, page);
        };
        if (!staticPage) store({ kind: "nonce", parts: body.toString("utf8").split(nonce), headers, storedAt: now() });
        else {
          const storedAt = now();
          compressed(body).then(
            (bodies) => store({ kind: "bytes", bodies, etag: htmlEtag(body, ""), headers, storedAt }),
            () => undefined, // Not stored: the next request renders the page again.
          );
        }
      }
      return originalEnd(chunk, ...rest);
    }) as Response["end"];
    next();
  };

  return Object.assign(middleware, { clear, size: () => pages.size, stop: () => stopPolling(), serveStored });
}
