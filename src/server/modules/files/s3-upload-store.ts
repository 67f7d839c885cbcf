import type { Readable } from "node:stream";
import { type MetadataValue, S3Store } from "@tus/s3-store";
import { ERRORS, type KvStore, Upload } from "@tus/server";
import type { S3Config } from "#server/config.ts";
import { fromS3Error, s3ClientConfig } from "./s3-blob-store.ts";

const rethrow = (error: unknown): never => {
  throw fromS3Error(error);
};

/**
 * No upload metadata is kept in memory: with several app processes, the one that finished or
 * removed an upload cannot clear another's copy, and a copy per abandoned upload would only grow.
 * The `.info` object in the bucket is the one record, read once per call.
 */
class NoCache implements KvStore<MetadataValue> {
  async get() {
    return undefined;
  }
  async set() {}
  async delete() {}
}

const errorName = (error: unknown) =>
  typeof error === "object" && error !== null
    ? String((error as { name?: unknown; Code?: unknown }).name ?? (error as { Code?: unknown }).Code)
    : "";

/**
 * tus's S3 store, with S3 outages answered as the retryable 503 (storage/internal-error).
 *
 * Upstream, `getUpload` turns any failure to read an upload's `.info` into 404, which tells the
 * client the upload is gone: it would stop, or start over from the first byte. Here only S3's
 * "no such key" is a 404; an unreachable store is an outage the client waits out.
 *
 * Small chunks (the seed's start at 256 KiB, below S3's 5 MiB minimum part) are kept by the
 * upstream store as one `<id>.part` object that the next chunk is appended to, until a full part
 * or the last bytes can go to the multipart upload; that object lives in the bucket, so any app
 * process can continue the upload.
 */
export class S3UploadStore extends S3Store {
  constructor(config: S3Config, expirationPeriodInMilliseconds: number) {
    super({
      s3ClientConfig: { ...s3ClientConfig(config), bucket: config.bucket },
      expirationPeriodInMilliseconds,
      cache: new NoCache(),
    });
  }

  override async getUpload(id: string): Promise<Upload> {
    let metadata: MetadataValue;
    try {
      metadata = await this.getMetadata(id);
    } catch (error) {
      if (["NoSuchKey", "NotFound"].includes(errorName(error))) throw ERRORS.FILE_NOT_FOUND;
      throw fromS3Error(error);
    }
    const { file } = metadata;
    let offset: number;
    try {
      const parts = await this.retrieveParts(id);
      offset = parts.reduce((sum, part) => sum + (part.Size ?? 0), 0);
    } catch (error) {
      // The multipart upload is gone while its `.info` is still there: it was completed.
      if (["NoSuchUpload", "NoSuchKey"].includes(errorName(error))) {
        return new Upload({ ...file, offset: file.size ?? 0 });
      }
      throw fromS3Error(error);
    }
    const incomplete = await this.getIncompletePartSize(id).catch(rethrow);
    return new Upload({ ...file, offset: offset + (incomplete ?? 0) });
  }

  override create(upload: Upload): Promise<Upload> {
    return super.create(upload).catch(rethrow);
  }

  override write(src: Readable, id: string, offset: number): Promise<number> {
    return super.write(src, id, offset).catch(rethrow);
  }

  override read(id: string): Promise<Readable> {
    return super.read(id).catch(rethrow);
  }

  /**
   * Upstream stops at "no such upload" when aborting the multipart upload, which is what S3 says
   * once it was completed, so a finished upload's object and `.info` would stay in the bucket for
   * good. Here the abort may find nothing, and the upload's objects (with a pending `.part`) go.
   */
  override async remove(id: string): Promise<void> {
    let uploadId: string;
    try {
      uploadId = (await this.getMetadata(id))["upload-id"];
    } catch (error) {
      if (["NoSuchKey", "NotFound"].includes(errorName(error))) throw ERRORS.FILE_NOT_FOUND;
      throw fromS3Error(error);
    }
    try {
      await this.client.abortMultipartUpload({ Bucket: this.bucket, Key: id, UploadId: uploadId });
    } catch (error) {
      if (!["NoSuchUpload", "NoSuchKey", "NotFound"].includes(errorName(error))) throw fromS3Error(error);
    }
    await this.client
      .deleteObjects({
        Bucket: this.bucket,
        Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }] },
      })
      .catch(rethrow);
  }

  override deleteExpired(): Promise<number> {
    return super.deleteExpired().catch(rethrow);
  }
}
