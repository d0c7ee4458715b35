// Request bodies have a size limit, checked before anything reads them: a 60 MB POST to
// /auth/login must not be read into memory. A Content-Length over the limit is answered 413 at
// once and the connection is closed unread (Node's parser never reads more than Content-Length
// for a request, so a body under the limit is streamed to Remix as usual). A chunked body (no
// Content-Length) is read here up to the limit and handed to Remix from memory; one byte more
// and it is answered 413, reading stops and the connection is closed.
import type { NextFunction, Request, Response } from "express";
import { MAX_DOCUMENT_BYTES } from "../domain/accounts/agent.entity";
import { MAX_DOCUMENTS } from "../app/components/auth/auth-schemas";
import { MAX_PHOTO_BYTES } from "../domain/property-management/managed-property.entity";
import { HOST_DOCUMENT_KINDS, MAX_DOCUMENTS_PER_KIND } from "../domain/hosting/host-verification.entity";
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

/** Upload routes with an id in their path: one photo per POST (the edit page of a property). */
const UPLOAD_BODY_PATTERNS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^\/agents\/properties\/[^/]+\/edit$/, MAX_PHOTO_BYTES + 1 * MB],
  [/^\/host\/houses\/[^/]+\/edit$/, MAX_PHOTO_BYTES + 1 * MB],
  // A blog post's form with its cover (the new post and the edit page).
  [/^\/admin\/content\/posts\/[^/]+$/, MAX_PHOTO_BYTES + 1 * MB],
];

/** The limit for a path (Remix's single-fetch data requests end in .data). */
export function bodyLimitFor(pathname: string): number {
  const path = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  if (path.startsWith("/webhooks/")) return WEBHOOK_BODY_LIMIT;
  const exact = UPLOAD_BODY_LIMITS[path];
  if (exact !== undefined) return exact;
  return UPLOAD_BODY_PATTERNS.find(([pattern]) => pattern.test(path))?.[1] ?? FORM_BODY_LIMIT;
}

declare module "express-serve-static-core" {
  interface Locals {
    /** A chunked request body, read here within its limit (server/body-limit.ts). */
    bufferedBody?: Buffer;
  }
}

function refuse(req: Request, res: Response): void {
  // Stop reading: nothing more of this body enters memory, and the socket goes once the answer is out.
  req.pause();
  res.on("finish", () => req.socket.destroy());
  sendStatusPage(req, res, "tooLarge", { close: true });
}

export function limitRequestBodies(limitFor: (pathname: string) => number = bodyLimitFor) {
  return (req: Request, res: Response, next: NextFunction) => {
    const limit = limitFor(req.path);
    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      const length = Number(declared);
      if (!Number.isSafeInteger(length) || length < 0 || length > limit) return refuse(req, res);
      return next();
    }
    // No Content-Length and no Transfer-Encoding: there is no body.
    if (req.headers["transfer-encoding"] === undefined) return next();

    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const stop = () => {
      settled = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        chunks.length = 0;
        refuse(req, res);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      if (settled) return;
      stop();
      res.locals.bufferedBody = Buffer.concat(chunks, size);
      next();
    };
    const onError = (error: Error) => {
      if (settled) return;
      stop();
      next(error);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  };
}
