import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { env } from "~/utils/env.server";

// Where files that are not rows live: S3-compatible object storage (Fly's Tigris) when configured,
// else a directory beside the database, so the database never holds them either way.

export type StoredObject = { key: string; size: number; lastModified: Date };

export interface ObjectStore {
  /** Where the objects are, for people: "s3://bucket" or a directory. */
  readonly location: string;
  put(key: string, body: Buffer, contentType?: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  list(prefix: string): Promise<StoredObject[]>;
  delete(key: string): Promise<void>;
}

export type S3Settings = {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  forcePathStyle: boolean;
  /** The most one operation may take, its retries and its whole body included; S3_TIMEOUT_MS. */
  timeoutMs?: number;
};

export function s3Store(settings: S3Settings): ObjectStore {
  const timeoutMs = settings.timeoutMs ?? env.S3_TIMEOUT_MS;
  const client = new S3Client({
    // The handler's timeouts end a silent connection; only the signal below bounds a body that drips.
    requestHandler: { connectionTimeout: Math.min(timeoutMs, 5000), socketTimeout: timeoutMs },
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
  });
  const Bucket = settings.bucket;
  // One deadline per operation, covering the SDK's retries and, for a get, the read of the body.
  const within = () => ({ abortSignal: AbortSignal.timeout(timeoutMs) });
  return {
    location: `s3://${Bucket}`,
    async put(key, body, contentType = "application/octet-stream") {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
        within(),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }), within());
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async list(prefix) {
      const objects: StoredObject[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
          within(),
        );
        for (const o of page.Contents ?? [])
          objects.push({ key: o.Key!, size: o.Size ?? 0, lastModified: o.LastModified! });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return objects;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }), within());
    },
  };
}

/** Keys map to files under `dir` ("backups/x.db.gz" → dir/backups/x.db.gz); no key leaves it. */
export function localStore(dir: string): ObjectStore {
  const fileOf = (key: string) => {
    const file = path.resolve(dir, key);
    if (!file.startsWith(path.resolve(dir) + path.sep)) throw new Error("key outside the store");
    return file;
  };
  return {
    location: dir,
    async put(key, body) {
      const file = fileOf(key);
      // The server's alone: backups hold password hashes, photos are private.
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Whole or not at all: a reader never sees half a file.
      await writeFile(`${file}.partial`, body, { mode: 0o600 });
      await rename(`${file}.partial`, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async list(prefix) {
      const folder = path.dirname(fileOf(`${prefix}x`));
      const names = await readdir(folder).catch(() => [] as string[]);
      const objects: StoredObject[] = [];
      for (const name of names) {
        if (name.endsWith(".partial")) continue;
        const key = path.relative(dir, path.join(folder, name)).split(path.sep).join("/");
        if (!key.startsWith(prefix)) continue;
        const info = await stat(path.join(folder, name));
        if (info.isFile()) objects.push({ key, size: info.size, lastModified: info.mtime });
      }
      return objects;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

let configured: ObjectStore | undefined;

/** The store the environment names: S3 when BUCKET_NAME is set, else DATABASE_PATH's directory. */
export function objectStore(): ObjectStore {
  configured ??= env.BUCKET_NAME
    ? s3Store({
        endpoint: env.AWS_ENDPOINT_URL_S3 ?? "https://fly.storage.tigris.dev",
        region: env.AWS_REGION,
        accessKeyId: env.AWS_ACCESS_KEY_ID!,
        secretAccessKey: env.AWS_SECRET_ACCESS_KEY!,
        bucket: env.BUCKET_NAME,
        forcePathStyle: env.AWS_S3_FORCE_PATH_STYLE,
      })
    : localStore(path.join(path.dirname(env.DATABASE_PATH), "objects"));
  return configured;
}
