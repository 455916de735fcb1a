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
import { env } from "~/utils/env/env.server";

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
    // withDeadline bounds every operation. A socket silent for twice the deadline (which only a large
    // body's longer deadline leaves room for) is ended sooner, and the SDK may retry it.
    requestHandler: {
      connectionTimeout: Math.min(timeoutMs, 5000),
      socketTimeout: timeoutMs * 2,
    },
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
  });
  const Bucket = settings.bucket;
  return {
    location: `s3://${Bucket}`,
    async put(key, body, contentType = "application/octet-stream") {
      await withDeadline(timeoutMs, (deadline) => {
        deadline.allowFor(body.byteLength);
        return client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
          deadline.options,
        );
      });
    },
    async get(key) {
      try {
        return await withDeadline(timeoutMs, async (deadline) => {
          const answer = await client.send(
            new GetObjectCommand({ Bucket, Key: key }),
            deadline.options,
          );
          deadline.allowFor(answer.ContentLength ?? 0);
          return Buffer.from(await answer.Body!.transformToByteArray());
        });
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async list(prefix) {
      const objects: StoredObject[] = [];
      let token: string | undefined;
      do {
        const page = await withDeadline(timeoutMs, (deadline) =>
          client.send(
            new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
            deadline.options,
          ),
        );
        for (const o of page.Contents ?? [])
          objects.push({ key: o.Key!, size: o.Size ?? 0, lastModified: o.LastModified! });
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return objects;
    },
    async delete(key) {
      await withDeadline(timeoutMs, (deadline) =>
        client.send(new DeleteObjectCommand({ Bucket, Key: key }), deadline.options),
      );
    },
  };
}

/** The slowest pace a body may move at: a backup of many MB gets a second more for each MB. */
const MIN_BYTES_PER_SECOND = 1_000_000;

/**
 * Runs one store operation under one deadline (the SDK's retries and a get's body read included):
 * `timeoutMs`, and once the body's size is known (`allowFor`), `timeoutMs` more plus its time at
 * MIN_BYTES_PER_SECOND. The client's socket timeout alone would let a body that drips go on forever.
 */
async function withDeadline<T>(
  timeoutMs: number,
  operation: (deadline: {
    options: { abortSignal: AbortSignal };
    allowFor(bytes: number): void;
  }) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const arm = (ms: number) => {
    clearTimeout(timer);
    const reason = new DOMException(`no answer from the object store in ${ms} ms`, "TimeoutError");
    timer = setTimeout(() => controller.abort(reason), ms);
  };
  arm(timeoutMs);
  try {
    return await operation({
      options: { abortSignal: controller.signal },
      allowFor: (bytes) => arm(timeoutMs + Math.ceil((bytes / MIN_BYTES_PER_SECOND) * 1000)),
    });
  } finally {
    clearTimeout(timer);
  }
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
