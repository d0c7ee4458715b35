// The compression worker (server/compression-worker.ts): pages compressed on a thread of their own.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { CompressionWorker, CompressionWorkerError } from "../../server/compression-worker";
import { compressPage } from "../../server/page-compression";

const page = Buffer.from(
  `<!DOCTYPE html><html lang="fr"><body>${"<p>Chambre à Molyko, 25 000 FCFA par mois</p>".repeat(400)}</body></html>`,
);

describe("the compression worker", () => {
  let worker: CompressionWorker;
  afterEach(async () => {
    await worker.close();
  });

  it("compresses a page in gzip and in Brotli, many at once, each to its own bytes", async () => {
    worker = new CompressionWorker();
    const pages = Array.from({ length: 12 }, (_, i) => Buffer.concat([page, Buffer.from(`<!-- ${i} -->`)]));
    const [gzipped, brotli] = await Promise.all([
      Promise.all(pages.map((p) => worker.compress(p, "gzip", 6))),
      Promise.all(pages.map((p) => worker.compress(p, "br", 5))),
    ]);
    pages.forEach((p, i) => {
      expect(gunzipSync(gzipped[i]).equals(p)).toBe(true);
      expect(brotliDecompressSync(brotli[i]).equals(p)).toBe(true);
      expect(gzipped[i].length).toBeLessThan(p.length / 10);
    });
    expect(worker.waiting).toBe(0);
  });

  it("leaves the caller's bytes as they were", async () => {
    worker = new CompressionWorker();
    const body = Buffer.from(page);
    await worker.compress(body, "br", 5);
    expect(body.equals(page)).toBe(true);
  });

  it("fails the pages it held when it is stopped, and starts again for the next one", async () => {
    worker = new CompressionWorker();
    const held = expect(worker.compress(page, "br", 11)).rejects.toBeInstanceOf(CompressionWorkerError);
    await worker.close();
    await held;
    expect(gunzipSync(await worker.compress(page, "gzip", 6)).equals(page)).toBe(true);
  });
});

describe("compressPage", () => {
  it("gives live and stored pages the same bytes back once decompressed", async () => {
    for (const effort of ["live", "stored"] as const) {
      expect(gunzipSync(await compressPage(page, "gzip", effort)).equals(page)).toBe(true);
      expect(brotliDecompressSync(await compressPage(page, "br", effort)).equals(page)).toBe(true);
    }
    expect((await compressPage(page, "identity")).equals(page)).toBe(true);
  });
});

describe("a compression worker that cannot run", () => {
  it("fails its pages at once for a while after it failed, without starting a worker for each, then tries again", async () => {
    const failures: Error[] = [];
    const broken = new CompressionWorker({ source: "throw new Error('broken')", restMs: 300, onFailure: (e) => failures.push(e) });
    try {
      await expect(broken.compress(page, "gzip", 6)).rejects.toBeInstanceOf(CompressionWorkerError);
      expect(failures).toHaveLength(1);
      // Resting: refused at once, nothing started, nothing more reported.
      await expect(broken.compress(page, "gzip", 6)).rejects.toThrow(/a moment ago/);
      expect(failures).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 350));
      await expect(broken.compress(page, "gzip", 6)).rejects.toBeInstanceOf(CompressionWorkerError);
      expect(failures).toHaveLength(2);
    } finally {
      await broken.close();
    }
  });
});
