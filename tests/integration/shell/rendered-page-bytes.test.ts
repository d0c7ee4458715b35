// A page rendered whole (app/entry.server.tsx) reaches the socket as the bytes it was rendered to:
// the HTTP layer (server/http-app.ts) does not read them back through the Response's web stream.
import http from "node:http";
import { describe, expect, it } from "vitest";
import { renderedPageBytes, renderedPageResponse } from "~/static-page";
import { lastDocumentResponse, useHttpApp, type RunningApp } from "./http-app-harness";

function request(
  app: RunningApp,
  method: string,
  path: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: app.port, path, method }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("a page rendered whole", () => {
  const app = useHttpApp();

  it("keeps its bytes on its Response, which still reads as those bytes", async () => {
    const bytes = Buffer.from("<!DOCTYPE html><p>25 000 FCFA</p>");
    const response = renderedPageResponse(bytes, { status: 200, headers: { "Content-Type": "text/html" } });
    expect(renderedPageBytes(response)).toBe(bytes);
    expect(await response.text()).toBe("<!DOCTYPE html><p>25 000 FCFA</p>");
    expect(renderedPageBytes(new Response("<p>made elsewhere</p>"))).toBeUndefined();
  });

  it("is sent as those bytes, with their length, and its stream is never read", async () => {
    const page = await request(app(), "GET", "/page");
    expect(page.status).toBe(200);
    expect(page.body).toBe("<p>page 200</p>");
    expect(page.headers["content-length"]).toBe(String(Buffer.byteLength("<p>page 200</p>")));
    expect(lastDocumentResponse()?.bodyUsed).toBe(false);
  });

  it("answers HEAD (a Response Remix rebuilds without them) with the headers and no body", async () => {
    const head = await request(app(), "HEAD", "/page");
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers["content-type"]).toMatch(/^text\/html/);
  });
});
