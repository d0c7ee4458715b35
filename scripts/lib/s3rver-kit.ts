// s3rver (an S3 API over a local directory) on loopback, for the S3 storage tests and the
// cluster script: nothing leaves the machine. Its fixed credentials are S3RVER / S3RVER.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "#infrastructure/storage/s3-file-storage";

export interface RunningS3rver {
  endpoint: string;
  bucket: string;
  /** For loadConfig / an instance's environment. */
  env: Record<string, string>;
  /** For createS3Client, with the given key prefix. */
  settings(prefix?: string): S3Settings;
  stop(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 (a free port unless `port` is given) with one empty bucket. */
export async function startS3rver(options: { bucket?: string; port?: number } = {}): Promise<RunningS3rver> {
  const bucket = options.bucket ?? "kamernest-test";
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    settings: (prefix = "") => ({ bucket, region: "us-east-1", endpoint, forcePathStyle: true, credentials, prefix }),
    async stop() {
      // The SDK keeps connections alive; close() alone would wait for them.
      server.httpServer?.closeAllConnections();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
