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
// - The key holds what the app renders the page by, chosen by the app's own rules: the language
//   (app/language.server.ts: ?lng=, then the language cookie, then Accept-Language by q-value) and
//   the theme (app/theme.server.ts, the theme cookie), plus Save-Data. The rules' answers are
//   remembered by exactly what they read (the `lng` parameter as URLSearchParams reads it, the
//   whole Cookie header, Accept-Language), never by a pattern of ours: a cookie the app's parser
//   reads and a pattern would not (`kn_lang =…`) cannot file a French page under the key of
//   visitors without a language cookie (decision 0186). A page whose Content-Language says
//   otherwise than its key is not stored.
// - A request whose Cookie header names kn_session anywhere is not a visitor's: never answered
//   from memory, never stored, whatever the app's cookie parser makes of it.
// - A hit answers the page's own headers as the rendered page had them (Content-Language, Vary,
//   Cache-Control, Link, ...): they are read after the chain in front (server/caching.ts) set its
//   own; the ETag and the nonce'd policy are made fresh for each response as usual.
// - Stale while revalidate: when a page's TTL ends, the first request for it renders a new copy
//   and, while that one render runs, the others get the expired copy (X-Page-Cache: stale), so a
//   busy page is rendered once, not by every request that came in the meantime. An expired copy
//   is served for at most `staleMs` (the TTL again by default) past its TTL, and never after the
//   cache was emptied for a change: emptying drops the copies themselves (decision 0150).
// - It is emptied when the public pages changed: the use cases that change them say so through
//   the PublicPages port (domain/shared/public-pages.port.ts), whose adapter calls clear() here
//   and bumps the counter the other instances poll (`shared`). Nothing a request carries empties
//   it: a wishlist, a refused webhook, a form with errors or a language switch leave it warm.
// Signed-in pages are never cached.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { htmlEtag, isStaticPage, matchesIfNoneMatch, mayBeSignedIn } from "./caching";
import type { SharedCacheGeneration } from "#infrastructure/jobs/kysely-cache-generation";
import { detectLanguage } from "~/language.server";
import { getTheme } from "~/theme.server";
import { compressPage, storedEncoding } from "./page-compression";

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
  // The rendered answer's own compression; a stored page is answered in the encoding each request accepts.
  "content-encoding",
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
  /** Each answer's full header list, flat (answersFor). */
  answers: {
    notModified: Array<string | string[]>;
    br: Array<string | string[]>;
    gzip: Array<string | string[]>;
    identity: Array<string | string[]>;
  };
  storedAt: number;
}

type CachedPage = NonceCachedPage | StaticCachedPage;

/** True when `text` percent-decoded contains `word`, or cannot be decoded (then nobody can tell). */
function mayDecodeTo(text: string, word: string): boolean {
  try {
    return decodeURIComponent(text).includes(word);
  } catch {
    return true;
  }
}

/** Both encodings, on libuv's thread pool, at the effort a stored page is worth. */
async function compressed(identity: Buffer): Promise<StaticCachedPage["bodies"]> {
  const [gz, br] = await Promise.all([compressPage(identity, "gzip", "stored"), compressPage(identity, "br", "stored")]);
  return { identity, gzip: gz, br };
}

/** `Vary` with Accept-Encoding added, as res.vary() adds it. */
function varyWithEncoding(vary: string | undefined): string {
  if (!vary) return "Accept-Encoding";
  const fields = vary.split(",").map((f) => f.trim().toLowerCase());
  return fields.includes("*") || fields.includes("accept-encoding") ? vary : `${vary}, Accept-Encoding`;
}

/**
 * The whole header list of each answer a stored page can give, made once when it is stored:
 * (name, value, name, value, ...), as res.writeHead takes it, so a hit sets nothing one by one.
 */
function answersFor(headers: StoredHeaders, etag: string, bodies: StaticCachedPage["bodies"]): StaticCachedPage["answers"] {
  const common: Array<string | string[]> = [];
  let vary: string | undefined;
  for (const [name, value] of headers) {
    if (name === "vary") vary = Array.isArray(value) ? value.join(", ") : value;
    else common.push(name, value);
  }
  common.push("etag", etag, "x-page-cache", "hit", "vary", varyWithEncoding(vary));
  const withBody = (encoding: string | null, body: Buffer) => [
    ...common,
    ...(encoding ? ["content-encoding", encoding] : []),
    "content-length",
    String(body.length),
  ];
  const notModified: Array<string | string[]> = [];
  for (let i = 0; i < common.length; i += 2) if (common[i] !== "content-type") notModified.push(common[i], common[i + 1]);
  return { notModified, br: withBody("br", bodies.br), gzip: withBody("gzip", bodies.gzip), identity: withBody(null, bodies.identity) };
}

/**
 * Answers a stored static page: 304 when the browser holds it, else the bytes it can read.
 * `stale`: an expired copy served while another request renders the page (X-Page-Cache: stale).
 * `bare`: the request came straight from the http listener (no middleware touched `res`), so the
 * whole header list goes to writeHead at once; in Express's chain the headers are set one by one,
 * through whatever the middleware in front wrapped.
 */
function sendStoredBytes(
  req: IncomingMessage,
  res: ServerResponse,
  page: StaticCachedPage,
  bare: boolean,
  requestId?: string,
  stale = false,
) {
  const notModified = matchesIfNoneMatch(req.headers["if-none-match"], page.etag);
  const encoding = notModified ? null : storedEncoding(req.headers["accept-encoding"]);
  const stored = encoding ? page.answers[encoding] : page.answers.notModified;
  // An expired copy says so (rare: only while one request renders the page again).
  const headers = stale ? stored.map((value, i) => (i > 0 && stored[i - 1] === "x-page-cache" ? "stale" : value)) : stored;
  const status = notModified ? 304 : 200;
  const body = encoding ? page.bodies[encoding] : undefined;
  if (bare) {
    // The request id is this answer's own, never stored with the page (NOT_REPLAYED).
    res.writeHead(status, requestId ? [...headers, "X-Request-Id", requestId] : headers);
  } else {
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i] as string, headers[i + 1]);
    if (notModified) res.removeHeader("Content-Type");
    res.statusCode = status;
  }
  res.end(body);
}

export interface PageCacheOptions {
  ttlMs: number;
  /** How long past its TTL an expired copy may still be served while one request renders a new one (default: ttlMs). */
  staleMs?: number;
  maxEntries: number;
  maxBytes?: number;
  now?: () => number;
  /** The language the app renders a request in (tests may replace the app's rule). */
  languageOf?: (request: globalThis.Request) => Promise<string>;
  /**
   * Several instances on one database: a change made through any of them empties every
   * instance's cache (decision 0134). The instance that changed something bumps the shared
   * counter (infrastructure/jobs/public-pages-signal.ts); every instance polls it every `pollMs`.
   */
  shared?: { generation: Pick<SharedCacheGeneration, "read">; pollMs: number; onError?: (error: unknown) => void };
}

const BASE = "http://localhost";

/**
 * The `lng` parameter of `url` as the language rule reads it (`new URL(…).searchParams.get`), or
 * null when there is none; undefined when the URL cannot be read (then nobody can tell). A query
 * that cannot name `lng`, literally or percent-encoded, is not parsed.
 */
function lngOf(url: string): string | null | undefined {
  const at = url.indexOf("?");
  if (at === -1) return null;
  const search = url.slice(at + 1);
  if (!search.includes("lng") && !(search.includes("%") && mayDecodeTo(search, "lng"))) return null;
  try {
    return new URL(url, BASE).searchParams.get("lng");
  } catch {
    return undefined;
  }
}

/**
 * Everything the app's language and theme rules read of a request, as one string: the `lng`
 * parameter (null and empty kept apart), the whole Cookie header and Accept-Language, as Node
 * joined them and as the app receives them. Neither header can hold a NUL, so the parts cannot run
 * into each other. Undefined when the URL cannot be read.
 */
function readingInputs(url: string, req: IncomingMessage): string | undefined {
  const lng = lngOf(url);
  if (lng === undefined) return undefined;
  return `${lng === null ? "" : `=${lng}`}\u0000${req.headers.cookie ?? ""}\u0000${req.headers["accept-language"] ?? ""}`;
}

/** What the app's rules answered for a request: its language, and the part of the page key they decide. */
interface Reading {
  language: string;
  variant: string;
}

/** The request as the app sees it, for its rules: URL, cookies and Accept-Language only. */
function fetchRequest(req: IncomingMessage, url: string): globalThis.Request {
  const headers = new Headers();
  if (req.headers.cookie) headers.set("Cookie", req.headers.cookie);
  const acceptLanguage = req.headers["accept-language"];
  if (acceptLanguage) headers.set("Accept-Language", acceptLanguage);
  return new globalThis.Request(new URL(url, BASE), { headers });
}

export function pageCache({
  ttlMs,
  staleMs = ttlMs,
  maxEntries,
  maxBytes = 512 * 1024,
  now = Date.now,
  languageOf = detectLanguage,
  shared,
}: PageCacheOptions) {
  const pages = new Map<string, CachedPage>();
  // Keys of static pages whose compressed copies are being made.
  const compressing = new Set<string>();
  // Keys being rendered by a request the cache let through, each with that request's own token
  // (a render that ends only releases its own mark).
  const rendering = new Map<string, object>();
  // Bumped on every clear: a page whose render began before a change is not stored after it.
  let generation = 0;
  /** Empties this instance's cache: the public pages changed (here, or on another instance). */
  const clear = () => {
    // The copies go, expired ones with them: nothing made before the change is served after it.
    pages.clear();
    rendering.clear();
    generation++;
  };
  /** Fresh; expired but servable while another request renders the page; or not to be served. */
  const freshness = (key: string, page: CachedPage): "fresh" | "stale" | "none" => {
    const age = now() - page.storedAt;
    if (age < ttlMs) return "fresh";
    if (age < ttlMs + staleMs && (rendering.has(key) || compressing.has(key))) return "stale";
    return "none";
  };
  // The rules' answers by what they read (readingInputs): building a Fetch Request to ask them cost
  // more than the rest of a cache hit, and visitors send few distinct combinations. At most 1 000,
  // then forgotten all at once; a request whose answer is not known goes through Express, which asks.
  const readings = new Map<string, Reading>();
  const readingFor = async (req: IncomingMessage, url: string, inputs: string): Promise<Reading> => {
    const known = readings.get(inputs);
    if (known !== undefined) return known;
    const request = fetchRequest(req, url);
    const [language, theme] = await Promise.all([languageOf(request), getTheme(request)]);
    const reading = { language, variant: `${language}|${theme}` };
    if (readings.size >= 1000) readings.clear();
    readings.set(inputs, reading);
    return reading;
  };
  let stopPolling = () => {};
  // Settles once the shared counter has answered (or failed) for the first time: a page stored
  // before then is emptied by that answer, so a caller that needs a stored page to stay (a test)
  // waits for it.
  let firstPollSettled: Promise<void> = Promise.resolve();
  if (shared && ttlMs > 0) {
    let settleFirstPoll = () => {};
    firstPollSettled = new Promise<void>((resolve) => (settleFirstPoll = resolve));
    let seen: number | null = null;
    let polling = false;
    const poll = () => {
      if (polling) return;
      polling = true;
      shared.generation
        .read()
        .then((value) => {
          // The first answer empties the cache too: a page stored before it was made without
          // knowing the counter, and another instance may have changed data since (at start-up,
          // or when the database was away until now), which no later poll would show.
          if (seen === null || value !== seen) clear();
          seen = value;
        })
        .catch(shared.onError ?? (() => {}))
        .finally(() => {
          polling = false;
          settleFirstPoll();
        });
    };
    poll();
    const timer = setInterval(poll, shared.pollMs);
    timer.unref();
    stopPolling = () => clearInterval(timer);
  }

  // Everything a visitor's page depends on: the URL, what the rules chose (language and theme) and
  // Save-Data (read as app/root.tsx reads it). req.url on the bare listener is what Express calls
  // req.originalUrl.
  const pageKey = (url: string, req: IncomingMessage, variant: string): string =>
    `${url}|${variant}|${String(req.headers["save-data"] ?? "").toLowerCase() === "on" ? "save-data" : ""}`;

  /** A visitor's GET of a static page stored and still fresh, when the rules' answer is already known. */
  const storedFor = (req: IncomingMessage, url: string): { page: StaticCachedPage; stale: boolean } | undefined => {
    if (req.method !== "GET" || ttlMs <= 0 || mayBeSignedIn(req.headers.cookie)) return undefined;
    const inputs = readingInputs(url, req);
    const reading = inputs === undefined ? undefined : readings.get(inputs);
    if (reading === undefined) return undefined;
    const key = pageKey(url, req, reading.variant);
    const hit = pages.get(key);
    if (!hit || hit.kind !== "bytes") return undefined;
    const state = freshness(key, hit);
    if (state === "none") return undefined;
    pages.delete(key);
    pages.set(key, hit);
    return { page: hit, stale: state === "stale" };
  };

  /**
   * A visitor's request for a static page already stored, whose rules' answer is already known, is
   * answered with the stored bytes and headers (the security headers and the static policy were
   * stored with them). False for anything else, which then goes through the whole chain as before.
   */
  const serveStored = (req: Request, res: Response): boolean => {
    const hit = storedFor(req, req.originalUrl);
    if (hit) sendStoredBytes(req, res, hit.page, false, undefined, hit.stale);
    return hit !== undefined;
  };

  /**
   * The same, straight from the http listener, before Express: its request set-up (prototypes,
   * query parsing, the router) was most of what a hit still cost (decision 0145). The key is read
   * from the raw request alone (the `lng` parameter as the language rule reads it), so the
   * listener and Express answer the same requests.
   */
  const serveStoredBare = (req: IncomingMessage, res: ServerResponse, requestId?: () => string): boolean => {
    const hit = storedFor(req, req.url ?? "/");
    if (hit) sendStoredBytes(req, res, hit.page, true, requestId?.(), hit.stale);
    return hit !== undefined;
  };

  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" || ttlMs <= 0 || mayBeSignedIn(req.headers.cookie)) return next();
    const url = req.originalUrl;
    const inputs = readingInputs(url, req);
    // A URL the rule cannot read: render it, never cache it.
    if (inputs === undefined) return next();
    let reading: Reading;
    try {
      reading = await readingFor(req, url, inputs);
    } catch {
      // A header the rules cannot read: render it, never cache it.
      return next();
    }
    const { language } = reading;
    const key = pageKey(url, req, reading.variant);
    const nonce = String(res.locals.cspNonce ?? "");

    const hit = pages.get(key);
    const state = hit ? freshness(key, hit) : "none";
    if (hit && state !== "none") {
      // Refresh its place, so the least recently used page goes first.
      pages.delete(key);
      pages.set(key, hit);
      if (hit.kind === "bytes") return sendStoredBytes(req, res, hit, false, undefined, state === "stale");
      res.status(200);
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("X-Page-Cache", state === "stale" ? "stale" : "hit");
      res.end(hit.parts.join(nonce));
      return;
    }

    // This request renders the page; until its answer is sent (and, for a static page, its
    // compressed copies are stored), an expired copy is served to the others.
    const mark = {};
    rendering.set(key, mark);
    res.once("close", () => {
      if (rendering.get(key) === mark) rendering.delete(key);
    });

    const startedIn = generation;
    const originalWrite = res.write.bind(res) as (...args: unknown[]) => boolean;
    const originalEnd = res.end.bind(res) as (...args: unknown[]) => Response;
    const chunks: Buffer[] = [];
    let size = 0;
    let ended = false;
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
    /** Whether the page as answered may be kept for the others; read after the chain in front has answered it. */
    const cacheable = (): boolean => {
      const contentLanguage = res.getHeader("Content-Language");
      return (
        // Not a 304 (the browser held the page) nor an error.
        res.statusCode === 200 &&
        /^text\/html/i.test(String(res.getHeader("Content-Type") ?? "")) &&
        !res.getHeader("Set-Cookie") &&
        size <= maxBytes &&
        nonce !== "" &&
        // Rendered in another language than the key says: the rule and the page disagree, keep nothing.
        (contentLanguage === undefined || String(contentLanguage) === language) &&
        // A change happened while this page was rendered: it may show the old data.
        startedIn === generation
      );
    };
    const storeCopy = () => {
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
      else if (!compressing.has(key)) {
        // When a busy page expires, every request renders it until the new copy is stored; each
        // of those renders queued its own Brotli on the thread pool, so the first copy landed
        // later and later and the renders went on for seconds. One compression per page at a time.
        compressing.add(key);
        const storedAt = now();
        compressed(body)
          .then(
            (bodies) => {
              const etag = htmlEtag(body, "");
              store({ kind: "bytes", bodies, etag, headers, answers: answersFor(headers, etag, bodies), storedAt });
            },
            () => undefined, // Not stored: the next request renders the page again.
          )
          .finally(() => compressing.delete(key));
      }
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return originalWrite(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (ended) return originalEnd(chunk, ...rest);
      ended = true;
      keep(chunk, rest[0]);
      const answered = originalEnd(chunk, ...rest);
      // The chain in front has set, synchronously, what it sets on every visitor's page (Vary,
      // Cache-Control, the ETag: server/caching.ts): the copy keeps the headers this answer has,
      // so a hit says what the rendered page said (issue 31).
      if (cacheable()) storeCopy();
      return answered;
    }) as Response["end"];
    next();
  };

  return Object.assign(middleware, {
    clear,
    size: () => pages.size,
    stop: () => stopPolling(),
    firstPollSettled: () => firstPollSettled,
    serveStored,
    serveStoredBare,
  });
}
