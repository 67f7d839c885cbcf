import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { DomainError } from "#server/errors.ts";
import { verification } from "./auth.tables.ts";

// The code that confirms "delete my account": the sign-in code's rules (6 digits, stored hashed,
// 10 minutes, 5 tries, the same per-address and per-email limits on mailing one), kept under its
// own identifier so a sign-in code can never delete an account or the other way round.

export const DELETION_CODE_MINUTES = 10;
const ATTEMPTS = 5;

const identifierOf = (userId: string) => `delete-account:${userId}`;
const hashOf = (secret: string, userId: string, code: string) =>
  createHmac("sha256", secret).update(`${userId}:${code}`).digest("hex");

/** A new code for the person, replacing any earlier one; the caller mails it. */
export async function issueDeletionCode(
  db: Db,
  options: { userId: string; secret: string; now: Date },
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const identifier = identifierOf(options.userId);
  await db.delete(verification).where(eq(verification.identifier, identifier));
  await db.insert(verification).values({
    id: crypto.randomUUID(),
    identifier,
    value: `${hashOf(options.secret, options.userId, code)}:0`,
    expiresAt: new Date(options.now.getTime() + DELETION_CODE_MINUTES * 60_000),
    createdAt: options.now,
    updatedAt: options.now,
  });
  return code;
}

const invalid = () =>
  new DomainError("INVALID_CODE", "That code is not right. Check the latest code we sent.");

/** Uses up the person's code, or throws INVALID_CODE (wrong, expired, too many tries, none asked for). */
export async function consumeDeletionCode(
  db: Db,
  options: { userId: string; secret: string; code: string; now: Date },
): Promise<void> {
  const identifier = identifierOf(options.userId);
  const [row] = await db.select().from(verification).where(eq(verification.identifier, identifier)).limit(1);
  if (!row) throw invalid();
  const [hash = "", tries = "0"] = row.value.split(":");
  const attempts = Number(tries) + 1;
  if (row.expiresAt <= options.now || attempts > ATTEMPTS) {
    await db.delete(verification).where(eq(verification.id, row.id));
    throw new DomainError("INVALID_CODE", "That code has expired. Ask for a new one.");
  }
  const given = Buffer.from(hashOf(options.secret, options.userId, options.code.trim()));
  if (given.length === hash.length && timingSafeEqual(given, Buffer.from(hash))) {
    await db.delete(verification).where(eq(verification.id, row.id));
    return;
  }
  await db
    .update(verification)
    .set({ value: `${hash}:${attempts}`, updatedAt: options.now })
    .where(eq(verification.id, row.id));
  throw invalid();
}
