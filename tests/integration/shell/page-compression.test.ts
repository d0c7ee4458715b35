// A rendered page is compressed whole (server/page-compression.ts, decision 0160): Brotli when the
// browser takes it, else gzip, else the plain bytes; with Content-Length and Vary; for signed-in
// pages too; a small page or an answer that is not HTML is left to the compression middleware.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants, gunzipSync, gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { htmlCaching } from "../../../server/caching";

/** A raw GET (fetch would decompress and drop the headers we check). */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("pages compressed whole", () => {
  let server: http.Server;
  let base: string;
  // While pages wait for their turn to render (server/admission.ts), set by a test.
  let rushing = false;
  const page = `<!DOCTYPE html><html><body>${"<p>Chambre à Molyko, 25 000 FCFA par mois.</p>".repeat(200)}</body></html>`;
  beforeAll(async () => {
    const app = express();
    app.set("etag", false);
    app.use(compression());
    app.use((_req, res, next) => {
      res.locals.cspNonce = "n0nce";
      next();
    });
    app.use(htmlCaching({ rush: () => rushing }));
    app.get("/page", (_req, res) => {
      res.type("html");
      res.write(page.slice(0, 1000));
      res.end(page.slice(1000));
    });
    app.get("/small", (_req, res) => res.type("html").send("<p>Hi</p>"));
    app.get("/missing", (_req, res) => res.status(404).type("html").send(page));
    app.get("/data", (_req, res) => res.json({ text: page }));
    server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers Brotli when accepted, gzip when only gzip is, and the plain page otherwise, each whole", async () => {
    const br = await get(`${base}/page`, { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.headers["transfer-encoding"]).toBeUndefined();
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);

    const gz = await get(`${base}/page`, { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(page);

    const refused = await get(`${base}/page`, { "Accept-Encoding": "br;q=0, gzip;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body.toString()).toBe(page);
    expect(Number(refused.headers["content-length"])).toBe(Buffer.byteLength(page));
  });

  it("keeps the ETag of the plain page, whatever the encoding, and compresses signed-in pages and errors too", async () => {
    const br = await get(`${base}/page`, { "Accept-Encoding": "br" });
    const plain = await get(`${base}/page`);
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).toBe(plain.headers.etag);

    const signedIn = await get(`${base}/page`, { "Accept-Encoding": "br", Cookie: "kn_session=abc" });
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(signedIn.headers.etag).toBeUndefined();
    expect(brotliDecompressSync(signedIn.body).toString()).toBe(page);

    const missing = await get(`${base}/missing`, { "Accept-Encoding": "gzip" });
    expect(missing.status).toBe(404);
    expect(gunzipSync(missing.body).toString()).toBe(page);
  });

  it("sends a small page as it is and leaves other answers to the compression middleware", async () => {
    const small = await get(`${base}/small`, { "Accept-Encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe("<p>Hi</p>");
    const data = await get(`${base}/data`, { "Accept-Encoding": "gzip" });
    expect(data.headers["content-encoding"]).toBe("gzip");
    expect(data.headers["transfer-encoding"]).toBe("chunked");
    expect(JSON.parse(gunzipSync(data.body).toString()).text).toBe(page);
  });

  it("compresses lighter while pages wait for their turn: gzip 3 and Brotli 3 instead of gzip 6 and Brotli 5", async () => {
    const bytes = Buffer.from(page);
    const brotli = (quality: number) =>
      brotliCompressSync(bytes, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      });
    const calm = {
      gzip: await get(`${base}/page`, { "Accept-Encoding": "gzip" }),
      br: await get(`${base}/page`, { "Accept-Encoding": "br" }),
    };
    rushing = true;
    try {
      const rush = {
        gzip: await get(`${base}/page`, { "Accept-Encoding": "gzip" }),
        br: await get(`${base}/page`, { "Accept-Encoding": "br" }),
      };
      expect(calm.gzip.body.equals(gzipSync(bytes, { level: 6 }))).toBe(true);
      expect(rush.gzip.body.equals(gzipSync(bytes, { level: 3 }))).toBe(true);
      expect(calm.br.body.equals(brotli(5))).toBe(true);
      expect(rush.br.body.equals(brotli(3))).toBe(true);
      expect(rush.gzip.body.equals(calm.gzip.body)).toBe(false);
      expect(rush.gzip.headers.etag).toBe(calm.gzip.headers.etag);
    } finally {
      rushing = false;
    }
  });
});
