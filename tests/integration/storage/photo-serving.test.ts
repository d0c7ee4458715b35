// A photo an agent uploads through the portal route is served at /media/photos by server/media.ts,
// from whichever storage is configured (local disk, or S3 on s3rver): the variants' bytes and
// types, a year of immutable caching, 304 for its ETag; documents are never reachable there.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as editRoute from "~/routes/agents+/properties_.$id.edit";
import * as newRoute from "~/routes/agents+/new-property";
import { servePhotos } from "../../../server/media";
import type { FileStorage } from "#infrastructure/storage/file-storage";
import { createPersona, createRouteHarness, signedInJar, type CookieJar, type RouteHarness } from "../../support/route-harness";
import { validProperty } from "../routes/portal-support";
import { openStorage, STORAGE_KINDS, type StorageFixture } from "./storage-kinds";

/** The /media route as server/http-app.ts mounts it, with a plain 404 behind it. */
async function mediaServer(storage: FileStorage, errors: unknown[] = []): Promise<{ url: string; server: Server }> {
  const app = express();
  app.use(
    "/media/photos",
    servePhotos(storage, (e) => errors.push(e)),
  );
  app.use((_req, res) => res.status(404).end());
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe.each(STORAGE_KINDS)("uploaded photos served at /media/photos (%s)", (kind) => {
  let fx: StorageFixture;
  let h: RouteHarness;
  let agent: CookieJar;
  let media: { url: string; server: Server };

  beforeAll(async () => {
    fx = await openStorage(kind);
    h = await createRouteHarness({ env: fx.env });
    agent = await signedInJar(h, (await createPersona(h, "approvedAgent")).id);
    media = await mediaServer(h.services.files.photos);
  }, 60_000);
  afterAll(async () => {
    media?.server.close();
    await h?.close();
    await fx?.close();
  });

  async function uploadPhoto(): Promise<string> {
    const created = await h.post(newRoute, "/agents/new-property", validProperty, { jar: agent });
    const id = decodeURIComponent(/\/agents\/properties\/([^/]+)\/edit/.exec(created.location ?? "")![1]!);
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2a6" } })
      .jpeg()
      .toBuffer();
    const photo = new File([new Uint8Array(jpeg)], "room.jpg", { type: "image/jpeg" });
    const r = await h.post(editRoute, `/agents/properties/${id}/edit`, { intent: "add-photo", photo }, { jar: agent, params: { id } });
    expect(r.status).toBe(302);
    const row = await h.database.db.selectFrom("photos").select("storage_key").where("owner_id", "=", id).executeTakeFirstOrThrow();
    return row.storage_key;
  }

  it("serves every variant of an uploaded photo with its type and a year of immutable caching", async () => {
    const key = await uploadPhoto();
    expect(key).toMatch(/^photos\/[0-9a-f-]{36}$/);
    // Stored where the configuration says (read back through a separate handle on the same place).
    expect((await fx.files.photos.list("photos/")).filter((k) => k.startsWith(key))).toHaveLength(4);
    for (const [suffix, type, width] of [
      ["-320.webp", "image/webp", 320],
      ["-640.webp", "image/webp", 640],
      ["-1024.webp", "image/webp", 1024],
      ["-640.jpg", "image/jpeg", 640],
    ] as const) {
      const response = await fetch(`${media.url}/media/${key}${suffix}`);
      expect(response.status, suffix).toBe(200);
      expect(response.headers.get("content-type")).toBe(type);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: type === "image/webp" ? "webp" : "jpeg", width });
    }
    const etag = (await fetch(`${media.url}/media/${key}-640.webp`)).headers.get("etag")!;
    const again = await fetch(`${media.url}/media/${key}-640.webp`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const head = await fetch(`${media.url}/media/${key}-320.webp`, { method: "HEAD" });
    expect(head.status).toBe(200);
  });

  it("answers 404 for a photo that does not exist and for any name that is not a variant", async () => {
    const key = await uploadPhoto();
    for (const path of [
      `/media/${key}-800.webp`,
      `/media/${key}.webp`,
      `/media/${key}-640.png`,
      "/media/photos/00000000-0000-0000-0000-000000000000-640.webp",
    ]) {
      expect((await fetch(`${media.url}${path}`)).status, path).toBe(404);
    }
  });

  it("never serves a document, whatever the path says", async () => {
    await h.services.files.documents.put("agent-documents/u1/licence.pdf", new Uint8Array([0x25, 0x50, 0x44, 0x46]), "application/pdf");
    for (const path of [
      "/media/photos/../private/agent-documents/u1/licence.pdf",
      "/media/photos/..%2Fprivate%2Fagent-documents%2Fu1%2Flicence.pdf",
      "/media/private/agent-documents/u1/licence.pdf",
      "/media/photos/licence.pdf",
      "/media/photos/agent-documents/u1/licence.pdf",
    ]) {
      expect((await fetch(`${media.url}${path}`)).status, path).toBe(404);
    }
  });
});

describe("the /media route when the storage fails", () => {
  it("answers 503, not cacheable, and reports the failure", async () => {
    const broken: FileStorage = {
      put: async () => {},
      get: async () => {
        throw new Error("bucket unreachable");
      },
      has: async () => false,
      delete: async () => {},
      list: async () => [],
    };
    const errors: unknown[] = [];
    const media = await mediaServer(broken, errors);
    try {
      const response = await fetch(`${media.url}/media/photos/pool-1-640.webp`);
      expect(response.status).toBe(503);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(errors).toHaveLength(1);
    } finally {
      media.server.close();
    }
  });
});
