import { invalidArgument } from "./files.errors.ts";

/** What a client may say about an upload (multipart `metadata` part or tus Upload-Metadata). */
export type UploadOptions = {
  contentType?: string | null;
  /** Base64 MD5 of the bytes as sent; verified. */
  md5Hash?: string | null;
  cacheControl?: string | null;
  contentDisposition?: string | null;
  contentLanguage?: string | null;
  customMetadata?: Record<string, string>;
};

/** `PATCH` body: `null` clears a field; a `null` custom value removes that key. */
export type MetadataPatch = {
  cacheControl?: string | null;
  contentDisposition?: string | null;
  contentLanguage?: string | null;
  customMetadata?: Record<string, string | null> | null;
};

const HEADER_FIELDS = ["cacheControl", "contentDisposition", "contentLanguage"] as const;
const MAX_HEADER_LENGTH = 1024;
const MAX_CUSTOM_BYTES = 8 * 1024;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** These fields are sent back as response headers, so they must be one printable line. */
function headerValue(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "string") throw invalidArgument(`${field} must be a string.`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: header values must not carry control characters
  if (value.length > MAX_HEADER_LENGTH || /[\u0000-\u001f\u007f]/.test(value)) {
    throw invalidArgument(`${field} must be one line of at most ${MAX_HEADER_LENGTH} characters.`);
  }
  return value.trim() === "" ? null : value;
}

function customMetadata(value: unknown, allowNull: boolean): Record<string, string | null> {
  if (!isRecord(value)) throw invalidArgument("customMetadata must be an object of strings.");
  const entries = Object.entries(value);
  for (const [key, item] of entries) {
    if (key === "" || (typeof item !== "string" && !(allowNull && item === null))) {
      throw invalidArgument("customMetadata must be an object of strings.");
    }
  }
  if (Buffer.byteLength(JSON.stringify(value)) > MAX_CUSTOM_BYTES) {
    throw invalidArgument(`customMetadata must be at most ${MAX_CUSTOM_BYTES} bytes.`);
  }
  return value as Record<string, string | null>;
}

export function parseUploadOptions(raw: unknown): UploadOptions {
  if (raw === undefined || raw === null) return {};
  if (!isRecord(raw)) throw invalidArgument("metadata must be a JSON object.");
  const options: UploadOptions = {};
  for (const field of HEADER_FIELDS) options[field] = headerValue(field, raw[field]);
  if (raw.contentType !== undefined && raw.contentType !== null) {
    if (typeof raw.contentType !== "string") throw invalidArgument("contentType must be a string.");
    options.contentType = raw.contentType;
  }
  if (raw.md5Hash !== undefined && raw.md5Hash !== null) {
    if (typeof raw.md5Hash !== "string" || !/^[A-Za-z0-9+/]{22}==$/.test(raw.md5Hash)) {
      throw invalidArgument("md5Hash must be the base64 MD5 of the file (24 characters).");
    }
    options.md5Hash = raw.md5Hash;
  }
  if (raw.customMetadata !== undefined && raw.customMetadata !== null) {
    options.customMetadata = customMetadata(raw.customMetadata, false) as Record<string, string>;
  }
  return options;
}

/** tus Upload-Metadata values are strings; customMetadata arrives as JSON text. */
export function parseTusMetadata(metadata: Record<string, string | null | undefined>): UploadOptions {
  let custom: unknown;
  if (metadata.customMetadata) {
    try {
      custom = JSON.parse(metadata.customMetadata);
    } catch {
      throw invalidArgument("customMetadata must be a JSON object of strings.");
    }
  }
  return parseUploadOptions({
    contentType: metadata.contentType ?? metadata.filetype ?? null,
    md5Hash: metadata.md5Hash ?? null,
    cacheControl: metadata.cacheControl ?? null,
    contentDisposition: metadata.contentDisposition ?? null,
    contentLanguage: metadata.contentLanguage ?? null,
    customMetadata: custom,
  });
}

export function parseMetadataPatch(raw: unknown): MetadataPatch {
  if (!isRecord(raw)) throw invalidArgument("The body must be a JSON object.");
  const patch: MetadataPatch = {};
  for (const field of HEADER_FIELDS) {
    if (field in raw) patch[field] = headerValue(field, raw[field]);
  }
  if ("customMetadata" in raw) {
    patch.customMetadata = raw.customMetadata === null ? null : customMetadata(raw.customMetadata, true);
  }
  return patch;
}
