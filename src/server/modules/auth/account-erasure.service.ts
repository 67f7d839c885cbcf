import { eq, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { account, session, throttle, verification } from "./auth.tables.ts";
import { passkey } from "./passkey.tables.ts";
import { twoFactor } from "./two-factor.tables.ts";

/**
 * Ends every way into a deleted account inside the deletion's transaction: sessions, linked
 * sign-in methods, passkeys, the second factor, pending codes for the address and the phone number,
 * and the address's code-sending counter. Answers the ended
 * sessions, for the revocation list.
 */
export async function endSignIns(
  tx: Db,
  options: { userId: string; email: string; phoneNumber: string | null },
): Promise<string[]> {
  const ended = await tx
    .delete(session)
    .where(eq(session.userId, options.userId))
    .returning({ id: session.id });
  await tx.delete(account).where(eq(account.userId, options.userId));
  await tx.delete(passkey).where(eq(passkey.userId, options.userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, options.userId));
  await tx
    .delete(verification)
    .where(
      or(
        sql`${verification.identifier} ilike ${`%${options.email}%`}`,
        eq(verification.identifier, `delete-account:${options.userId}`),
        options.phoneNumber ? sql`${verification.identifier} like ${`%${options.phoneNumber}%`}` : undefined,
      ),
    );
  await tx.delete(throttle).where(eq(throttle.key, `code-send:email:${options.email.trim().toLowerCase()}`));
  return ended.map((row) => row.id);
}
