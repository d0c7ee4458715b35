// Request bodies are read whole BEFORE a request waits for a render place (server/admission.ts),
// within a size limit and a deadline (decision 0180). A request that took its place first and then
// waited for its body let sixteen anonymous connections trickling one byte every few seconds hold
// every place: every page, form, payment and webhook answered "busy" for as long as they liked.
//
// - A Content-Length over the route's limit is answered 413 at once and the connection is closed
//   unread; a chunked body is read up to the limit, one byte more and it is 413 and closed.
// - A body that is not whole within REQUEST_BODY_TIMEOUT_MS (15 s) is answered 408 with a
//   translated page and the connection is closed. Forms are small (1 MB at most), so they are
//   kept in memory and handed to Remix from there.
// - Uploads (the routes below) are left to server/uploads.ts: the session is checked before a byte
//   is read, and the body goes to a temporary file.
// The http server's own timeouts are set deliberately too (serverTimeouts, below).
import type { NextFunction, Request, Response } from "express";
import type { SessionUser } from "#domain/accounts/account.entity";
import { MAX_DOCUMENT_BYTES } from "#domain/accounts/agent.entity";
import { MAX_DOCUMENTS } from "~/components/auth/auth-schemas";
import { MAX_PHOTOS, MAX_PHOTO_BYTES } from "#domain/property-management/managed-property.entity";
import { HOST_DOCUMENT_KINDS, MAX_DOCUMENTS_PER_KIND } from "#domain/hosting/host-verification.entity";
import { sendStatusPage } from "./status-pages";

const MB = 1024 * 1024;

/** Forms: far more than any form of ours needs. */
export const FORM_BODY_LIMIT = 1 * MB;
/** Webhooks: a payment notification is a few hundred bytes (the route itself stops at 64 kB too). */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;
/**
 * Multipart uploads: the documented limit of each upload route plus 1 MB for the multipart
 * framing and the text fields. The routes still check each file (e.g. 5 MB per document).
 */
export const UPLOAD_BODY_LIMITS: Readonly<Record<string, number>> = {
  "/auth/agent-verification": MAX_DOCUMENTS * MAX_DOCUMENT_BYTES + 1 * MB,
  "/host/verification": HOST_DOCUMENT_KINDS.length * MAX_DOCUMENTS_PER_KIND * MAX_DOCUMENT_BYTES + 1 * MB,
};

export interface UploadRoute {
  pattern: RegExp;
  limit: number;
  /**
   * Who the route's guard lets in, checked before a byte of the body is read. It mirrors the
   * route's own guard (tests/integration/shell/upload-guards.test.ts holds them together); the
   * route still checks for itself.
   */
  may: (user: SessionUser) => boolean;
}

/** The routes that take files, with their limits and who may send one. */
export const UPLOAD_ROUTES: readonly UploadRoute[] = [
  // requireAgent(…, { allowUnverified: true }): an agent, approved or not.
  { pattern: /^\/auth\/agent-verification$/, limit: UPLOAD_BODY_LIMITS["/auth/agent-verification"], may: (user) => user.isAgent },
  // requireHostArea: any signed-in user but an admin.
  { pattern: /^\/host\/verification$/, limit: UPLOAD_BODY_LIMITS["/host/verification"], may: (user) => !user.isAdmin },
  // Up to the 10-photo limit in one POST on the edit page of a property (requireAgent: an approved
  // agent; without JavaScript all the chosen photos go at once, issue 33)…
  {
    pattern: /^\/agents\/properties\/[^/]+\/edit$/,
    limit: MAX_PHOTOS * MAX_PHOTO_BYTES + 1 * MB,
    may: (user) => user.isAgent && user.agentStatus === "approved",
  },
  // …one per POST from the page's script (each photo's progress)…
  {
    pattern: /^\/agents\/properties\/[^/]+\/photo-upload$/,
    limit: MAX_PHOTO_BYTES + 1 * MB,
    may: (user) => user.isAgent && user.agentStatus === "approved",
  },
  // …and the same for a guest house (requireHostArea).
  { pattern: /^\/host\/houses\/[^/]+\/edit$/, limit: MAX_PHOTOS * MAX_PHOTO_BYTES + 1 * MB, may: (user) => !user.isAdmin },
  { pattern: /^\/host\/houses\/[^/]+\/photo-upload$/, limit: MAX_PHOTO_BYTES + 1 * MB, may: (user) => !user.isAdmin },
  // A blog post's form with its cover, the new post and the edit page (requireAdmin).
  { pattern: /^\/admin\/content\/posts\/[^/]+$/, limit: MAX_PHOTO_BYTES + 1 * MB, may: (user) => user.isAdmin },
];

/** The route's path as the limits know it (Remix's single-fetch data requests end in .data). */
const routePath = (pathname: string) => pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";

/** The upload route a path names, if any. */
export function uploadRouteFor(pathname: string): UploadRoute | undefined {
  const path = routePath(pathname);
  return UPLOAD_ROUTES.find((route) => route.pattern.test(path));
}

/** The limit for a path. */
export function bodyLimitFor(pathname: string): number {
  if (routePath(pathname).startsWith("/webhooks/")) return WEBHOOK_BODY_LIMIT;
  return uploadRouteFor(pathname)?.limit ?? FORM_BODY_LIMIT;
}

/** The http server's timeouts (every server the app makes: server/http-app.ts `app.listen`). */
export function serverTimeouts({
  requestBodyTimeoutMs,
  uploadBodyTimeoutMs,
}: {
  requestBodyTimeoutMs: number;
  uploadBodyTimeoutMs: number;
}) {
  return {
    // The request line and headers (Node's default is 60 s): a client that cannot send a few
    // hundred bytes in 20 s is holding a socket, not asking for a page.
    headersTimeout: 20_000,
    // The whole request, headers and body (Node's default is 300 s). Our own deadlines answer first,
    // with a translated 408; this is the backstop, past the longest of them (an upload's).
    requestTimeout: Math.max(requestBodyTimeoutMs, uploadBodyTimeoutMs) + 20_000,
    // An idle kept-alive connection (Node's default, 5 s, set here on purpose): nginx's upstream
    // keepalive_timeout (4 s) must stay below it, or nginx reuses a connection the app is closing
    // and answers 502 to a POST (decision 0142).
    keepAliveTimeout: 5_000,
  };
}

declare module "express-serve-static-core" {
  interface Locals {
    /**
     * The body as read before the admission gate: in memory (a form, a webhook), in a temporary
     * file (an upload, server/uploads.ts), or withheld unread (an upload its sender may not make;
     * the route's own guard answers and the connection is closed).
     */
    requestBody?: { bytes: Buffer } | { file: string; size: number } | { withheld: true };
  }
}

export type BodyOutcome = "whole" | "tooLarge" | "tooSlow" | "gone";

/**
 * Reads the request's body into `take` until it ends, it passes `limit` bytes, `deadlineMs` goes
 * by, or the client goes away. `take` may return false to pause the reading until `resume` is
 * called (a file being written). Listens no more once settled.
 */
export function receiveBody(
  req: Request,
  limit: number,
  deadlineMs: number,
  take: (chunk: Buffer, resume: () => void) => boolean,
): Promise<{ outcome: BodyOutcome; size: number }> {
  return new Promise((resolve) => {
    let size = 0;
    let settled = false;
    const settle = (outcome: BodyOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onGone);
      req.off("close", onClose);
      if (outcome !== "whole") req.pause();
      resolve({ outcome, size });
    };
    const resume = () => {
      if (!settled) req.resume();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return settle("tooLarge");
      if (!take(chunk, resume)) req.pause();
    };
    const onEnd = () => settle("whole");
    // A client that went away mid-body (a reset, or the socket closed): nobody to answer.
    const onGone = () => settle("gone");
    const onClose = () => {
      if (!req.complete) settle("gone");
    };
    const timer = setTimeout(() => settle("tooSlow"), deadlineMs);
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onGone);
    req.on("close", onClose);
  });
}

/**
 * Answers a body we will not read (too large, too slow) with its translated page and closes the
 * connection once the answer is out: nothing more of it enters memory.
 */
export function refuseBody(req: Request, res: Response, key: "tooLarge" | "timeout"): void {
  req.pause();
  closeAfterAnswer(req, res);
  sendStatusPage(req, res, key, { close: true });
}

/** How long, and how much, of a refused body is read and dropped once its answer is out. */
export const LINGER_MS = 1_000;
export const LINGER_BYTES = 1024 * 1024;

/**
 * Closes the connection of a request whose body we will not read, once its answer is sent: first
 * reading and dropping what the client is still sending, for a second or a megabyte at most. A
 * connection closed under a client still sending is reset, and a reset loses the answer: a browser
 * shows "connection reset" instead of our 413 page, and nginx, streaming an upload to us, answers
 * its own 502 instead of our login redirect (seen in the cluster checks: 6 of 12). nginx's
 * lingering_close does the same for its clients. Nothing dropped is kept.
 */
export function closeAfterAnswer(req: Request, res: Response): void {
  res.on("finish", () => {
    const socket = req.socket;
    if (socket.destroyed) return;
    let dropped = 0;
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) socket.destroy();
    });
    req.resume();
  });
}

export interface ReadBodiesOptions {
  /** The longest a body may take to arrive whole (REQUEST_BODY_TIMEOUT_MS). */
  deadlineMs: number;
  limitFor?: (pathname: string) => number;
  /** The upload routes' own handling (server/uploads.ts); without it they are read like forms. */
  uploads?: (req: Request, res: Response, next: NextFunction) => void;
}

export function readRequestBodies({ deadlineMs, limitFor = bodyLimitFor, uploads }: ReadBodiesOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const limit = limitFor(req.path);
    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      const length = Number(declared);
      if (!Number.isSafeInteger(length) || length < 0 || length > limit) return refuseBody(req, res, "tooLarge");
      if (length === 0) return next();
    } else if (req.headers["transfer-encoding"] === undefined) {
      // No Content-Length and no Transfer-Encoding: there is no body.
      return next();
    }
    if (uploads && uploadRouteFor(req.path)) return uploads(req, res, next);

    const chunks: Buffer[] = [];
    receiveBody(req, limit, deadlineMs, (chunk) => chunks.push(chunk) > 0).then(({ outcome, size }) => {
      if (outcome === "whole") {
        res.locals.requestBody = { bytes: Buffer.concat(chunks, size) };
        return next();
      }
      chunks.length = 0;
      if (outcome === "tooLarge") refuseBody(req, res, "tooLarge");
      else if (outcome === "tooSlow") refuseBody(req, res, "timeout");
      // "gone": the client left; there is no one to answer.
    }, next);
  };
}
