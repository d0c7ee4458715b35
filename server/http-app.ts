import path from "node:path";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import type { ViteDevServer } from "vite";
import type { Services } from "../app/services.server";
import { rejectCrossOriginPosts, securityHeaders } from "./security";
import { htmlCaching } from "./caching";
import { pageCache } from "./page-cache";

const YEAR_SECONDS = 60 * 60 * 24 * 365;

export interface HttpAppOptions {
  services: Services;
  /** Production: the built server bundle. Development: Vite serves and rebuilds it. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  vite?: ViteDevServer;
  clientDir: string;
}

export function createHttpApp({ services, build, vite, clientDir }: HttpAppOptions) {
  const { config } = services;
  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy) app.set("trust proxy", true);
  app.use(compression());
  app.use(securityHeaders(config, { dev: Boolean(vite) }));
  app.use(rejectCrossOriginPosts(config));

  if (vite) {
    app.use(vite.middlewares);
  } else {
    // Fingerprinted assets never change: a year, immutable.
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: YEAR_SECONDS * 1000 }));
    app.use(express.static(clientDir, { maxAge: "1h" }));
  }
  // Photos and covers: keys are unique per image, so they can be cached for long.
  app.use(
    "/media/photos",
    express.static(path.resolve(config.storageDir, "photos"), { maxAge: 30 * 24 * 3600 * 1000, fallthrough: true, index: false }),
  );

  // Pages: ETag and no-cache for visitors, private/no-store for signed-in users (server/caching.ts).
  app.use(htmlCaching());
  // Visitors' pages from memory for a few seconds (server/page-cache.ts); after htmlCaching, so a
  // page from memory still gets its ETag and 304.
  app.use(pageCache({ ttlMs: config.pageCacheTtlMs, maxEntries: 500 }));

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: vite ? "development" : "production",
      // clientIp: Express's req.ip (honours TRUST_PROXY), for per-IP rate limits (contact form, login).
      getLoadContext: (req, res) => ({ services, cspNonce: String(res.locals.cspNonce ?? ""), clientIp: req.ip ?? undefined }),
    }),
  );
  return app;
}
