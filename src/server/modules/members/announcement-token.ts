import { createHmac, timingSafeEqual } from "node:crypto";

// The one-click unsubscribe link of an announcement mail names a membership and its community,
// signed with the server's secret: it works without signing in, and nobody can forge one for
// someone else's membership.

const sign = (secret: string, body: string) =>
  createHmac("sha256", secret).update(`unsubscribe:${body}`).digest("base64url");

export function unsubscribeToken(secret: string, membershipId: string, communityId: string): string {
  const body = Buffer.from(JSON.stringify([membershipId, communityId])).toString("base64url");
  return `${body}.${sign(secret, body)}`;
}

/** The membership and community a token names, or null when it was not signed by this server. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { membershipId: string; communityId: string } | null {
  const [body, signature, ...rest] = token.split(".");
  if (!body || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === "string" &&
      typeof parsed[1] === "string"
    )
      return { membershipId: parsed[0], communityId: parsed[1] };
  } catch {
    return null;
  }
  return null;
}

export const unsubscribePath = (token: string) => `/unsubscribe/${encodeURIComponent(token)}`;
