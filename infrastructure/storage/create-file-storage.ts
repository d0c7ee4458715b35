import path from "node:path";
import type { Config } from "../config/config";
import type { FileStorage } from "./file-storage";
import { LocalFileStorage } from "./local-file-storage";
import { createS3Client, S3FileStorage } from "./s3-file-storage";

export interface FileStorages {
  /** Photos and blog covers: keys "photos/<name>-<width>.<ext>", served by /media/photos. */
  photos: FileStorage;
  /** Agents' and hosts' documents: never served but through the routes that check who asks. */
  documents: FileStorage;
}

/**
 * One layout for both storages (decision 0135): photos under "photos/", documents under
 * "private/", below STORAGE_DIR on disk or below S3_PREFIX in the bucket.
 */
export function createFileStorages(config: Pick<Config, "storageDir" | "objectStorage">): FileStorages {
  if (config.objectStorage) {
    const root = new S3FileStorage(createS3Client(config.objectStorage), config.objectStorage.bucket, config.objectStorage.prefix);
    return { photos: root, documents: root.within("private/") };
  }
  return { photos: new LocalFileStorage(config.storageDir), documents: new LocalFileStorage(path.join(config.storageDir, "private")) };
}
