import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "~/storage/object-store.server";

/** A real S3 API (s3rver) on 127.0.0.1 with one empty bucket, files in a temporary directory. */
export async function startS3(bucket = "streakcoach-test") {
  const directory = mkdtempSync(path.join(os.tmpdir(), "coach-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${address.port}`,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    bucket,
    forcePathStyle: true,
  };
  return {
    settings,
    /** The app's settings for this bucket, for setAppEnv or a child process's env. */
    appEnv: {
      BUCKET_NAME: settings.bucket,
      AWS_ENDPOINT_URL_S3: settings.endpoint,
      AWS_ACCESS_KEY_ID: settings.accessKeyId,
      AWS_SECRET_ACCESS_KEY: settings.secretAccessKey,
      AWS_REGION: settings.region,
      AWS_S3_FORCE_PATH_STYLE: "true",
    },
    directory,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
