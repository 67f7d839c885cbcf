import type { Db } from "../../db/client.ts";
import { hit } from "./throttle.service.ts";

export const CODES_PER_EMAIL = { max: 5, windowSeconds: 15 * 60 };
// A venue's guests may share one address: allow many, but not an unbounded stream.
export const CODES_PER_ADDRESS = { max: 100, windowSeconds: 15 * 60 };

export type CodeLimitRefusal = { code: "RATE_LIMITED_EMAIL" | "RATE_LIMITED"; retryAfterSeconds: number };

export async function checkCodeSend(
  db: Db,
  options: { email: string; address: string },
): Promise<CodeLimitRefusal | null> {
  const email = options.email.trim().toLowerCase();
  const byAddress = await hit(db, { key: `code-send:ip:${options.address}`, ...CODES_PER_ADDRESS });
  if (!byAddress.allowed) return { code: "RATE_LIMITED", retryAfterSeconds: byAddress.retryAfterSeconds };
  const byEmail = await hit(db, { key: `code-send:email:${email}`, ...CODES_PER_EMAIL });
  if (!byEmail.allowed) return { code: "RATE_LIMITED_EMAIL", retryAfterSeconds: byEmail.retryAfterSeconds };
  return null;
}
