// One contract for both file storages (local disk and S3 on s3rver): what the photo pipeline, the
// documents and the /media route rely on behaves the same whichever is configured.
import { S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidStorageKeyError } from "#infrastructure/storage/file-storage";
import { S3FileStorage } from "#infrastructure/storage/s3-file-storage";
import { openStorage, STORAGE_KINDS, type StorageFixture } from "./storage-kinds";

const bytes = (...values: number[]) => new Uint8Array(values);

describe.each(STORAGE_KINDS)("file storage contract (%s)", (kind) => {
  let fx: StorageFixture;
  beforeAll(async () => {
    fx = await openStorage(kind);
  });
  afterAll(() => fx?.close());

  it("gives back what was put, with its content type", async () => {
    const { photos } = fx.files;
    await photos.put("photos/round-trip-320.webp", bytes(1, 2, 3, 250), "image/webp");
    expect(await photos.get("photos/round-trip-320.webp")).toEqual({ bytes: bytes(1, 2, 3, 250), contentType: "image/webp" });
    expect(await photos.has("photos/round-trip-320.webp")).toBe(true);
  });

  it("answers null and false for a missing key, and deleting it is not an error", async () => {
    const { photos } = fx.files;
    expect(await photos.get("photos/never-stored-640.webp")).toBeNull();
    expect(await photos.has("photos/never-stored-640.webp")).toBe(false);
    await expect(photos.delete("photos/never-stored-640.webp")).resolves.toBeUndefined();
  });

  it("replaces an object put again under the same key, and deletes it", async () => {
    const { photos } = fx.files;
    await photos.put("photos/replaced.pdf", bytes(1), "application/pdf");
    await photos.put("photos/replaced.pdf", bytes(9, 9), "image/png");
    expect(await photos.get("photos/replaced.pdf")).toEqual({ bytes: bytes(9, 9), contentType: "image/png" });
    await photos.delete("photos/replaced.pdf");
    expect(await photos.get("photos/replaced.pdf")).toBeNull();
    expect(await photos.has("photos/replaced.pdf")).toBe(false);
    expect(await photos.list("photos/")).not.toContain("photos/replaced.pdf");
  });

  it("lists the keys under a prefix only, sorted", async () => {
    const { photos } = fx.files;
    await photos.put("listed/b/two.txt", bytes(2), "text/plain");
    await photos.put("listed/a/one.txt", bytes(1), "text/plain");
    await photos.put("listed-not/x.txt", bytes(3), "text/plain");
    expect(await photos.list("listed/")).toEqual(["listed/a/one.txt", "listed/b/two.txt"]);
    expect(await photos.list("nothing-here/")).toEqual([]);
  });

  it("keeps documents apart from photos: a document's key is not a photos key", async () => {
    const { photos, documents } = fx.files;
    await documents.put("agent-documents/u1/d1.pdf", bytes(37, 80, 68, 70), "application/pdf");
    expect(await documents.get("agent-documents/u1/d1.pdf")).toEqual({ bytes: bytes(37, 80, 68, 70), contentType: "application/pdf" });
    expect(await photos.get("agent-documents/u1/d1.pdf")).toBeNull();
    expect((await photos.list("photos/")).some((k) => k.includes("agent-documents"))).toBe(false);
    expect(await documents.list("")).toEqual(["agent-documents/u1/d1.pdf"]);
  });

  it.each([
    "../outside",
    "photos/../../etc/passwd",
    "/absolute",
    "a//b",
    "a/./b",
    "",
    "photos/x.tmp",
    "photos/x.content-type",
    "a\\b",
    `${"x".repeat(513)}`,
  ])("refuses the key %j in every operation", async (key) => {
    const { photos } = fx.files;
    await expect(photos.put(key, bytes(1), "text/plain")).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(photos.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(photos.has(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(photos.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});

describe("S3 storage: objects are never made public", () => {
  it("sends no ACL with any put, so objects keep the bucket's private default", async () => {
    const fx = await openStorage("s3");
    try {
      const settings = fx.s3!.settings();
      const client = new S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: true,
        credentials: settings.credentials,
      });
      const sent: Array<Record<string, string>> = [];
      client.middlewareStack.add(
        (next) => async (args) => {
          sent.push({ ...(args.request as { headers: Record<string, string> }).headers });
          return next(args);
        },
        { step: "finalizeRequest" },
      );
      const storage = new S3FileStorage(client, settings.bucket, "acl/");
      await storage.put("private/agent-documents/u/d.pdf", bytes(1), "application/pdf");
      await storage.within("photos-root/").put("photos/p-320.webp", bytes(2), "image/webp");
      expect(sent).toHaveLength(2);
      for (const headers of sent) expect(Object.keys(headers).filter((h) => /acl|grant/i.test(h))).toEqual([]);
    } finally {
      await fx.close();
    }
  });
});

describe("S3 storage: a bucket that does not answer", () => {
  it("is an error for every operation, never taken for a missing key", async () => {
    const fx = await openStorage("s3");
    await fx.close();
    const { photos } = fx.files;
    await expect(photos.get("photos/p-320.webp")).rejects.toThrow();
    await expect(photos.has("photos/p-320.webp")).rejects.toThrow();
    await expect(photos.put("photos/p-320.webp", bytes(1), "image/webp")).rejects.toThrow();
  });
});
