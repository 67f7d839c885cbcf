import DataLoader from "dataloader";
import { desc, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { can } from "#server/modules/members/members.policy.ts";
import { getMembership, type MembersCtx } from "#server/modules/members/members.service.ts";
import { payment } from "./ledger.tables.ts";
import type { PaymentView } from "./payment-reads.service.ts";

/** A registration's payments without the event's title, which the registration already has. */
export type RegistrationPayment = Omit<PaymentView, "eventTitle">;

/** Payments by registration, newest first, with what was refunded of each: one statement per batch. */
export function createRegistrationPaymentsLoader(db: Db): DataLoader<string, RegistrationPayment[]> {
  return new DataLoader<string, RegistrationPayment[]>(async (ids) => {
    const rows = await db
      .select({
        row: payment,
        // Written out: drizzle leaves the columns of a one-table select unqualified, and the
        // inner `id` would then be the refund's.
        refundedMinor: sql<number>`(select coalesce(sum(r.amount_minor), 0) from payment_refund r
          where r.payment_id = "payment"."id")`.mapWith(Number),
      })
      .from(payment)
      .where(inArray(payment.registrationId, [...ids]))
      .orderBy(desc(payment.createdAt), desc(payment.id));
    const byRegistration = new Map<string, RegistrationPayment[]>();
    for (const { row, refundedMinor } of rows) {
      const key = row.registrationId as string;
      byRegistration.set(key, [...(byRegistration.get(key) ?? []), { ...row, refundedMinor }]);
    }
    return ids.map((id) => byRegistration.get(id) ?? []);
  });
}

/**
 * The payments for a registration, for those who manage its community's payments (admins and
 * owners); null for everyone else, so an organizer's registration list reads the same as before.
 */
export async function paymentsOfRegistration(
  ctx: MembersCtx & { loaders?: { registrationPayments?: DataLoader<string, RegistrationPayment[]> } | null },
  communityId: string,
  registrationId: string,
): Promise<RegistrationPayment[] | null> {
  if (!ctx.viewer) return null;
  const membership = ctx.loaders
    ? await ctx.loaders.communities.viewerMembership.load(communityId)
    : await getMembership(ctx.db, ctx.viewer.id, communityId);
  if (!can(membership, "payments.manage")) return null;
  const loader = ctx.loaders?.registrationPayments ?? createRegistrationPaymentsLoader(ctx.db);
  return loader.load(registrationId);
}
