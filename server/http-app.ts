import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import compression from "compression";
import {
  createReadableStreamFromReadable,
  createRequestHandler as createRemixHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type { ViteDevServer } from "vite";
import type { Services } from "~/services.server";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { rejectCrossOriginPosts, securityHeaders } from "./security";
import { htmlCaching } from "./caching";
import { pageCache } from "./page-cache";
import { KyselyCacheGeneration } from "#infrastructure/jobs/kysely-cache-generation";
import { readRequestBodies, serverTimeouts } from "./body-limit";
import { byteBudget, uploadBodies } from "./uploads";
import { sessionIdFromCookie } from "~/utils/session-id.server";
import { SHARED_POLL_MS } from "#infrastructure/jobs/public-pages-signal";
import { sendStatusPage } from "./status-pages";
import { admissionGate } from "./admission";
import { servePhotos } from "./media";
import { countingRouteCalls, routeCalls } from "./route-calls";
import { requestIdFor, requestIds, type TrustRule } from "./request-id";
import {
  ALLOW_WITHOUT_ACTION,
  refuseConnect,
  refuseOddRequests,
  refuseTargetAtListener,
  requestOrigin,
  requestShape,
} from "./odd-requests";
import { logger } from "#infrastructure/logging/logger";
import { renderedPageBytes, STATIC_PAGE_HEADER } from "~/static-page";

const YEAR_SECONDS = 60 * 60 * 24 * 365;

export interface HttpAppOptions {
  services: Services;
  /** Production: the built server bundle. Development: Vite serves and rebuilds it. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  vite?: ViteDevServer;
  clientDir: string;
}

/**
 * While the database is known to be unreachable, pages answer 503 ("we'll be right back")
 * instead of hanging or failing one by one. Each request asks the database again (one ping at a
 * time, 1.5 s at most), so the site comes back by itself as soon as the database does.
 * /healthz (liveness) and /readyz (readiness) always run: they report the state themselves.
 */
export function databaseGate(database: Pick<DatabaseHandle, "isAvailable" | "ping">) {
  let recheck: Promise<boolean> | null = null;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.path === "/healthz" || req.path === "/readyz" || database.isAvailable()) return next();
    recheck ??= database.ping().finally(() => {
      recheck = null;
    });
    if (await recheck) return next();
    sendStatusPage(req, res, "unavailable");
  };
}

/**
 * The Fetch Request for Remix, as @remix-run/express builds it (host and protocol as Express
 * reads them, so TRUST_PROXY applies; checked by server/odd-requests.ts), except that the body is
 * the one read before the admission gate (server/body-limit.ts): from memory, from an upload's
 * temporary file, or none when it was withheld. The signal aborts loaders when the client goes
 * away before the answer.
 */
function remixRequest(req: Request, res: Response, fallbackHost: string): globalThis.Request {
  const url = new URL(`${requestOrigin(req, fallbackHost)}${req.originalUrl}`);
  const received = res.locals.requestBody;
  const withheld = received !== undefined && "withheld" in received;
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (withheld && (key === "content-length" || key === "transfer-encoding")) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  const controller = new AbortController();
  let answered = false;
  res.on("finish", () => (answered = true));
  res.on("close", () => {
    if (!answered) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD" && !withheld) {
    if (received && "bytes" in received) init.body = new Uint8Array(received.bytes);
    else if (received && "file" in received) {
      init.body = createReadableStreamFromReadable(fs.createReadStream(received.file));
      init.duplex = "half";
    } else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new globalThis.Request(url.href, init);
}

async function sendRemixResponse(res: Response, response: globalThis.Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    // A page without any script needing the nonce gets the policy without one (server/security.ts).
    if (key.toLowerCase() === STATIC_PAGE_HEADER.toLowerCase()) {
      if (res.locals.staticPagePolicy) res.setHeader("Content-Security-Policy", String(res.locals.staticPagePolicy));
      continue;
    }
    res.append(key, value);
  }
  // A page rendered whole: its bytes as they are, not read back through the Response's stream.
  const page = renderedPageBytes(response);
  if (page) {
    res.end(page);
    return;
  }
  const live = /text\/event-stream/i.test(response.headers.get("Content-Type") ?? "");
  if (live) res.flushHeaders();
  if (!response.body) res.end();
  // A live stream (server-sent events) goes out chunk by chunk, flushed through the compressor.
  else if (live) await writeReadableStreamToWritable(response.body, res);
  else await writeWholeBody(response.body, res);
}

/**
 * A page's body, written without flushing the compressor after each chunk as Remix's writer does
 * (for pages that stream deferred data; ours defer nothing, so React writes the whole page at
 * once, in a score of chunks). Flushed chunk by chunk, /profile was compressed as 19 separate
 * blocks: 12 % more bytes to download and most of the page's compression CPU (decision 0152).
 */
async function writeWholeBody(body: ReadableStream<Uint8Array>, res: Response): Promise<void> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}

export function createHttpApp({ services, build, vite, clientDir }: HttpAppOptions) {
  const { config } = services;
  // The host a request without a Host header (HTTP/1.0) is taken to name.
  const fallbackHost = new URL(config.appUrl).host;
  const app = express();
  app.disable("x-powered-by");
  // Only the proxies TRUST_PROXY names may set the client's address (never the leftmost
  // X-Forwarded-For, which the client writes): see infrastructure/config/config.ts.
  app.set("trust proxy", config.trustProxy);
  // First of all, so every answer (a stored page's too) has its X-Request-Id and access line.
  app.use(requestIds());
  // Visitors' pages from memory for a few seconds (server/page-cache.ts). A static page already
  // stored is answered by the http listener, before Express (storedPagesFirst, below); everything
  // else goes through the chain, and the cache's middleware below.
  const visitorPages = pageCache({
    ttlMs: config.pageCacheTtlMs,
    maxEntries: 500,
    // Several instances on one database empty each other's caches through a counter they poll.
    shared: {
      generation: new KyselyCacheGeneration(services.database.db),
      pollMs: SHARED_POLL_MS,
      onError: () => {}, // The database gate reports an unreachable database; the TTL still applies.
    },
  });
  // Emptied when a use case says the public pages changed (domain/shared/public-pages.port.ts).
  services.publicPages.onChange(visitorPages.clear);
  app.use(compression());
  app.use(securityHeaders(config, { dev: Boolean(vite) }));
  // 405 with Allow for a method we do not serve, 400 for a target, path or host that is not one.
  app.use(refuseOddRequests(fallbackHost));
  app.use(rejectCrossOriginPosts(config));
  // Every body is read whole here, before the admission gate below: 413 for one over its limit,
  // 408 for one too slow to arrive; an upload only from a user who may make it, to a temporary
  // file, within the process's memory budget (server/body-limit.ts, server/uploads.ts).
  app.use(
    readRequestBodies({
      deadlineMs: config.requestBodyTimeoutMs,
      uploads: uploadBodies({
        signedInUser: async (cookie) => {
          const sessionId = await sessionIdFromCookie(services.sessionStorage, cookie);
          return sessionId ? services.currentUser(sessionId) : null;
        },
        deadlineMs: config.uploadBodyTimeoutMs,
        memory: byteBudget(config.uploadMemoryBytes),
        maxWaitMs: config.renderQueueWaitMs,
      }),
    }),
  );

  if (vite) {
    app.use(vite.middlewares);
  } else {
    // Fingerprinted assets never change: a year, immutable.
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: YEAR_SECONDS * 1000 }));
    // Only a path that names a file (/favicon.ico, /locales/…json) is looked for on
    // disk: a page's path never is one, and a stat() per page cost a seventh of a cached page's CPU.
    const files = express.static(clientDir, { maxAge: "1h" });
    app.use((req, res, next) => (/\.[A-Za-z0-9]+$/.test(req.path) ? files(req, res, next) : next()));
  }
  // Photos and covers from the file storage (disk or bucket), cached for a year (server/media.ts).
  app.use(
    "/media/photos",
    servePhotos(services.files.photos, (error) => console.warn("Photo storage failed:", error instanceof Error ? error.message : error)),
  );

  // What is left after the page cache needs the app: at most RENDER_CONCURRENCY at once, the others
  // wait in arrival order, RENDER_QUEUE_WAIT_MS at most, then the translated "busy" 503
  // (server/admission.ts).
  const admission = admissionGate({
    limit: config.renderConcurrency,
    maxWaitMs: config.renderQueueWaitMs,
    onBusy: (req, res) => sendStatusPage(req, res, "busy"),
  });
  // Pages: ETag and no-cache for visitors, private/no-store for signed-in users (server/caching.ts);
  // compressed lighter while others wait for their turn (decision 0174).
  app.use(htmlCaching({ rush: () => admission.stats().waiting > 0 }));
  // Visitors' pages from memory for a few seconds (server/page-cache.ts); after htmlCaching, so a
  // page from memory still gets its ETag and 304. Before the database gate: a cached page can
  // still be served while the database is away.
  app.use(visitorPages);
  app.use(admission);
  app.use(databaseGate(services.database));

  // Loaders and actions are counted until they end, even those Remix left when their client went
  // away: the shutdown closes the database after them (server/route-calls.ts).
  const calls = routeCalls();
  const counting = countingRouteCalls(calls);
  const counted = typeof build === "function" ? async () => counting(await build()) : counting(build);
  const handleRequest = createRemixHandler(counted, vite ? "development" : "production");
  app.all("*", async (req: Request, res: Response, next: NextFunction) => {
    try {
      const request = remixRequest(req, res, fallbackHost);
      // clientIp: Express's req.ip (honours TRUST_PROXY), for per-IP rate limits (contact form, login).
      const context = {
        services,
        cspNonce: String(res.locals.cspNonce ?? ""),
        clientIp: req.ip ?? undefined,
        requestId: String(res.locals.requestId),
      } as AppLoadContext;
      const response = await handleRequest(request, context);
      // The database went away while this page was being made: the same 503 page as the gate's,
      // not a generic error page. Resource routes (/readyz) and the browser's data requests keep
      // their own answers.
      const isDocument = /^text\/html/i.test(response.headers.get("Content-Type") ?? "") && !req.path.endsWith(".data");
      if (response.status >= 500 && isDocument && !services.database.isAvailable()) {
        return sendStatusPage(req, res, "unavailable");
      }
      // Remix's 405 (a POST to a route without an action) names no method the route does serve. Its
      // body would be the root's "could not start" screen for a page (the root's loader does not
      // run for it) and "Unexpected Server Error" for a resource route: the translated 405 page
      // instead. A data request (.data) keeps Remix's answer, which the browser's Remix reads.
      if (response.status === 405 && !response.headers.has("Allow")) {
        res.setHeader("Allow", ALLOW_WITHOUT_ACTION);
        if (!req.path.endsWith(".data")) return sendStatusPage(req, res, "methodNotAllowed");
      }
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  });
  // An error no route answered (Express's own handler would print it with console.error and
  // answer an untranslated page): one log line, and the translated 500 page with the reference.
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    logger.error({ err: error }, "request failed");
    if (res.headersSent) return next(error);
    sendStatusPage(req, res, "error");
  });
  // Every server made from this app (server/index.ts, the tests' harnesses) answers stored static
  // pages from the http listener itself, before Express sets up its request (decision 0145), and
  // has deliberate timeouts for slow clients (serverTimeouts in server/body-limit.ts).
  const listener = storedPagesFirst(app, visitorPages, fallbackHost);
  const { headersTimeout, requestTimeout, keepAliveTimeout } = serverTimeouts(config);
  app.listen = ((...args: Parameters<http.Server["listen"]>) => {
    const server = http.createServer({ headersTimeout, requestTimeout }, listener);
    server.keepAliveTimeout = keepAliveTimeout;
    refuseConnect(server);
    return server.listen(...args);
  }) as typeof app.listen;
  return Object.assign(app, { routeCallsSettled: () => calls.settled() });
}

/**
 * The http listener: a stored static page is answered before Express sets up its request
 * (decision 0145); the rest is handed to Express unchanged. A stored page still carries a request
 * id (the trusted proxy's, or one of ours) but writes no access line of its own: nginx's access log
 * holds it under the same $request_id (decision 0137). A target that is not a path is refused here
 * (Express cannot route all of them); another odd request (server/odd-requests.ts) goes to
 * Express, which refuses it.
 */
export function storedPagesFirst(
  app: Express,
  visitorPages: Pick<ReturnType<typeof pageCache>, "serveStoredBare">,
  fallbackHost = "localhost",
) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    const trusted = app.get("trust proxy fn") as TrustRule;
    const requestId = () => requestIdFor(req, trusted);
    const shape = requestShape(req, trusted, fallbackHost);
    if (refuseTargetAtListener(req, res, shape, requestId)) return;
    if (!shape.ok || !visitorPages.serveStoredBare(req, res, requestId)) app(req, res);
  };
}
