import { createHmac, timingSafeEqual } from "node:crypto";

// The private link in a registration's mails: the registration id with an HMAC of it under the
// server's secret. Nothing is stored, so the outbox can put it in any mail it renders, and it
// cannot be guessed or forged without the secret. Changing AUTH_SECRET invalidates every link.

const signature = (secret: string, registrationId: string) =>
  createHmac("sha256", secret).update(`registration-manage:${registrationId}`).digest("base64url");

export const manageToken = (secret: string, registrationId: string) =>
  `${registrationId}.${signature(secret, registrationId)}`;

/** The registration id a token names, or null when it was not made with this secret. */
export function readManageToken(secret: string, token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0 || token.length > 200) return null;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

export const managePath = (token: string) => `/r/${encodeURIComponent(token)}`;
