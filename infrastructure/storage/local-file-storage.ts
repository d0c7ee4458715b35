import fs from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import type { DocumentStorage } from "../../domain/accounts/document-storage.port";

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const TYPE_SUFFIX = ".content-type";

/** Thrown for a key that could leave the storage root: a bug in the caller, never user input. */
export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = "InvalidStorageKeyError";
  }
}

/**
 * Files under one root directory, outside public/: private documents are served only through a
 * route that checks who asks. The content type sits next to each file in `<file>.content-type`.
 * Keys are `/`-separated segments of letters, digits, `.`, `_` and `-`, never `.` or `..`.
 */
export class LocalFileStorage implements DocumentStorage {
  private readonly root: string;

  constructor(rootDir: string) {
    this.root = path.resolve(rootDir);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${file}.${randomUUID()}.tmp`;
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, file);
    await fs.writeFile(`${file}${TYPE_SUFFIX}`, contentType, "utf8");
  }

  async get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    const file = this.pathOf(key);
    try {
      const [bytes, contentType] = await Promise.all([
        fs.readFile(file),
        fs.readFile(`${file}${TYPE_SUFFIX}`, "utf8").catch(() => "application/octet-stream"),
      ]);
      return { bytes: new Uint8Array(bytes), contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.rm(file, { force: true });
    await fs.rm(`${file}${TYPE_SUFFIX}`, { force: true });
  }

  private pathOf(key: string): string {
    const segments = key.split("/");
    const valid =
      key.length <= 512 &&
      !key.endsWith(TYPE_SUFFIX) &&
      !key.endsWith(".tmp") &&
      segments.every((s) => SEGMENT.test(s) && s !== "." && s !== "..");
    if (!valid) throw new InvalidStorageKeyError(key);
    const file = path.resolve(this.root, ...segments);
    // Belt and braces: whatever the checks above missed, the file must sit inside the root.
    if (!file.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }
}
