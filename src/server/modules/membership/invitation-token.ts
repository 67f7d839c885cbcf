import { createHash, createHmac } from "node:crypto";

// An invitation's link carries a token that is never stored: it is an HMAC under the server's
// secret of the invitation's id and issue time, and the table keeps only its SHA-256. The outbox
// can so render the mail after the fact, a stolen table opens nothing, and reissuing (a resend
// moves `issued_at`) retires the previous link.

export const invitationToken = (secret: string, invitationId: string, issuedAt: Date) =>
  createHmac("sha256", secret)
    .update(`invitation:${invitationId}:${issuedAt.toISOString()}`)
    .digest("base64url");

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

export const invitationPath = (token: string) => `/invitation/${encodeURIComponent(token)}`;

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
