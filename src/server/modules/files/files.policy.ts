import type { MembershipView, Viewer } from "#server/modules/communities/communities.policy.ts";
import { BUCKETS, type Bucket } from "./files.tables.ts";

export const MiB = 1024 * 1024;
/** Above this size the client must use a resumable upload (seed: resumable threshold 256 KiB). */
export const MULTIPART_MAX_BYTES = 256 * 1024;

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;
export const TEXT_TYPES = ["text/csv", "text/plain"] as const;

type BucketRule = {
  /** Whose folder the first path segment names. */
  owner: "community" | "user";
  maxBytes: number;
  kind: "image" | "text";
};

export const BUCKET_RULES: Record<Bucket, BucketRule> = {
  "community-assets": { owner: "community", maxBytes: 10 * MiB, kind: "image" },
  "event-images": { owner: "community", maxBytes: 20 * MiB, kind: "image" },
  avatars: { owner: "user", maxBytes: 5 * MiB, kind: "image" },
  "member-imports": { owner: "community", maxBytes: 50 * MiB, kind: "text" },
};

export const isBucket = (value: string): value is Bucket => (BUCKETS as readonly string[]).includes(value);

/** Why a path is refused, or null. The rules are the contract's, plus: no empty or "." segment. */
export function pathProblem(path: string): string | null {
  if (path.length === 0) return "The path is empty.";
  if (Buffer.byteLength(path, "utf8") > 1024) return "The path is longer than 1024 bytes.";
  if (path.startsWith("/")) return "The path must not start with '/'.";
  if (path.includes("\\")) return "The path must not contain a backslash.";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(path)) return "The path must not contain control characters.";
  const segments = path.split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) {
    return "The path must not contain empty, '.' or '..' segments.";
  }
  if (segments.length < 2) return "The path must name a folder and a file, e.g. '{id}/logo.png'.";
  return null;
}

/** The community or user a path belongs to: its first segment. */
export const pathOwnerId = (path: string): string => path.split("/")[0] ?? "";

/** What the policy needs to know about the viewer and the path's folder. */
export type Access = {
  viewer: Viewer | null;
  /** The viewer's membership in the path's community (community buckets only). */
  membership: MembershipView | null;
};

const activeRole = (m: MembershipView | null) => (m?.status === "active" ? m.role : null);

export function canWrite(bucket: Bucket, path: string, { viewer, membership }: Access): boolean {
  if (!viewer) return false;
  const role = activeRole(membership);
  switch (bucket) {
    case "community-assets":
    case "member-imports":
      return role === "owner" || role === "admin";
    case "event-images":
      return role === "owner" || role === "admin" || role === "organizer";
    case "avatars":
      return pathOwnerId(path) === viewer.id;
  }
}

export function canRead(bucket: Bucket, _path: string, { viewer, membership }: Access): boolean {
  if (!viewer) return false;
  const role = activeRole(membership);
  switch (bucket) {
    case "community-assets":
    case "event-images":
      return role !== null;
    case "avatars":
      return true;
    case "member-imports":
      return role === "owner" || role === "admin";
  }
}

/** Whether storing `newSize` bytes (replacing `replacedSize`) keeps the community within its quota. */
export const withinQuota = (input: { used: number; newSize: number; replacedSize: number; quota: number }) =>
  input.used + input.newSize - input.replacedSize <= input.quota;
