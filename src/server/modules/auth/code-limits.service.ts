import type { Db } from "#server/db/client.ts";
import { hit, isBlocked } from "./throttle.service.ts";

export const CODES_PER_EMAIL = { max: 5, windowSeconds: 15 * 60 };
// A venue's guests may share one address: allow many, but not an unbounded stream.
export const CODES_PER_ADDRESS = { max: 100, windowSeconds: 15 * 60 };

export type CodeLimitRefusal = { code: "RATE_LIMITED_EMAIL" | "RATE_LIMITED"; retryAfterSeconds: number };

const keys = (options: { email: string; address: string }) => ({
  address: `code-send:ip:${options.address}`,
  email: `code-send:email:${options.email.trim().toLowerCase()}`,
});

export function codeLimitMessage(refusal: CodeLimitRefusal): string {
  return refusal.code === "RATE_LIMITED_EMAIL"
    ? "Too many codes were sent to this address. Wait a little, then try again."
    : "Too many sign-in attempts from your network. Wait a little, then try again.";
}

/** Counts one code mail; called where the mail is sent, so no route can send one uncounted. */
export async function checkCodeSend(
  db: Db,
  options: { email: string; address: string },
): Promise<CodeLimitRefusal | null> {
  const key = keys(options);
  const byAddress = await hit(db, { key: key.address, ...CODES_PER_ADDRESS });
  if (!byAddress.allowed) return { code: "RATE_LIMITED", retryAfterSeconds: byAddress.retryAfterSeconds };
  const byEmail = await hit(db, { key: key.email, ...CODES_PER_EMAIL });
  if (!byEmail.allowed) return { code: "RATE_LIMITED_EMAIL", retryAfterSeconds: byEmail.retryAfterSeconds };
  return null;
}

/**
 * Whether a code mail would be refused, without counting one. Asked before a new code is made:
 * a refused request must not replace the code already in the person's inbox.
 */
export async function codeSendBlocked(
  db: Db,
  options: { email: string; address: string },
): Promise<CodeLimitRefusal | null> {
  const key = keys(options);
  const byAddress = await isBlocked(db, { key: key.address, ...CODES_PER_ADDRESS });
  if (byAddress) return { code: "RATE_LIMITED", retryAfterSeconds: byAddress.retryAfterSeconds };
  const byEmail = await isBlocked(db, { key: key.email, ...CODES_PER_EMAIL });
  if (byEmail) return { code: "RATE_LIMITED_EMAIL", retryAfterSeconds: byEmail.retryAfterSeconds };
  return null;
}
