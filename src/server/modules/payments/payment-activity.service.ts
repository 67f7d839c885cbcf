import { and, count, eq, gt, gte, inArray } from "drizzle-orm";
import type { RememberingLoaders } from "#server/db/read-cache.ts";
import { payment, paymentCount } from "./ledger.tables.ts";
import { TAKEN_STATUSES } from "./ledger-rules.ts";
import { type PaymentsCtx, seesPayments } from "./payment-reads.service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the overview asks of payments beyond revenue: what failed lately, and whether any came in. */
export type PaymentActivity = { failedLast30Days: number; anyTaken: boolean };

/** Null for those who do not manage payments. */
export async function paymentActivity(
  ctx: PaymentsCtx & { loaders?: (PaymentsCtx["loaders"] & RememberingLoaders) | null },
  communityId: string,
): Promise<PaymentActivity | null> {
  if (!(await seesPayments(ctx, communityId))) return null;
  const load = async (): Promise<PaymentActivity> => {
    const since = new Date(ctx.clock().getTime() - 30 * DAY_MS);
    const [[failed], taken] = await Promise.all([
      ctx.db
        .select({ payments: count() })
        .from(payment)
        .where(
          and(
            eq(payment.communityId, communityId),
            eq(payment.status, "failed"),
            gte(payment.createdAt, since),
          ),
        ),
      // The per-status counts kept by triggers: no payment row is read.
      ctx.db
        .select({ payments: paymentCount.payments })
        .from(paymentCount)
        .where(
          and(
            eq(paymentCount.communityId, communityId),
            inArray(paymentCount.status, [...TAKEN_STATUSES]),
            gt(paymentCount.payments, 0),
          ),
        )
        .limit(1),
    ]);
    return { failedLast30Days: Number(failed?.payments ?? 0), anyTaken: taken.length > 0 };
  };
  return ctx.loaders ? ctx.loaders.remember("payment-activity", communityId, load) : load();
}
