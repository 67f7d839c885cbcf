import { StorageError } from "./errors.ts";

export const STRING_FORMATS = ["raw", "base64", "base64url", "data_url"] as const;
export type StringFormat = (typeof STRING_FORMATS)[number];

export interface DecodedString {
  bytes: Uint8Array<ArrayBuffer>;
  /** Only a data URL carries its own type. */
  contentType?: string;
}

function invalid(format: StringFormat, reason: string): StorageError {
  return new StorageError("storage/invalid-format", `String does not match format '${format}': ${reason}`);
}

function utf8(value: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(value);
}

const BASE64_BODY = /^[A-Za-z0-9+/]*$/;

/**
 * Decodes with the WHATWG "forgiving base64" rules (padding optional, ASCII whitespace ignored), so
 * values copied from other tools work; the alphabet checks happen before, with a hint at the cause.
 */
function decodeBase64(format: StringFormat, standard: string): Uint8Array<ArrayBuffer> {
  let body = standard.replace(/[\t\n\f\r ]/g, "");
  if (body.length % 4 === 0) body = body.replace(/={1,2}$/, "");
  if (body.length % 4 === 1 || !BASE64_BODY.test(body)) throw invalid(format, "invalid character or length");
  let binary: string;
  try {
    binary = atob(body);
  } catch {
    throw invalid(format, "invalid base64 data");
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function base64(value: string): Uint8Array<ArrayBuffer> {
  const other = value.match(/[-_]/);
  if (other) throw invalid("base64", `invalid character '${other[0]}' found: is it base64url encoded?`);
  return decodeBase64("base64", value);
}

function base64url(value: string): Uint8Array<ArrayBuffer> {
  const other = value.match(/[+/]/);
  if (other) throw invalid("base64url", `invalid character '${other[0]}' found: is it base64 encoded?`);
  return decodeBase64("base64url", value.replace(/-/g, "+").replace(/_/g, "/"));
}

const BASE64_SUFFIX = ";base64";

function dataUrl(value: string): DecodedString {
  const match = /^data:([^,]+)?,/.exec(value);
  if (!match) throw invalid("data_url", "must be formatted 'data:[<mediatype>][;base64],<data>'");
  const middle = match[1] ?? "";
  const isBase64 = middle.endsWith(BASE64_SUFFIX);
  const type = isBase64 ? middle.slice(0, -BASE64_SUFFIX.length) : middle;
  const rest = value.slice(match[0].length);
  let bytes: Uint8Array<ArrayBuffer>;
  if (isBase64) {
    bytes = base64(rest);
  } else {
    try {
      bytes = utf8(decodeURIComponent(rest));
    } catch {
      throw invalid("data_url", "malformed percent-encoding");
    }
  }
  return type ? { bytes, contentType: type } : { bytes };
}

/** Turns a string in one of the seed's formats into the bytes to upload. Throws storage/invalid-format. */
export function decodeString(value: string, format: StringFormat): DecodedString {
  switch (format) {
    case "raw":
      return { bytes: utf8(value) };
    case "base64":
      return { bytes: base64(value) };
    case "base64url":
      return { bytes: base64url(value) };
    case "data_url":
      return dataUrl(value);
    default:
      throw new StorageError("storage/invalid-argument", `Unknown string format '${String(format)}'.`);
  }
}
