import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { checkStorageKey, checkStoragePrefix, type FileStorage } from "./file-storage";

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, Garage, R2, s3rver); AWS itself when absent. */
  endpoint?: string;
  /** Path-style addressing (http://host/bucket/key), which most S3-compatible services need. */
  forcePathStyle: boolean;
  /** Absent: the SDK's default chain (AWS_* variables, the instance's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Every key is stored under this prefix ("" or "segments/"), so one bucket can hold several sites. */
  prefix: string;
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // A bucket that does not answer must not hold an upload (and its request) for minutes.
    maxAttempts: 3,
  });
}

const notFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === "NoSuchKey" || error.name === "NotFound");

/**
 * Objects in one bucket under `prefix`. No ACL is ever sent: objects keep the bucket's default
 * (private), and photos reach browsers only through our /media route, documents only through the
 * routes that check who asks. Keys follow the same rule as on disk (checkStorageKey).
 */
export class S3FileStorage implements FileStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix = "",
  ) {
    checkStoragePrefix(prefix);
  }

  /** The same bucket under a deeper prefix (documents under "private/"). */
  within(prefix: string): S3FileStorage {
    return new S3FileStorage(this.client, this.bucket, this.prefix + prefix);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.keyOf(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.byteLength,
      }),
    );
  }

  async get(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
      const bytes = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
      return { bytes, contentType: out.ContentType ?? "application/octet-stream" };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async has(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
      return true;
    } catch (error) {
      if (notFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a missing key too: deleting twice is not an error, as on disk.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
  }

  async list(prefix: string): Promise<string[]> {
    checkStoragePrefix(prefix);
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(this.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  private keyOf(key: string): string {
    checkStorageKey(key);
    return this.prefix + key;
  }
}
