/** Every file-store code the seed lists, so screens can switch on them exhaustively. */
export const STORAGE_ERROR_CODES = [
  "storage/unknown",
  "storage/object-not-found",
  "storage/bucket-not-found",
  "storage/quota-exceeded",
  "storage/unauthenticated",
  "storage/unauthorized",
  "storage/unauthorized-app",
  "storage/retry-limit-exceeded",
  "storage/invalid-checksum",
  "storage/canceled",
  "storage/invalid-url",
  "storage/invalid-default-bucket",
  "storage/no-default-bucket",
  "storage/cannot-slice-blob",
  "storage/server-file-wrong-size",
  "storage/no-download-url",
  "storage/invalid-argument",
  "storage/app-deleted",
  "storage/invalid-root-operation",
  "storage/invalid-format",
  "storage/internal-error",
  "storage/unsupported-environment",
] as const;

export type StorageErrorCode = (typeof STORAGE_ERROR_CODES)[number];

const MESSAGES: Record<StorageErrorCode, string> = {
  "storage/unknown": "Something went wrong with the file. Please try again.",
  "storage/object-not-found": "This file no longer exists. It may have been deleted.",
  "storage/bucket-not-found": "This kind of file cannot be stored here.",
  "storage/quota-exceeded":
    "This community has used all its storage. Delete files or ask an owner to raise the limit.",
  "storage/unauthenticated": "Your session has ended. Sign in again, then retry.",
  "storage/unauthorized": "You do not have permission to change this file.",
  "storage/unauthorized-app": "This app is not allowed to reach the file store. Reload the page and retry.",
  "storage/retry-limit-exceeded":
    "The connection kept failing, so we stopped trying. Check your connection and try again.",
  "storage/invalid-checksum": "The file was damaged on the way. Please upload it again.",
  "storage/canceled": "The upload was canceled.",
  "storage/invalid-url": "This file address is not valid.",
  "storage/invalid-default-bucket": "File storage is not set up correctly. Please tell an administrator.",
  "storage/no-default-bucket": "File storage is not set up correctly. Please tell an administrator.",
  "storage/cannot-slice-blob": "The file could not be read. It may have changed on disk; choose it again.",
  "storage/server-file-wrong-size": "The server received a different size than was sent. Please try again.",
  "storage/no-download-url": "This file has no shareable link yet.",
  "storage/invalid-argument":
    "This file cannot be uploaded here. Check that it is the right type and not too large.",
  "storage/app-deleted": "File storage was shut down. Reload the page and retry.",
  "storage/invalid-root-operation": "Choose a file, not a folder.",
  "storage/invalid-format": "The file's contents are not what its type says, or it could not be read.",
  "storage/internal-error": "Something went wrong on our side. Please try again.",
  "storage/unsupported-environment":
    "This browser cannot upload files. Try a recent version of your browser.",
};

/** Text for people, never the server's message, which is written for developers. */
export function userMessage(code: StorageErrorCode): string {
  return MESSAGES[code];
}

export function isStorageErrorCode(value: unknown): value is StorageErrorCode {
  return typeof value === "string" && (STORAGE_ERROR_CODES as readonly string[]).includes(value);
}

export class StorageError extends Error {
  override readonly name = "StorageError";
  readonly code: StorageErrorCode;
  /** HTTP status that produced the error; 0 when no response was involved. */
  readonly status: number;

  constructor(code: StorageErrorCode, message: string, status = 0, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.status = status;
  }

  get userMessage(): string {
    return userMessage(this.code);
  }
}

export function isStorageError(error: unknown): error is StorageError {
  return error instanceof StorageError;
}

function codeForStatus(status: number): StorageErrorCode {
  switch (status) {
    case 400:
      return "storage/invalid-argument";
    case 401:
      return "storage/unauthenticated";
    case 402:
      return "storage/quota-exceeded";
    case 403:
      return "storage/unauthorized";
    case 404:
      return "storage/object-not-found";
    default:
      return "storage/unknown";
  }
}

/**
 * Maps an error response (`{error:{code,message,status}}` per docs/storage-api.md) to a StorageError.
 * Bodies from proxies or tus itself are not JSON, so the status alone must still give a useful code.
 */
export function errorFromResponse(status: number, body: string): StorageError {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === "object" && parsed !== null && "error" in parsed) {
      const error: unknown = parsed.error;
      if (typeof error === "object" && error !== null && "code" in error && isStorageErrorCode(error.code)) {
        const message = "message" in error && typeof error.message === "string" ? error.message : error.code;
        return new StorageError(error.code, message, status);
      }
    }
  } catch {
    // Not JSON: fall through to the status.
  }
  const code = codeForStatus(status);
  return new StorageError(code, body.trim().slice(0, 200) || `HTTP ${status}`, status);
}

/** Anything thrown inside the client becomes a StorageError, so screens handle one type. */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new StorageError("storage/unknown", message, 0, { cause: error });
}
