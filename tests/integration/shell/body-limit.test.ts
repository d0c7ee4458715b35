// Request bodies are refused over their limit (1 MB for forms, 64 kB for webhooks, the upload
// limit plus 1 MB for agent verification) with 413 and a translated page, before being read.
import http from "node:http";
import { describe, expect, it } from "vitest";
import { FORM_BODY_LIMIT, UPLOAD_BODY_LIMITS, WEBHOOK_BODY_LIMIT, bodyLimitFor } from "../../../server/body-limit";
import { MAX_PHOTOS, MAX_PHOTO_BYTES } from "#domain/property-management/managed-property.entity";
import { signInAs, useHttpApp, type RunningApp } from "./http-app-harness";

interface Outcome {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** Bytes of the body the client had handed to the socket when the answer came. */
  sentWhenAnswered: number;
  /** The connection was closed by the server. */
  closed: Promise<void>;
}

const CHUNK = Buffer.alloc(64 * 1024, 0x61);

/**
 * POSTs `total` bytes in 64 kB chunks, as fast as the socket takes them, and stops writing as
 * soon as the answer arrives. With `declareLength` the Content-Length says `total`; otherwise
 * the body is chunked.
 */
function post(
  app: RunningApp,
  path: string,
  total: number,
  { declareLength, headers = {} }: { declareLength: boolean; headers?: Record<string, string> },
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request({
      host: "127.0.0.1",
      port: app.port,
      path,
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(declareLength ? { "Content-Length": String(total) } : {}),
        ...headers,
      },
    });
    const closed = new Promise<void>((done) => req.once("close", () => done()));
    req.on("error", (error) => {
      // Writing into a connection the server closed is expected once it answered.
      if (!answered) reject(error);
    });
    req.on("response", (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(parts).toString("utf8"),
          headers: res.headers,
          sentWhenAnswered,
          closed,
        }),
      );
      res.on("error", () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(parts).toString("utf8"),
          headers: res.headers,
          sentWhenAnswered,
          closed,
        }),
      );
    });
    const pump = () => {
      while (!answered && sent < total) {
        const piece = CHUNK.subarray(0, Math.min(CHUNK.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe("request body limits", () => {
  const app = useHttpApp();

  it("refuses a 60 MB POST to /auth/login by its Content-Length, with 413 and a translated page, before reading it", async () => {
    const total = 60 * 1024 * 1024;
    const outcome = await post(app(), "/auth/login", total, { declareLength: true });
    expect(outcome.status).toBe(413);
    expect(outcome.body).toContain("That was too much to send");
    expect(outcome.headers.connection).toBe("close");
    // The answer came while most of the body was still unsent: the server did not wait for it.
    expect(outcome.sentWhenAnswered).toBeLessThan(total / 2);
    await outcome.closed;
  });

  it("answers in French to a French reader", async () => {
    const outcome = await post(app(), "/auth/login", 2 * 1024 * 1024, {
      declareLength: true,
      headers: { "Accept-Language": "fr-CM,fr;q=0.9,en;q=0.5" },
    });
    expect(outcome.status).toBe(413);
    expect(outcome.body).toContain("L&#39;envoi est trop volumineux");
    expect(outcome.body).toContain('<html lang="fr">');
  });

  it("stops reading a chunked body at the limit: 413, and the connection is closed", async () => {
    const total = 40 * 1024 * 1024;
    const outcome = await post(app(), "/auth/login", total, { declareLength: false });
    expect(outcome.status).toBe(413);
    expect(outcome.sentWhenAnswered).toBeLessThan(total / 2);
    await outcome.closed;
  });

  it("passes bodies within the limit to the route, declared or chunked", async () => {
    for (const declareLength of [true, false]) {
      const outcome = await post(app(), "/echo", FORM_BODY_LIMIT, { declareLength });
      expect(outcome.status, `declareLength=${declareLength}`).toBe(200);
      expect(JSON.parse(outcome.body)).toMatchObject({ bytes: FORM_BODY_LIMIT });
    }
  });

  it("allows an agent's documents up to the upload limit, and not one byte more", async () => {
    const limit = UPLOAD_BODY_LIMITS["/auth/agent-verification"];
    expect(limit).toBe(26 * 1024 * 1024);
    // Only from an agent: anyone else's upload is never read (upload-bodies.test.ts).
    const agent = { Cookie: await signInAs({ role: "agent", isAgent: true, agentStatus: "pending" }) };
    const within = await post(app(), "/auth/agent-verification", 6 * 1024 * 1024, { declareLength: true, headers: agent });
    expect(within.status).toBe(200);
    expect(JSON.parse(within.body)).toMatchObject({ bytes: 6 * 1024 * 1024 });
    expect((await post(app(), "/auth/agent-verification", limit + 1, { declareLength: true, headers: agent })).status).toBe(413);
    // The same size is refused on an ordinary form, and on its single-fetch data URL.
    expect((await post(app(), "/auth/login.data", 6 * 1024 * 1024, { declareLength: true })).status).toBe(413);
  });

  it("allows ten property photos (8 MB each) plus the form on a property's edit page, and not one byte more", async () => {
    const limit = bodyLimitFor("/agents/properties/p-1/edit");
    expect(limit).toBe(MAX_PHOTOS * MAX_PHOTO_BYTES + 1024 * 1024);
    // The script's one-photo upload takes one.
    expect(bodyLimitFor("/agents/properties/p-1/photo-upload")).toBe(MAX_PHOTO_BYTES + 1024 * 1024);
    expect(bodyLimitFor("/host/houses/g-1/photo-upload")).toBe(MAX_PHOTO_BYTES + 1024 * 1024);
    expect(bodyLimitFor("/agents/properties/p-1/edit.data")).toBe(limit);
    // Only the edit page itself: its neighbours are ordinary forms.
    expect(bodyLimitFor("/agents/properties/p-1/close")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/agents/properties/p-1/x/edit")).toBe(FORM_BODY_LIMIT);
    expect((await post(app(), "/agents/properties/p-1/edit", limit + 1, { declareLength: true })).status).toBe(413);
  });

  it("allows a blog cover (8 MB) plus the article's texts on the new and edit pages of a post, not on the confirmation page", () => {
    for (const path of ["/admin/content/posts/new", "/admin/content/posts/b-1", "/admin/content/posts/b-1.data"])
      expect(bodyLimitFor(path), path).toBe(MAX_PHOTO_BYTES + 1024 * 1024);
    expect(bodyLimitFor("/admin/content/posts/b-1/delete")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/admin/content")).toBe(FORM_BODY_LIMIT);
  });

  it("holds the webhook to 64 kB, declared or chunked", async () => {
    expect((await post(app(), "/webhooks/fapshi", WEBHOOK_BODY_LIMIT, { declareLength: true })).status).toBe(200);
    expect((await post(app(), "/webhooks/fapshi", WEBHOOK_BODY_LIMIT + 1, { declareLength: true })).status).toBe(413);
    expect((await post(app(), "/webhooks/fapshi", 2 * 1024 * 1024, { declareLength: false })).status).toBe(413);
  });
});
