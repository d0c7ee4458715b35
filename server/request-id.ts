// A request id for every request (issue 13, decision 0137): in the response's X-Request-Id, on
// every log line written while the request is handled, and on the error pages as the reference a
// user quotes to support. It is the first middleware, ahead of the page cache's stored pages, so a
// cached page gets one too; it costs a UUID and one log line per request.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { NextFunction, Request, Response } from "express";
import { logger, runWithRequestId } from "#infrastructure/logging/logger";

export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * What we accept from a proxy: nginx's $request_id (32 hex digits), a UUID, or another token of
 * letters, digits, dots, dashes and underscores. Anything else (too long, spaces, quotes, a line
 * break that could forge a log line) is replaced by our own.
 */
const WELL_FORMED = /^[A-Za-z0-9._-]{8,64}$/;

/** Express's compiled TRUST_PROXY rule: (address, hop) → trusted. */
export type TrustRule = (address: string, hop: number) => boolean;

/**
 * The proxy's id when the connection comes from a proxy TRUST_PROXY names (a client talking to
 * us directly could otherwise choose the id that appears in our logs and on error pages), else a
 * new UUID.
 */
export function requestIdFor(req: Pick<Request, "headers" | "socket">, trusted: TrustRule): string {
  const incoming = req.headers["x-request-id"];
  if (typeof incoming === "string" && WELL_FORMED.test(incoming) && trusted(req.socket.remoteAddress ?? "", 0)) return incoming;
  return randomUUID();
}

/**
 * The middleware: sets the id, runs the rest of the request in its logging scope, and writes one
 * access line when the response is done (or the client went away first).
 */
export function requestIds() {
  return (req: Request, res: Response, next: NextFunction) => {
    const trusted = req.app.get("trust proxy fn") as TrustRule;
    const requestId = requestIdFor(req, trusted);
    res.locals.requestId = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const started = performance.now();
    res.once("close", () => {
      // The path with its query: tokens in it (?token=…) are removed by the logger's redaction.
      logger.info(
        {
          reqId: requestId,
          method: req.method,
          path: req.originalUrl.length > 512 ? `${req.originalUrl.slice(0, 512)}…` : req.originalUrl,
          status: res.statusCode,
          ms: Math.round((performance.now() - started) * 10) / 10,
          ip: req.ip,
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        "request",
      );
    });
    runWithRequestId(requestId, next);
  };
}
