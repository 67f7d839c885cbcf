import { errorFromResponse, StorageError } from "./errors.ts";

export const STORAGE_API_PATH = "/api/storage/v0";

export interface ObjectRef {
  bucket: string;
  path: string;
}

/**
 * Absolute, because tus-js-client resolves the upload's Location header against its endpoint with
 * `new URL`, which rejects a relative base.
 */
export function storageUrl(suffix: string): string {
  const origin = globalThis.location?.origin;
  const base = origin && origin !== "null" ? origin : "http://localhost";
  return new URL(`${STORAGE_API_PATH}${suffix}`, base).toString();
}

const encoder = new TextEncoder();

/** The server enforces the same rules (docs/storage-api.md); checking here saves a round trip. */
export function validateRef({ bucket, path }: ObjectRef): void {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(bucket)) {
    throw new StorageError("storage/invalid-argument", `Invalid bucket '${bucket}'.`);
  }
  const bad =
    path.length === 0 ||
    path.startsWith("/") ||
    path.includes("\\") ||
    path.split("/").includes("..") ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
    /[\u0000-\u001f\u007f]/.test(path) ||
    encoder.encode(path).length > 1024;
  if (bad) throw new StorageError("storage/invalid-argument", `Invalid object path '${path}'.`);
}

export function objectUrl({ bucket, path }: ObjectRef): string {
  return storageUrl(`/b/${encodeURIComponent(bucket)}/o/${encodeURIComponent(path)}`);
}

/**
 * fetch with the session cookie; a non-2xx answer becomes a StorageError carrying its status, so
 * withRetry can tell 5xx from 4xx. A network failure stays a TypeError (retryable).
 */
export async function storageFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, { ...init, credentials: "include" });
  if (response.ok) return response;
  throw errorFromResponse(response.status, await response.text().catch(() => ""));
}
