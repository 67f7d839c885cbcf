import { rm } from "node:fs/promises";
import { Readable } from "node:stream";
import type { HeadObjectCommandOutput } from "@aws-sdk/client-s3";
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

/**
 * The `.part` object's user metadata: the number the multipart part made of its bytes will have.
 * Once a part with that number (or a later one) is in the multipart upload, the object is a
 * leftover whose bytes are already counted.
 */
const BECOMES_PART = "commons-becomes-part";

/** A write under way: its parts go to S3 one after another, in order, and the `.part` last. */
type WriteInOrder = { queue: Promise<unknown>; lastPart: number; wroteIncomplete: boolean };

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
 * Small chunks (the seed's start at 256 KiB, below S3's 5 MiB minimum part) are kept as one
 * `<id>.part` object that the next chunk is appended to, until a full part or the last bytes can
 * go to the multipart upload; that object lives in the bucket, so any app process can continue the
 * upload. Upstream deletes that object as soon as a write has copied it to local disk, so a
 * process killed (or a request cut) while appending took acknowledged bytes with it and the
 * upload went back to its last full part, often 0. Here the object stays until what replaces it
 * is in S3: a new `.part` overwrites it in one PUT, and a part that took its bytes marks it as a
 * leftover by its number (`BECOMES_PART`). Parts of one write go up in order, so a write cut
 * short leaves a prefix of its parts and never a gap.
 */
export class S3UploadStore extends S3Store {
  private readonly writes = new Map<string, WriteInOrder>();

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
    let parts: Awaited<ReturnType<S3Store["retrieveParts"]>>;
    try {
      parts = await this.retrieveParts(id);
    } catch (error) {
      // The multipart upload is gone while its `.info` is still there: it was completed.
      if (["NoSuchUpload", "NoSuchKey"].includes(errorName(error))) {
        return new Upload({ ...file, offset: file.size ?? 0 });
      }
      throw fromS3Error(error);
    }
    const offset = parts.reduce((sum, part) => sum + (part.Size ?? 0), 0);
    const pending = await this.pendingPart(id, parts.at(-1)?.PartNumber ?? 0).catch(rethrow);
    return new Upload({ ...file, offset: offset + (pending?.size ?? 0) });
  }

  /**
   * The `.part` object's size, unless it is a leftover whose bytes a part already holds (a write
   * stopped between uploading that part and deleting the object). One written by upstream's store
   * carries no number and counts, as it did there.
   */
  private async pendingPart(id: string, lastPart: number): Promise<{ size: number } | null> {
    let head: HeadObjectCommandOutput;
    try {
      head = await this.client.headObject({ Bucket: this.bucket, Key: this.partKey(id, true) });
    } catch (error) {
      if (["NoSuchKey", "NotFound"].includes(errorName(error))) return null;
      throw error;
    }
    const becomes = Number(head.Metadata?.[BECOMES_PART]);
    if (Number.isInteger(becomes) && becomes <= lastPart) return null;
    return { size: head.ContentLength ?? 0 };
  }

  override create(upload: Upload): Promise<Upload> {
    return super.create(upload).catch(rethrow);
  }

  override write(src: Readable, id: string, offset: number): Promise<number> {
    return this.writeKeepingPart(src, id, offset).catch(rethrow);
  }

  /**
   * Upstream's `write`, except that the `.part` object is not deleted when its bytes are taken up:
   * it goes only once a part holding them is in S3, and is overwritten when they go to a new
   * `.part`. Whenever the process stops, the bucket holds every acknowledged byte exactly once.
   */
  private async writeKeepingPart(src: Readable, id: string, offset: number): Promise<number> {
    const metadata = await this.getMetadata(id);
    const parts = await this.retrieveParts(id);
    const lastPart = parts.at(-1)?.PartNumber ?? 0;
    const pending = await this.pendingPart(id, lastPart);
    const incomplete = pending ? await this.downloadIncompletePart(id) : undefined;
    const order: WriteInOrder = { queue: Promise.resolve(), lastPart, wroteIncomplete: false };
    this.writes.set(id, order);
    let uploaded: number;
    try {
      const body = incomplete ? concat(incomplete.createReader({ cleanUpOnEnd: true }), src) : src;
      uploaded = await this.uploadParts(metadata, body, lastPart + 1, offset - (incomplete?.size ?? 0));
    } finally {
      this.writes.delete(id);
      if (incomplete) await rm(incomplete.path, { force: true });
    }
    // Its bytes are in a part now; until this delete, its number marks it as a leftover.
    if (incomplete && !order.wroteIncomplete) await this.deleteIncompletePart(id);
    const newOffset = offset + uploaded - (incomplete?.size ?? 0);
    if (metadata.file.size === newOffset) {
      await this.finishMultipartUpload(metadata, await this.retrieveParts(id));
      await this.completeMetadata(metadata.file);
      await this.clearCache(id);
    }
    return newOffset;
  }

  /** Runs a write's uploads one after another; after a failed one, none of the later ones runs. */
  private inOrder<T>(
    id: string,
    body: Readable | Buffer,
    upload: (order: WriteInOrder | undefined) => Promise<T>,
  ): Promise<T> {
    const order = this.writes.get(id);
    if (!order) return upload(undefined);
    const turn = order.queue.then(
      () => upload(order),
      (error: unknown) => {
        // Its chunk's file stays unread: close it.
        if (body instanceof Readable) body.destroy();
        throw error;
      },
    );
    order.queue = turn;
    return turn;
  }

  protected override uploadPart(
    metadata: MetadataValue,
    readStream: Parameters<S3Store["uploadPart"]>[1],
    partNumber: number,
  ): Promise<string> {
    return this.inOrder(metadata.file.id, readStream, async (order) => {
      const etag = await super.uploadPart(metadata, readStream, partNumber);
      if (order) order.lastPart = partNumber;
      return etag;
    });
  }

  protected override uploadIncompletePart(
    id: string,
    readStream: Parameters<S3Store["uploadIncompletePart"]>[1],
  ): Promise<string> {
    return this.inOrder(id, readStream, async (order) => {
      // One PUT replaces the previous `.part`, so its bytes are never missing from the bucket.
      const data = await this.client.putObject({
        Bucket: this.bucket,
        Key: this.partKey(id, true),
        Body: readStream,
        Tagging: this.useCompleteTag("false"),
        ...(order ? { Metadata: { [BECOMES_PART]: String(order.lastPart + 1) } } : {}),
      });
      if (order) order.wroteIncomplete = true;
      return data.ETag as string;
    });
  }

  /**
   * The finished upload's object. A write can stop after its last part is in S3 and before the
   * multipart upload is completed: every byte is there, but not yet as one object. The caller holds
   * the upload's lock (the last step reads it), so it is completed here, once.
   */
  override async read(id: string): Promise<Readable> {
    try {
      return await super.read(id);
    } catch (error) {
      if (errorName(error) !== "NoSuchKey" || !(await this.completeLeftOver(id).catch(rethrow))) {
        throw fromS3Error(error);
      }
      return super.read(id).catch(rethrow);
    }
  }

  /** Completes a multipart upload that holds every byte of its upload; answers whether it did. */
  private async completeLeftOver(id: string): Promise<boolean> {
    const metadata = await this.getMetadata(id);
    let parts: Awaited<ReturnType<S3Store["retrieveParts"]>>;
    try {
      parts = await this.retrieveParts(id);
    } catch (error) {
      if (["NoSuchUpload", "NoSuchKey"].includes(errorName(error))) return false;
      throw error;
    }
    const stored = parts.reduce((sum, part) => sum + (part.Size ?? 0), 0);
    if (metadata.file.size === undefined || stored !== metadata.file.size) return false;
    await this.finishMultipartUpload(metadata, parts);
    await this.completeMetadata(metadata.file);
    return true;
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

/** `first`'s bytes, then `second`'s, as one stream. */
function concat(first: Readable, second: Readable): Readable {
  return Readable.from(
    (async function* () {
      yield* first;
      yield* second;
    })(),
    { objectMode: false },
  );
}
