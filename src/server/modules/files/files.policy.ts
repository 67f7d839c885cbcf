import { can, type MembershipView } from "#server/modules/members/members.policy.ts";
import type { Viewer } from "#server/modules/users/users.policy.ts";
import type { Capability } from "#shared/capabilities.ts";
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
  /**
   * Whether an object's download token opens it without a session (logos and covers on public
   * pages). Member lists are personal data: only a session allowed to read the bucket opens them.
   */
  tokenReads: boolean;
};

export const BUCKET_RULES: Record<Bucket, BucketRule> = {
  "community-assets": { owner: "community", maxBytes: 10 * MiB, kind: "image", tokenReads: true },
  "event-images": { owner: "community", maxBytes: 20 * MiB, kind: "image", tokenReads: true },
  avatars: { owner: "user", maxBytes: 5 * MiB, kind: "image", tokenReads: true },
  "member-imports": { owner: "community", maxBytes: 50 * MiB, kind: "text", tokenReads: false },
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

/** What a member of the path's community must be able to do to store or read there. */
const COMMUNITY_BUCKET_CAPABILITY: Record<
  Exclude<Bucket, "avatars">,
  { write: Capability; read: Capability }
> = {
  "community-assets": { write: "community.edit", read: "community.view" },
  "event-images": { write: "events.manage", read: "community.view" },
  "member-imports": { write: "members.manage", read: "members.manage" },
};

export function canWrite(bucket: Bucket, path: string, { viewer, membership }: Access): boolean {
  if (!viewer) return false;
  if (bucket === "avatars") return pathOwnerId(path) === viewer.id;
  return can(membership, COMMUNITY_BUCKET_CAPABILITY[bucket].write);
}

/** Avatars are shown to anyone signed in; community files to its members as the table says. */
export function canRead(bucket: Bucket, _path: string, { viewer, membership }: Access): boolean {
  if (!viewer) return false;
  if (bucket === "avatars") return true;
  return can(membership, COMMUNITY_BUCKET_CAPABILITY[bucket].read);
}

/** Whether storing `newSize` bytes (replacing `replacedSize`) keeps the community within its quota. */
export const withinQuota = (input: { used: number; newSize: number; replacedSize: number; quota: number }) =>
  input.used + input.newSize - input.replacedSize <= input.quota;
