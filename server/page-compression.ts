// A rendered page, compressed whole (issue 12, decision 0160).
//
// A page reaches the network as one buffer (server/caching.ts holds it for its ETag), so it is
// compressed in one call, off the main thread (on the compression worker, decision 0173; the
// page cache's stored copies on libuv's thread pool), instead of through the `compression`
// middleware's stream (a zlib stream set up per response, the page fed to it in pieces). Brotli
// when the browser accepts it: at quality 5 it costs what gzip at 6 costs and the page is 8–14 %
// smaller, which a student on a paid 2G connection pays for; gzip otherwise. `compression` still
// handles every other answer (data, CSV, files): it leaves alone a response that already has
// Content-Encoding.
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import type { Response } from "express";
import { CompressionWorker } from "./compression-worker";
import { logger } from "#infrastructure/logging/logger";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a page is sent as it is (the `compression` middleware's own threshold). */
export const COMPRESSION_THRESHOLD = 1024;

export type PageEncoding = "br" | "gzip" | "identity";

/**
 * Whether `Accept-Encoding` accepts `name`, read as Express's req.acceptsEncodings() (negotiator)
 * reads it: the token as sent, accepted unless its q is 0 or unreadable. Browsers send no
 * q-values here; an encoding refused with q=0 is not accepted. Also used on the bare listener,
 * where Express has not run.
 */
function acceptsEncoding(header: string | undefined, name: "br" | "gzip"): boolean {
  if (!header) return false;
  for (const part of header.split(",")) {
    const match = /^\s*([^\s;]+)\s*(?:;(.*))?$/.exec(part.trim());
    if (!match || match[1] !== name) continue;
    let q = 1;
    for (const param of match[2]?.split(";") ?? []) {
      const [key, value] = param.trim().split("=");
      if (key === "q") {
        q = parseFloat(value ?? "");
        break;
      }
    }
    if (q > 0) return true;
  }
  return false;
}

// Browsers send a handful of distinct Accept-Encoding values: each is read once (at most 100 kept).
const encodingChoices = new Map<string, PageEncoding>();

/** Brotli whenever the browser accepts it (it is the smaller), else gzip, else the plain bytes (a stored page's too). */
export function storedEncoding(acceptEncoding: string | undefined): PageEncoding {
  const header = acceptEncoding ?? "";
  let choice = encodingChoices.get(header);
  if (choice === undefined) {
    choice = acceptsEncoding(header, "br") ? "br" : acceptsEncoding(header, "gzip") ? "gzip" : "identity";
    if (encodingChoices.size >= 100) encodingChoices.clear();
    encodingChoices.set(header, choice);
  }
  return choice;
}

/**
 * How hard to compress: a page sent once is compressed at the cost gzip 6 has (Brotli 5); a page
 * stored and sent many times is worth more (Brotli 9: most of 11's gain for a fraction of its cost).
 * In a rush (pages waiting for their turn to render, server/admission.ts) a page sent once is
 * compressed at about half that cost (gzip 3, Brotli 3: 8–16 % more bytes, Brotli 3 still no more
 * than gzip 6): the CPU saved shortens the queue, and a page's wait in it (100–250 ms) is longer
 * than the extra bytes take on 2G (10–15 ms) (decision 0174).
 */
const EFFORT = { live: { brotli: 5, gzip: 6 }, rush: { brotli: 3, gzip: 3 }, stored: { brotli: 9, gzip: 9 } } as const;

/** How hard a page is compressed: `live` and `rush` for a page sent once, `stored` for the page cache's copies. */
export type CompressionEffort = keyof typeof EFFORT;

/** Live pages are compressed on a worker thread of their own (server/compression-worker.ts, decision 0173). */
const liveCompression = new CompressionWorker({
  onFailure: (error) => logger.warn({ err: error }, "the compression worker failed: pages are compressed on the thread pool for a minute"),
});

/**
 * `body` compressed in `encoding`. A live page goes to the compression worker, and to zlib on the
 * thread pool if the worker fails; a stored page (compressed once, harder, for the page cache) goes
 * to the thread pool, so a long Brotli 9 never holds the live pages queued behind it.
 */
export function compressPage(body: Buffer, encoding: PageEncoding, effort: CompressionEffort = "live"): Promise<Buffer> {
  if (effort !== "stored" && encoding !== "identity") {
    const level = encoding === "br" ? EFFORT[effort].brotli : EFFORT[effort].gzip;
    return liveCompression.compress(body, encoding, level).catch(() => compressOnThreadPool(body, encoding, effort));
  }
  return compressOnThreadPool(body, encoding, effort);
}

function compressOnThreadPool(body: Buffer, encoding: PageEncoding, effort: CompressionEffort): Promise<Buffer> {
  if (encoding === "br") {
    return brotliAsync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: EFFORT[effort].brotli,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  if (encoding === "gzip") return gzipAsync(body, { level: EFFORT[effort].gzip });
  return Promise.resolve(body);
}

/**
 * Sends `body` compressed in `encoding` (chosen from the request's Accept-Encoding by the caller),
 * with Content-Encoding, Content-Length and `Vary: Accept-Encoding`, through `end` (the response's
 * end as the middleware in front wrapped it), at `effort` (`rush` while pages wait for their turn).
 * A failed compression sends the plain bytes.
 */
export function endCompressed(
  res: Response,
  body: Buffer,
  encoding: PageEncoding,
  end: (body: Buffer, cb?: () => void) => unknown,
  cb?: () => void,
  effort: Exclude<CompressionEffort, "stored"> = "live",
): void {
  res.vary("Accept-Encoding");
  if (
    encoding === "identity" ||
    body.length < COMPRESSION_THRESHOLD ||
    res.getHeader("Cache-Control")?.toString().includes("no-transform")
  ) {
    res.setHeader("Content-Length", body.length);
    end(body, cb);
    return;
  }
  compressPage(body, encoding, effort).then(
    (compressed) => {
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", compressed.length);
      end(compressed, cb);
    },
    () => {
      res.setHeader("Content-Length", body.length);
      end(body, cb);
    },
  );
}
