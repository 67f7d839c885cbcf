import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { invalidArgument, invalidFormat, wrongSize } from "./files.errors.ts";
import { BUCKET_RULES, IMAGE_TYPES } from "./files.policy.ts";
import type { Bucket } from "./files.tables.ts";

const md5 = () => createHash("md5");
const IMAGE_LIST = "JPEG, PNG, WebP, GIF or AVIF";
const TEXT_ALIASES = new Set([
  "text/csv",
  "application/csv",
  "text/comma-separated-values",
  "text/x-csv",
  // What Windows browsers call a .csv file when Excel is installed.
  "application/vnd.ms-excel",
]);

/**
 * The content type a client declared, checked against the bucket before any byte is stored.
 * Returns null when the client said nothing useful (the bytes decide).
 */
export function declaredType(bucket: Bucket, raw: string | null | undefined): string | null {
  const type = (raw ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "" || type === "application/octet-stream") return null;
  if (BUCKET_RULES[bucket].kind === "text") {
    if (TEXT_ALIASES.has(type)) return "text/csv";
    if (type === "text/plain") return type;
    throw invalidArgument(`Files of type '${type}' cannot be stored in '${bucket}': upload a CSV file.`);
  }
  if (type === "image/svg+xml")
    throw invalidFormat(`SVG images are not accepted: upload a ${IMAGE_LIST} image.`);
  const image = type === "image/jpg" ? "image/jpeg" : type;
  if (!(IMAGE_TYPES as readonly string[]).includes(image)) {
    throw invalidArgument(
      `Files of type '${type}' cannot be stored in '${bucket}': upload a ${IMAGE_LIST} image.`,
    );
  }
  return image;
}

export type PreparedImage = { data: Buffer; contentType: string; originalMd5: string };

/**
 * Sniffs the type from the bytes, then decodes and re-encodes the image in the same format:
 * EXIF orientation applied, every piece of metadata (GPS, camera, comments) and anything
 * appended after the image data dropped.
 */
export async function prepareImage(bytes: Buffer, declared: string | null): Promise<PreparedImage> {
  const sniffed = (await fileTypeFromBuffer(bytes))?.mime;
  if (!sniffed || !(IMAGE_TYPES as readonly string[]).includes(sniffed)) {
    throw invalidFormat(`The file is not a ${IMAGE_LIST} image.`);
  }
  if (declared && declared !== sniffed) {
    throw invalidFormat(`The file's bytes are ${sniffed}, not ${declared} as its type says.`);
  }
  let data: Buffer;
  try {
    const input = sharp(bytes, { animated: true, failOn: "error" });
    const { pages = 1 } = await input.metadata();
    // Orientation is a still-image notion; libvips refuses to rotate multi-page images.
    const oriented = pages > 1 ? input : input.rotate();
    switch (sniffed) {
      case "image/jpeg":
        data = await oriented.jpeg({ quality: 90 }).toBuffer();
        break;
      case "image/png":
        data = await oriented.png().toBuffer();
        break;
      case "image/webp":
        data = await oriented.webp({ quality: 90 }).toBuffer();
        break;
      case "image/gif":
        data = await oriented.gif().toBuffer();
        break;
      default:
        data = await oriented.avif({ quality: 60 }).toBuffer();
    }
  } catch {
    throw invalidFormat("The image could not be decoded.");
  }
  return { data, contentType: sniffed, originalMd5: md5().update(bytes).digest("base64") };
}

/** Accepts UTF-8 text without NUL bytes, chunk by chunk, so large imports are never held in memory. */
class TextCheck {
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  private head = Buffer.alloc(0);
  private sniffed = false;

  async push(chunk: Buffer) {
    if (chunk.includes(0)) throw this.refuse();
    if (!this.sniffed) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length >= 4100) await this.sniff();
    }
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      throw this.refuse();
    }
  }

  async end() {
    if (!this.sniffed) await this.sniff();
    try {
      this.decoder.decode();
    } catch {
      throw this.refuse();
    }
  }

  private async sniff() {
    this.sniffed = true;
    if (await fileTypeFromBuffer(this.head)) throw this.refuse();
    this.head = Buffer.alloc(0);
  }

  private refuse() {
    return invalidFormat("The file is not UTF-8 text: save the import as a CSV file (UTF-8) and try again.");
  }
}

export async function checkTextBuffer(bytes: Buffer): Promise<{ md5Hash: string }> {
  const check = new TextCheck();
  await check.push(bytes);
  await check.end();
  return { md5Hash: md5().update(bytes).digest("base64") };
}

/**
 * Copies a text upload to a temporary file while checking and hashing it; the bytes are stored
 * unchanged. The caller moves or removes the file.
 */
export async function spoolText(
  source: Readable,
  expectedSize: number,
  tmpDir: string,
): Promise<{ file: string; md5Hash: string }> {
  await mkdir(tmpDir, { recursive: true });
  const file = path.join(tmpDir, `${randomUUID()}.upload`);
  const out = createWriteStream(file, { mode: 0o600 });
  const hash = md5();
  const check = new TextCheck();
  let size = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > expectedSize)
        throw wrongSize(`The upload holds more than the ${expectedSize} bytes announced.`);
      await check.push(chunk);
      hash.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    }
    await check.end();
    if (size !== expectedSize)
      throw wrongSize(`The upload holds ${size} bytes, not the ${expectedSize} announced.`);
    out.end();
    await finished(out);
    return { file, md5Hash: hash.digest("base64") };
  } catch (error) {
    source.destroy();
    out.destroy();
    await rm(file, { force: true });
    throw error;
  }
}

/** Reads a whole (bounded) upload into memory, refusing one whose size differs from the announced one. */
export async function readAll(source: Readable, expectedSize: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > expectedSize) {
      source.destroy();
      throw wrongSize(`The upload holds more than the ${expectedSize} bytes announced.`);
    }
    chunks.push(chunk);
  }
  if (size !== expectedSize)
    throw wrongSize(`The upload holds ${size} bytes, not the ${expectedSize} announced.`);
  return Buffer.concat(chunks);
}
