// Uploads (the routes of UPLOAD_ROUTES in server/body-limit.ts: verification documents, photos, a
// blog cover), before the admission gate (decision 0181):
//
// 1. Who is signed in is checked BEFORE a byte of the body is read. A visitor, or a user the
//    route's guard would send away, gets the route's own answer (its guard runs on a request
//    whose body is withheld: the redirect to the login page, or the role's refusal) and the
//    connection is closed unread. Twelve anonymous chunked POSTs used to add 326 MB to the process.
// 2. The body of an allowed upload goes to a temporary file as it arrives (at most the route's
//    limit, within UPLOAD_BODY_TIMEOUT_MS, else 413 or 408), so a slow phone holds a socket and a
//    file, never memory nor a render place.
// 3. The routes parse the multipart form in memory (their per-file checks are unchanged), so a
//    whole upload takes its size from a process-wide budget (UPLOAD_MEMORY_MB) before it goes on,
//    and gives it back when its answer is sent. One that cannot have it within RENDER_QUEUE_WAIT_MS
//    gets the translated 503 "busy" page: the memory held by uploads never passes the budget.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { SessionUser } from "#domain/accounts/account.entity";
import { closeAfterAnswer, receiveBody, refuseBody, uploadRouteFor } from "./body-limit";
import { sendStatusPage } from "./status-pages";
import { logger } from "#infrastructure/logging/logger";

/** A number of bytes shared by every request of the process, handed out in arrival order. */
export function byteBudget(total: number) {
  let held = 0;
  const queue: Array<{ bytes: number; grant: (release: (() => void) | null) => void; timer: NodeJS.Timeout }> = [];
  const releaser = (bytes: number) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      held -= bytes;
      while (queue.length > 0 && held + queue[0].bytes <= total) {
        const waiting = queue.shift()!;
        clearTimeout(waiting.timer);
        held += waiting.bytes;
        waiting.grant(releaser(waiting.bytes));
      }
    };
  };
  return {
    /**
     * `bytes` of the budget (a request larger than the whole budget takes all of it, alone), or
     * null when they were not free within `maxWaitMs`. Call the function it gives to give them back.
     */
    take(bytes: number, maxWaitMs: number): Promise<(() => void) | null> {
      const need = Math.min(bytes, total);
      if (queue.length === 0 && held + need <= total) {
        held += need;
        return Promise.resolve(releaser(need));
      }
      return new Promise((resolve) => {
        const waiting = {
          bytes: need,
          grant: resolve,
          timer: setTimeout(() => {
            queue.splice(queue.indexOf(waiting), 1);
            resolve(null);
          }, maxWaitMs),
        };
        queue.push(waiting);
      });
    },
    /** Bytes held now, and requests waiting for theirs. */
    stats: () => ({ held, waiting: queue.length }),
  };
}

export type ByteBudget = ReturnType<typeof byteBudget>;

export interface UploadBodiesOptions {
  /** The user the Cookie header's session names, or null (a visitor, an ended session). */
  signedInUser: (cookieHeader: string | undefined) => Promise<SessionUser | null>;
  /** The longest an upload's body may take to arrive (UPLOAD_BODY_TIMEOUT_MS). */
  deadlineMs: number;
  /** Bytes of uploads parsed in memory at once (UPLOAD_MEMORY_MB). */
  memory: ByteBudget;
  /** The longest a whole upload waits for its share of the memory (RENDER_QUEUE_WAIT_MS). */
  maxWaitMs: number;
  /** Where the bodies are written while they arrive (a fresh folder in the system's temporary one). */
  directory?: string;
}

/** One folder per process for the bodies being received (systemd's PrivateTmp empties it at a restart). */
let processFolder: Promise<string> | undefined;

export function uploadBodies({ signedInUser, deadlineMs, memory, maxWaitMs, directory }: UploadBodiesOptions) {
  const spoolFolder = (): Promise<string> => {
    if (directory) return Promise.resolve(directory);
    processFolder ??= fs.promises.mkdtemp(path.join(os.tmpdir(), "kamernest-uploads-")).catch((error: unknown) => {
      processFolder = undefined; // Asked again at the next upload.
      throw error;
    });
    return processFolder;
  };

  return async (req: Request, res: Response, next: NextFunction) => {
    const route = uploadRouteFor(req.path);
    if (!route) return next();
    // What this request holds, given back when its answer is sent or its client goes away.
    let file: string | undefined;
    let release: (() => void) | undefined;
    let closed = false;
    const cleanUp = () => {
      if (file) fs.rm(file, { force: true }, () => {});
      file = undefined;
      release?.();
      release = undefined;
    };
    res.once("close", () => {
      closed = true;
      cleanUp();
    });

    let user: SessionUser | null;
    try {
      user = await signedInUser(req.headers.cookie);
    } catch (error) {
      // The database is away: the same translated 503 as the database gate's, body unread.
      logger.warn({ err: error }, "could not check an upload's session");
      req.pause();
      closeAfterAnswer(req, res);
      return sendStatusPage(req, res, "unavailable", { close: true });
    }
    if (closed) return;
    if (!user || !route.may(user)) {
      res.locals.requestBody = { withheld: true };
      res.setHeader("Connection", "close");
      closeAfterAnswer(req, res);
      return next();
    }

    try {
      file = path.join(await spoolFolder(), randomUUID());
    } catch (error) {
      return next(error);
    }
    if (closed) return cleanUp();
    const spooled = file;
    const out = fs.createWriteStream(spooled, { flags: "wx", mode: 0o600 });
    // A file that cannot be written (a full disk): the rest of the body is read and dropped, then
    // the error page; the reading never waits for a "drain" that will not come.
    let writeError: Error | undefined;
    let resumeReading: (() => void) | undefined;
    out.on("error", (error) => {
      writeError = error;
      resumeReading?.();
    });
    const { outcome, size } = await receiveBody(req, route.limit, deadlineMs, (chunk, resume) => {
      if (writeError || out.write(chunk)) return true;
      resumeReading = resume;
      out.once("drain", resume);
      return false;
    });
    await new Promise<void>((resolve) => out.end(() => resolve()));
    if (closed || outcome === "gone") return cleanUp();
    if (outcome === "tooLarge") return refuseBody(req, res, "tooLarge");
    if (outcome === "tooSlow") return refuseBody(req, res, "timeout");
    if (writeError) return next(writeError);

    const granted = await memory.take(size, maxWaitMs);
    if (closed) return granted?.();
    if (!granted) return sendStatusPage(req, res, "busy");
    release = granted;
    res.locals.requestBody = { file: spooled, size };
    next();
  };
}
