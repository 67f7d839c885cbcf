import type { ObjectMetadata } from "#shared/object-metadata.ts";

/** A shallow check is enough: the server is ours, this only guards against an empty or foreign body. */
export function isObjectMetadata(value: unknown): value is ObjectMetadata {
  return (
    typeof value === "object" &&
    value !== null &&
    "bucket" in value &&
    typeof value.bucket === "string" &&
    "fullPath" in value &&
    typeof value.fullPath === "string" &&
    "generation" in value
  );
}

export function parseObjectMetadata(body: string): ObjectMetadata | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return isObjectMetadata(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
