import { eq, or, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { payment } from "./ledger.tables.ts";

/**
 * The community's ledger keeps a deleted account's payments (amounts, refunds, totals) with the
 * payer anonymised: by account, and by the address recorded for payments taken by hand.
 */
export async function anonymisePayer(tx: Db, options: { userId: string; email: string; name: string }) {
  await tx
    .update(payment)
    .set({ payerName: options.name, payerEmail: null })
    .where(
      or(
        eq(payment.payerUserId, options.userId),
        sql`lower(${payment.payerEmail}) = lower(${options.email})`,
      ),
    );
}
