import { createReadStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import type { S3Config } from "#server/config.ts";
import type { BlobStore, ByteRange } from "./blob-store.ts";
import { StorageError, storageUnavailable } from "./files.errors.ts";

/** How long an S3 request may sit without a byte moving before it fails (and is retried). */
export const DEFAULT_S3_IDLE_TIMEOUT_MS = 20_000;

/** The S3 client settings shared by the blob store and tus's S3 upload store. */
export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Since 3.729 the SDK adds CRC32 checksums to every upload (with streamed bodies, as trailers
    // in aws-chunked encoding) and checks them on downloads; MinIO's older releases, s3rver and
    // other S3-compatible stores do not speak that. Only operations that require one get it.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // Without these a store that accepts the connection and then says nothing holds the upload
    // request open forever; with them it fails, and the client retries within its budget.
    requestHandler: {
      connectionTimeout: 5_000,
      socketTimeout: config.idleTimeoutMs ?? DEFAULT_S3_IDLE_TIMEOUT_MS,
    },
  };
}

const NETWORK_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_SOCKET",
]);

/** True when S3 could not be reached, timed out, or failed on its side (5xx). */
export function isS3Unavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const e = error as {
    name?: unknown;
    code?: unknown;
    $fault?: unknown;
    $metadata?: { httpStatusCode?: number };
  };
  if ((e.$metadata?.httpStatusCode ?? 0) >= 500 || e.$fault === "server") return true;
  if (e.name === "TimeoutError" || e.name === "RequestTimeout") return true;
  if (typeof e.code === "string" && NETWORK_ERROR_CODES.has(e.code)) return true;
  if (error instanceof AggregateError) return error.errors.some(isS3Unavailable);
  return false;
}

let lastReported = 0;

/** An S3 outage becomes the retryable 503; anything else goes on as it was. */
export function fromS3Error(error: unknown): unknown {
  if (error instanceof StorageError || !isS3Unavailable(error)) return error;
  // One line every few seconds is enough to see an outage; every failed chunk would flood the log.
  if (Date.now() - lastReported > 5_000) {
    lastReported = Date.now();
    console.error("storage: the object store is unreachable:", (error as Error).message ?? error);
  }
  return storageUnavailable(error);
}

const rethrow = (error: unknown): never => {
  throw fromS3Error(error);
};

/** Finished objects in an S3-compatible bucket under `blobs/`; tus keeps unfinished uploads beside them. */
export class S3BlobStore implements BlobStore {
  readonly kind = "s3";
  private readonly client: S3Client;
  private readonly bucket: string;
  constructor(config: S3Config) {
    this.client = new S3Client(s3ClientConfig(config));
    this.bucket = config.bucket;
  }

  private key(key: string) {
    return `blobs/${key}`;
  }

  async putBuffer(key: string, data: Uint8Array): Promise<void> {
    await this.client
      .send(new PutObjectCommand({ Bucket: this.bucket, Key: this.key(key), Body: data }))
      .catch(rethrow);
  }

  async putFile(key: string, file: string): Promise<void> {
    try {
      const { size } = await stat(file);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.key(key),
          Body: createReadStream(file),
          ContentLength: size,
        }),
      );
    } catch (error) {
      rethrow(error);
    } finally {
      await rm(file, { force: true });
    }
  }

  async read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>> {
    const result = await this.client
      .send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.key(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      )
      .catch(rethrow);
    if (!result.Body) throw new Error(`S3 returned no body for ${key}`);
    return result.Body.transformToWebStream() as ReadableStream<Uint8Array>;
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success too.
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }))
      .catch(rethrow);
  }

  close() {
    this.client.destroy();
  }
}
