// Requests no browser of ours sends, refused with a 4xx before anything reads them (issue 30):
// a method the site does not serve (TRACE, PROPFIND, PUT…: 405 with Allow), a request target that
// is not a path (`GET http://evil.example/`, `GET *`: 400), a path whose %-escapes do not decode
// (`/listings/%E0%A4%A`: 400), and a Host (or a trusted proxy's X-Forwarded-Host/-Proto) that is
// not a host name (`a b`, `:::`, `example.com:`, `a?`, 300 characters: 400). Each of them used to
// reach Express's router or the Fetch Request made for Remix and come back as a 500 logged at
// error level; a Host such as `a?` even moved the path into the query, so the page cache stored
// the home page under the requested URL for every visitor. They are logged at info: a client's
// mistake or a scanner, not ours. The check is pure and cheap (a host is parsed once, then
// remembered), so the http listener makes it before the stored pages (server/http-app.ts): it
// answers a target that is not a path itself (Express cannot route all of them), and hands any
// other odd request to Express, where this module's middleware refuses it.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { logger } from "#infrastructure/logging/logger";
import type { TrustRule } from "./request-id";
import { pageLanguage, sendStatusPage, statusPageHtml } from "./status-pages";

/** Every method a page, form or resource route of ours answers (forms only GET and POST). */
export const SERVED_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST"]);
export const ALLOW_SERVED = "GET, HEAD, POST";
/** Remix answers 405 for a POST to a route without an action: such a route serves these. */
export const ALLOW_WITHOUT_ACTION = "GET, HEAD";

export type RequestShape =
  | { ok: true; origin: string }
  | { ok: false; status: 405; reason: "method" }
  | { ok: false; status: 400; reason: "target" | "path-encoding" | "host" | "protocol" };

/** A DNS name (underscores too: an upstream's name), an IPv4 address or a bracketed IPv6 one, and an optional port. */
const HOST_SHAPE = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?\.?|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;
/** The longest DNS name, with room for a port. */
const MAX_HOST_LENGTH = 261;

const firstValue = (header: string | string[] | undefined): string => {
  const value = Array.isArray(header) ? header[0] : header;
  const comma = value?.indexOf(",") ?? -1;
  return (comma === -1 ? (value ?? "") : value!.slice(0, comma)).trim();
};

/** `http://host[:port]` as the request names it, or null when the host is not one. */
function parseOrigin(protocol: string, host: string): string | null {
  const shape = HOST_SHAPE.exec(host);
  if (!shape) return null;
  const port = shape[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return null;
  }
}

/** The path (before `?`) decodes as Express's router and Remix decode it. */
function pathDecodes(target: string): boolean {
  const escape = target.indexOf("%");
  if (escape === -1) return true;
  const query = target.indexOf("?");
  if (query !== -1 && query < escape) return true;
  try {
    decodeURIComponent(query === -1 ? target : target.slice(0, query));
    return true;
  } catch {
    return false;
  }
}

// A site is asked for under a handful of names: each is parsed once (a URL costs more than the
// rest of the check), and the answers are forgotten all at once past 1 000 (a scanner's names).
// One map per scheme: a key made by joining the two strings cost more than the whole check.
const origins = { http: new Map<string, string | null>(), https: new Map<string, string | null>() };
function originOf(protocol: "http" | "https", host: string): string | null {
  // Never a key: a 16 kB header a thousand times over would be kept until the next clear.
  if (host.length > MAX_HOST_LENGTH) return null;
  const known = origins[protocol];
  let origin = known.get(host);
  if (origin === undefined) {
    origin = parseOrigin(protocol, host);
    if (known.size >= 1000) known.clear();
    known.set(host, origin);
  }
  return origin;
}

/**
 * What is wrong with the request, if anything, and else the origin it names (the trusted proxy's
 * X-Forwarded-Proto and -Host, as Express reads them, or the connection's scheme and the Host
 * header; `fallbackHost` when an HTTP/1.0 client sent none).
 */
export function requestShape(req: IncomingMessage, trusted: TrustRule, fallbackHost: string): RequestShape {
  if (!SERVED_METHODS.has(req.method ?? "")) return { ok: false, status: 405, reason: "method" };
  // Express's req.originalUrl once it has the request; the listener's req.url before.
  const target = (req as Partial<Request>).originalUrl ?? req.url ?? "";
  // Only a path: an absolute target (proxy form) or `*` named no page of ours.
  if (!target.startsWith("/")) return { ok: false, status: 400, reason: "target" };
  if (!pathDecodes(target)) return { ok: false, status: 400, reason: "path-encoding" };
  const { headers } = req;
  // The proxy rule is asked only when a proxy's header is there (it parses the address).
  const forwarded = headers["x-forwarded-proto"] !== undefined || headers["x-forwarded-host"] !== undefined;
  const viaProxy = forwarded && trusted(req.socket.remoteAddress ?? "", 0);
  const forwardedProto = viaProxy ? firstValue(headers["x-forwarded-proto"]).toLowerCase() : "";
  const protocol = forwardedProto || ("encrypted" in req.socket && req.socket.encrypted ? "https" : "http");
  if (protocol !== "http" && protocol !== "https") return { ok: false, status: 400, reason: "protocol" };
  const forwardedHost = viaProxy ? firstValue(headers["x-forwarded-host"]) : "";
  // Node's parser has trimmed the Host header already.
  const host = forwardedHost || headers.host || fallbackHost;
  const origin = originOf(protocol, host);
  return origin ? { ok: true, origin } : { ok: false, status: 400, reason: "host" };
}

/** The origin a well-formed request names (refuseOddRequests has answered the others). */
export function requestOrigin(req: Request, fallbackHost: string): string {
  const shape = requestShape(req, req.app.get("trust proxy fn") as TrustRule, fallbackHost);
  if (!shape.ok) throw new Error(`an odd request (${shape.reason}) was not refused`);
  return shape.origin;
}

/** The middleware: 405 with Allow, or 400, as the translated status page; logged at info. */
export function refuseOddRequests(fallbackHost: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const shape = requestShape(req, req.app.get("trust proxy fn") as TrustRule, fallbackHost);
    if (shape.ok) return next();
    logger.info({ reason: shape.reason, method: req.method }, "odd request refused");
    if (shape.status === 405) res.setHeader("Allow", ALLOW_SERVED);
    // A body that came with it is never read: the connection goes once the answer is out.
    const withBody = req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;
    sendStatusPage(req, res, shape.status === 405 ? "methodNotAllowed" : "badRequest", { close: withBody });
  };
}

/** The refusal's status line and headers, the translated page, and its log line (info). */
function refusal(req: IncomingMessage, shape: Exclude<RequestShape, { ok: true }>, requestId?: string) {
  const language = pageLanguage({ headers: req.headers, url: req.url ?? "/" });
  const html = statusPageHtml(shape.status === 405 ? "methodNotAllowed" : "badRequest", language, requestId);
  const target = req.url ?? "";
  logger.info(
    {
      reqId: requestId,
      reason: shape.reason,
      method: req.method,
      path: target.length > 512 ? `${target.slice(0, 512)}…` : target,
      status: shape.status,
      ip: req.socket.remoteAddress,
    },
    "odd request refused",
  );
  const headers: Record<string, string> = {
    ...(shape.status === 405 ? { Allow: ALLOW_SERVED } : {}),
    "Content-Type": "text/html; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(html)),
    "Content-Language": language,
    "Cache-Control": "no-store",
    // The page has no script, style or image of its own.
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    ...(requestId ? { "X-Request-Id": requestId } : {}),
    Connection: "close",
  };
  return { status: shape.status, headers, html };
}

/**
 * A target that is not a path (`GET http://evil.example/`, `OPTIONS *`), answered by the http
 * listener itself: Express cannot route some of them (for `http://[/` its router finds no path and
 * answers its own untranslated 404). False for every other request, which goes on to Express.
 */
export function refuseTargetAtListener(req: IncomingMessage, res: ServerResponse, shape: RequestShape, requestId: () => string): boolean {
  if (shape.ok || (req.url ?? "").startsWith("/")) return false;
  const { status, headers, html } = refusal(req, shape, requestId());
  res.writeHead(status, headers);
  res.end(req.method === "HEAD" ? undefined : html);
  return true;
}

/**
 * CONNECT never reaches a request handler: without a listener Node drops the connection without a
 * word. Answered as every other method we do not serve (405, Allow), then closed.
 */
export function refuseConnect(server: Server): void {
  server.on("connect", (req: IncomingMessage, socket: Duplex) => {
    const { headers, html } = refusal(req, { ok: false, status: 405, reason: "method" });
    socket.on("error", () => {}); // The client may be gone already; nothing to tell anyone.
    socket.end(
      ["HTTP/1.1 405 Method Not Allowed", ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`), "", html].join("\r\n"),
    );
  });
}
