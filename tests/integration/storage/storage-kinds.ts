// The two file storages the storage tests run against: a temporary directory, and a bucket on
// s3rver (started here, on loopback). Not a test file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startS3rver } from "../../../scripts/lib/s3rver-kit";
import { createFileStorages, type FileStorages } from "#infrastructure/storage/create-file-storage";
import type { FileStorage } from "#infrastructure/storage/file-storage";

export type StorageKind = "local" | "s3";
export const STORAGE_KINDS: StorageKind[] = ["local", "s3"];

export interface StorageFixture {
  files: FileStorages;
  /** Environment for loadConfig (the route harness) that selects the same storage. */
  env: Record<string, string>;
  /** The S3 server, for tests that make their own client. */
  s3?: Awaited<ReturnType<typeof startS3rver>>;
  close(): Promise<void>;
}

export async function openStorage(kind: StorageKind): Promise<StorageFixture> {
  if (kind === "local") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-storage-"));
    return {
      files: createFileStorages({ storageDir: dir }),
      env: { STORAGE_DIR: dir },
      close: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const s3 = await startS3rver();
  return {
    files: createFileStorages({ storageDir: "unused", objectStorage: s3.settings("site/") }),
    env: { ...s3.env, S3_PREFIX: "site/" },
    s3,
    close: () => s3.stop(),
  };
}

/**
 * A storage whose `failAt`-th put fails, once the puts before it have finished: an upload that
 * stops after some of its objects were stored (a full disk, a bucket that went away).
 */
export class FailingStorage implements FileStorage {
  private puts: Array<Promise<void>> = [];

  constructor(
    private readonly inner: FileStorage,
    private readonly failAt: number,
  ) {}

  put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const earlier = [...this.puts];
    const attempt =
      this.puts.length + 1 === this.failAt
        ? Promise.allSettled(earlier).then(() => Promise.reject(new Error(`storage failed on put ${this.failAt}`)))
        : this.inner.put(key, bytes, contentType);
    this.puts.push(attempt.catch(() => undefined));
    return attempt;
  }
  get(key: string) {
    return this.inner.get(key);
  }
  has(key: string) {
    return this.inner.has(key);
  }
  delete(key: string) {
    return this.inner.delete(key);
  }
  list(prefix: string) {
    return this.inner.list(prefix);
  }
}
