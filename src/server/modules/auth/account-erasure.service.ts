import { eq, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";
import { account, session, throttle, verification } from "./auth.tables.ts";
import { passkey } from "./passkey.tables.ts";
import { twoFactor } from "./two-factor.tables.ts";

// Exact tails rather than LIKE patterns: an address may hold `_` or `%`, and one person's number
// or address must not take another's pending code or counter with it.
const endsWith = (column: AnyPgColumn, tail: string): SQL =>
  sql`right(lower(${column}), char_length(${tail})) = lower(${tail})`;
const startsWith = (column: AnyPgColumn, head: string): SQL =>
  sql`left(${column}, char_length(${head})) = ${head}`;

/** better-auth's code for a new address awaiting confirmation: `change-email-otp-<user id>:<new address>`. */
const changeEmailPrefix = (userId: string) => `change-email-otp-${userId}:`;

/**
 * Ends every way into a deleted account inside the deletion's transaction and forgets what the
 * sign-in machinery kept of the person: sessions, linked sign-in methods, passkeys, the second
 * factor, every pending code (by address, by number, a change of address, a second step half
 * done, a trusted device) and every counter whose key names the address, a pending new address
 * or the number. Answers the ended sessions, for the revocation list.
 */
export async function endSignIns(
  tx: Db,
  options: { userId: string; email: string; phoneNumber: string | null },
): Promise<string[]> {
  const { userId, phoneNumber } = options;
  const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  await tx.delete(account).where(eq(account.userId, userId));
  await tx.delete(passkey).where(eq(passkey.userId, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));

  const changing = await tx
    .select({ identifier: verification.identifier })
    .from(verification)
    .where(startsWith(verification.identifier, changeEmailPrefix(userId)));
  const addresses = [
    options.email.trim(),
    ...changing.map((row) => row.identifier.slice(changeEmailPrefix(userId).length)),
  ];

  // A second step half done and a trusted device are rows whose value is the person's id; the
  // step's code and its try counter are named after the step's own identifier.
  const steps = await tx
    .delete(verification)
    .where(
      or(
        eq(verification.value, userId),
        // The deletion code, a change of address, a second-step code asked while signed in.
        sql`strpos(${verification.identifier}, ${userId}) > 0`,
        // Email codes: `<purpose>-otp-<address>`.
        ...addresses.map((address) => endsWith(verification.identifier, `-otp-${address}`)),
        // Text codes: `phone-number-otp-<number>`, `phone-number-reset-<number>`.
        phoneNumber ? endsWith(verification.identifier, `-${phoneNumber}`) : undefined,
      ),
    )
    .returning({ identifier: verification.identifier });
  const stepIds = steps.map((row) => row.identifier).filter((id) => id.startsWith("2fa-"));
  for (const id of stepIds) {
    await tx
      .delete(verification)
      .where(
        or(eq(verification.identifier, `2fa-otp-${id}`), eq(verification.identifier, `2fa-attempts-${id}`)),
      );
  }

  // Counters end their keys with what they count: `code-send:email:<address>`,
  // `guest-register:email:<address>`, `text-send:phone:<number>`, `text-send:ip-phone:<ip>:<number>`.
  const named = [...addresses, ...(phoneNumber ? [phoneNumber] : [])];
  await tx.delete(throttle).where(or(...named.map((value) => endsWith(throttle.key, `:${value}`))));
  return ended.map((row) => row.id);
}
