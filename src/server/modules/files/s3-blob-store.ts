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

/** The S3 client settings shared by the blob store and tus's S3 upload store. */
export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  };
}

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
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.key(key), Body: data }));
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
    } finally {
      await rm(file, { force: true });
    }
  }

  async read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>> {
    const result = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: this.key(key),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    if (!result.Body) throw new Error(`S3 returned no body for ${key}`);
    return result.Body.transformToWebStream() as ReadableStream<Uint8Array>;
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }

  close() {
    this.client.destroy();
  }
}
