// An Express app with the page cache as the server stacks it (a nonce per request, then HTML
// caching, then the cache), `routes` after it, on a free loopback port: for the page cache tests.
import type http from "node:http";
import type { AddressInfo } from "node:net";
import express, { type Express } from "express";
import { htmlCaching } from "../../../server/caching";
import type { pageCache } from "../../../server/page-cache";

export async function servePageCache(
  cache: ReturnType<typeof pageCache>,
  routes: (app: Express) => void,
): Promise<{ server: http.Server; base: string }> {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "n0nce";
    next();
  });
  app.use(htmlCaching());
  app.use(cache);
  routes(app);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
