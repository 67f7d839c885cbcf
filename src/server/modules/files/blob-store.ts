import { randomUUID } from "node:crypto";
import { mkdir, open, rename, rm, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

/** Inclusive byte positions, as in `Range: bytes=start-end`. */
export type ByteRange = { start: number; end: number };

/** Where stored objects' bytes live: a folder on disk or an S3-compatible bucket. */
export interface BlobStore {
  readonly kind: "disk" | "s3";
  /** Stores bytes under `key`; a reader never sees a half-written blob. */
  putBuffer(key: string, data: Uint8Array): Promise<void>;
  /** Stores the file at `file` under `key` and removes `file` (a rename on disk). */
  putFile(key: string, file: string): Promise<void>;
  read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>>;
  /** Removing a blob that is already gone is not an error. */
  delete(key: string): Promise<void>;
}

export class DiskBlobStore implements BlobStore {
  readonly kind = "disk";
  readonly root: string;
  readonly tmpDir: string;
  constructor(options: { root: string; tmpDir: string }) {
    this.root = path.resolve(options.root);
    this.tmpDir = path.resolve(options.tmpDir);
  }

  private resolve(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(`${this.root}${path.sep}`)) throw new Error(`blob key outside the store: ${key}`);
    return file;
  }

  async putBuffer(key: string, data: Uint8Array): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    const tmp = path.join(this.tmpDir, `${randomUUID()}.blob`);
    const handle = await open(tmp, "w", 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await this.putFile(key, tmp);
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(file, target);
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array>> {
    // Opened here, so a missing blob fails now rather than half-way through a response.
    const handle = await open(this.resolve(key), "r");
    const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  }

  async delete(key: string): Promise<void> {
    await unlink(this.resolve(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  }
}
