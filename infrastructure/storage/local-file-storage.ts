import fs from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { checkStorageKey, checkStoragePrefix, InvalidStorageKeyError, RESERVED_SUFFIXES, type FileStorage } from "./file-storage";

export { InvalidStorageKeyError } from "./file-storage";

const TYPE_SUFFIX = ".content-type";

/**
 * Files under one root directory, outside public/: private documents are served only through a
 * route that checks who asks. The content type sits next to each file in `<file>.content-type`.
 */
export class LocalFileStorage implements FileStorage {
  private readonly root: string;

  constructor(rootDir: string) {
    this.root = path.resolve(rootDir);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file and "it exists" means "it is whole".
    const temp = `${file}.${randomUUID()}.tmp`;
    await fs.writeFile(temp, bytes);
    await fs.writeFile(`${file}${TYPE_SUFFIX}`, contentType, "utf8");
    await fs.rename(temp, file);
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

  async has(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.rm(file, { force: true });
    await fs.rm(`${file}${TYPE_SUFFIX}`, { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    checkStoragePrefix(prefix);
    const dir = path.join(this.root, ...prefix.split("/").filter(Boolean));
    let entries: string[];
    try {
      entries = await fs.readdir(dir, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const keys: string[] = [];
    for (const entry of entries) {
      const key = prefix + entry.split(path.sep).join("/");
      if (RESERVED_SUFFIXES.some((s) => key.endsWith(s))) continue;
      if ((await fs.stat(path.join(dir, entry))).isFile()) keys.push(key);
    }
    return keys.sort();
  }

  private pathOf(key: string): string {
    const file = path.resolve(this.root, ...checkStorageKey(key));
    // Belt and braces: whatever the checks missed, the file must sit inside the root.
    if (!file.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }
}
