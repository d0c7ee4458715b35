// A page compressed on a thread of its own (issue 12, decision 0173).
//
// Node's asynchronous zlib and Brotli run on libuv's thread pool, but each call is a stream set up
// and driven from the main thread: measured on a 55 KB page, 8 at a time, the main thread spent
// 0.04–0.09 ms a page on it (0.14–0.35 ms under a server's load, in its CPU profile) and the
// process 0.29–0.55 ms (gzip) and 0.57–0.75 ms (Brotli), where the same compression done in one
// synchronous call costs 0.21 and 0.24 ms. One worker thread doing the synchronous call costs the
// main thread only the message (0.03 ms) and the process 0.28–0.35 ms in all. The main thread is
// what limits a rendered page's throughput; the CPU saved is the machine's, which a 2-core server
// shares with PostgreSQL and nginx.
//
// The worker starts with the first page and never keeps the process alive. If it fails, every page
// it held is compressed again by the caller's fallback (zlib on the thread pool), and so is every
// page for a minute after; then a new worker is started. A worker that cannot run is not started
// again for every page.
import { Worker } from "node:worker_threads";

export type WorkerEncoding = "br" | "gzip";

/** What the worker runs: plain CommonJS (no loader of ours reaches a worker started from a string). */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const zlib = require("node:zlib");
parentPort.on("message", ({ id, bytes, encoding, level }) => {
  try {
    const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const output = encoding === "br"
      ? zlib.brotliCompressSync(input, { params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: level,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
        } })
      : zlib.gzipSync(input, { level });
    // Its own ArrayBuffer (a small result may sit in Buffer's shared pool), moved, not copied back.
    const result = new Uint8Array(output.buffer, output.byteOffset, output.byteLength).slice();
    parentPort.postMessage({ id, bytes: result }, [result.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

interface Pending {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

export class CompressionWorkerError extends Error {
  override name = "CompressionWorkerError";
}

export interface CompressionWorkerOptions {
  /** How long after a failure pages go to the caller's fallback before a new worker is tried (ms). */
  restMs?: number;
  /** Told each failure of the worker (the server logs it). */
  onFailure?: (error: Error) => void;
  /** The worker's code (tests give one that fails). */
  source?: string;
}

export class CompressionWorker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private failedAt = Number.NEGATIVE_INFINITY;
  private readonly restMs: number;
  private readonly onFailure: (error: Error) => void;
  private readonly source: string;

  constructor({ restMs = 60_000, onFailure = () => {}, source = WORKER_SOURCE }: CompressionWorkerOptions = {}) {
    this.restMs = restMs;
    this.onFailure = onFailure;
    this.source = source;
  }

  /** `body` compressed in `encoding` at `level` (Brotli's quality, gzip's level). */
  compress(body: Buffer, encoding: WorkerEncoding, level: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      if (!this.worker && performance.now() - this.failedAt < this.restMs) {
        reject(new CompressionWorkerError("the compression worker failed a moment ago"));
        return;
      }
      let worker: Worker;
      try {
        worker = this.started();
      } catch (error) {
        const failure = new CompressionWorkerError(`the compression worker could not start: ${String(error)}`);
        this.failed(failure);
        reject(failure);
        return;
      }
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      // A copy the worker owns: the caller still holds `body` (sent as it is if compression fails).
      const bytes = new Uint8Array(body);
      worker.postMessage({ id, bytes, encoding, level }, [bytes.buffer]);
      worker.ref();
    });
  }

  /** Pages waiting for the worker now (for tests). */
  get waiting(): number {
    return this.pending.size;
  }

  /** Stops the worker; pages it held fail (their callers fall back). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll(new CompressionWorkerError("the compression worker was stopped"));
    if (worker) await worker.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.source, { eval: true });
    worker.unref();
    worker.on("message", (message: { id: number; bytes?: Uint8Array; error?: string }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      // Idle again: an unref'd worker never keeps the process alive.
      if (this.pending.size === 0) worker.unref();
      if (message.bytes) waiting.resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
      else waiting.reject(new CompressionWorkerError(message.error ?? "the compression worker failed"));
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.failed(error);
      this.failAll(error);
    };
    worker.on("error", (error) => lost(new CompressionWorkerError(`the compression worker failed: ${error.message}`)));
    worker.on("exit", (code) => lost(new CompressionWorkerError(`the compression worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  private failed(error: Error): void {
    this.failedAt = performance.now();
    this.onFailure(error);
  }

  private failAll(error: Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const { reject } of waiting) reject(error);
  }
}
