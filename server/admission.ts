// The admission gate for requests that need the app (a render, a form, a loader's data): at most
// `limit` of them run at once, the others wait their turn in arrival order (docs/decisions/0150).
//
// Without it, every request nginx hands over starts at once and all of them share one event loop:
// each one's render is cut into slices between everyone else's, so every request's latency grows
// with the number in flight, and under a burst the slowest go past nginx's proxy_read_timeout
// (504). With the gate, a request that runs is done in about `limit` renders' time, and one that
// waits is answered in the order it came. A request that has waited `maxWaitMs` gets the
// translated 503 "busy, try again" page with Retry-After: a last resort, well before nginx would
// give up on it.
//
// It sits after the visitors' page cache: stored pages, static files, photos, /healthz and
// /readyz never wait here, nor the demo's simulated checkout while it sleeps (isExemptFromAdmission).
import type { NextFunction, Request, Response } from "express";

export interface AdmissionOptions {
  /** Requests running at once; 0 turns the gate off. */
  limit: number;
  /** The longest a request waits for its turn before the busy answer. */
  maxWaitMs: number;
  /** The answer to a request that waited too long (the translated 503 page). */
  onBusy: (req: Request, res: Response) => void;
  /** Requests that never wait (they report on the instance itself). */
  exempt?: (req: Request) => boolean;
}

interface Waiting {
  res: Response;
  next: NextFunction;
  timer: NodeJS.Timeout;
}

const HEALTH_PATHS = new Set(["/healthz", "/readyz"]);

/**
 * What never waits: /healthz and /readyz (they report on the instance itself), and the demo's
 * simulated checkout when it is approved or declined: that POST sleeps the provider's 2 s before
 * answering, and a request holds its place while it sleeps; under bench:load the Approves' sleeps
 * held most of the places while the CPU stood idle (decision 0150).
 */
export function isExemptFromAdmission(req: Pick<Request, "path" | "method">): boolean {
  return HEALTH_PATHS.has(req.path) || (req.method === "POST" && req.path.startsWith("/simulated-checkout/"));
}

export function admissionGate({ limit, maxWaitMs, onBusy, exempt = isExemptFromAdmission }: AdmissionOptions) {
  let running = 0;
  let busyAnswers = 0;
  // A FIFO: entries are taken from the front. A plain array's shift() is fine at these lengths
  // (a few hundred at most, bounded by the connections nginx keeps).
  const queue: Waiting[] = [];
  // At most one request starts per turn of the event loop (decision 0157). Node accepts one new
  // connection per turn, and reads new requests once per turn; on SQLite a started request runs
  // its loaders and its render to the end without leaving the turn (its statements resolve as
  // microtasks), so a turn that started every waiting request took as long as all of them: under
  // load a connection opened meanwhile waited seconds to be accepted. One start per turn keeps a
  // turn to about one render, and the queue is still served in arrival order.
  let startedThisTurn = false;
  let turnScheduled = false;
  const nextTurn = () => {
    if (turnScheduled) return;
    turnScheduled = true;
    setImmediate(onNextTurn);
  };

  const start = (res: Response, next: NextFunction) => {
    running++;
    startedThisTurn = true;
    nextTurn();
    let released = false;
    // "close" comes once the answer is sent, and also when the client went away first.
    res.once("close", () => {
      if (released) return;
      released = true;
      running--;
      if (queue.length > 0) nextTurn();
    });
    next();
  };

  function onNextTurn() {
    turnScheduled = false;
    startedThisTurn = false;
    while (running < limit && queue.length > 0) {
      const waiting = queue.shift()!;
      clearTimeout(waiting.timer);
      // A client that left while it waited is not served (its close already removed it, but a
      // socket may close between the two).
      if (waiting.res.destroyed || waiting.res.writableEnded) continue;
      start(waiting.res, waiting.next);
      break;
    }
  }

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (limit <= 0 || exempt(req)) return next();
    if (running < limit && queue.length === 0 && !startedThisTurn) return start(res, next);
    const waiting: Waiting = {
      res,
      next,
      timer: setTimeout(() => {
        const at = queue.indexOf(waiting);
        if (at === -1) return;
        queue.splice(at, 1);
        busyAnswers++;
        onBusy(req, res);
      }, maxWaitMs),
    };
    queue.push(waiting);
    if (running < limit) nextTurn();
    // A client that goes away while waiting leaves the queue at once.
    res.once("close", () => {
      const at = queue.indexOf(waiting);
      if (at === -1) return;
      queue.splice(at, 1);
      clearTimeout(waiting.timer);
    });
  };

  return Object.assign(middleware, {
    /** Requests running now, waiting now, and answered "busy" since the start. */
    stats: () => ({ running, waiting: queue.length, busyAnswers }),
  });
}
