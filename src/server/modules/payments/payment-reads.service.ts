import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { notFound } from "#server/errors.ts";
import { communityEventTitles } from "#server/modules/events/events.service.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { can } from "#server/modules/members/members.policy.ts";
import {
  type MembersCtx,
  requireCapability,
  requireMembership,
} from "#server/modules/members/members.service.ts";
import { type PaymentRow, paymentRow, type RefundRow, refundedOf } from "./ledger.service.ts";
import { paymentRefund } from "./ledger.tables.ts";

export type PaymentsCtx = MembersCtx & { clock: () => Date };
export type PaymentsWriteCtx = PaymentsCtx & { emit: Emit };

/** A payment as the dashboard shows it: the row with what was refunded and the event's title. */
export type PaymentView = PaymentRow & { refundedMinor: number; eventTitle: string | null };

export const PAYMENTS_REFUSAL = "Only admins and owners can see and record payments.";

/** The community's payments are for those holding payments.manage; to outsiders they do not exist. */
export const requirePayments = (ctx: MembersCtx, communityId: string) =>
  requireCapability(ctx, communityId, "payments.manage", PAYMENTS_REFUSAL);

/** Whether a member of the community (others are refused) sees its payments: fields that are null otherwise. */
export async function seesPayments(ctx: MembersCtx, communityId: string): Promise<boolean> {
  return can(await requireMembership(ctx, communityId), "payments.manage");
}

/** One payment, for those who manage its community's payments. */
export async function paymentById(ctx: PaymentsCtx, id: string): Promise<PaymentView> {
  const row = await paymentRow(ctx.db, id);
  if (!row) throw notFound();
  await requirePayments(ctx, row.communityId);
  return viewOfRow(ctx.db, row);
}

/** The view of a row the caller may already see. */
export async function viewOfRow(db: Db, row: PaymentRow): Promise<PaymentView> {
  const [refunded, titles] = await Promise.all([
    refundedOf(db, row.id),
    row.eventId ? communityEventTitles(db, row.communityId, [row.eventId]) : new Map<string, string>(),
  ]);
  return {
    ...row,
    refundedMinor: refunded,
    eventTitle: row.eventId ? (titles.get(row.eventId) ?? null) : null,
  };
}

/** A payment's refunds, oldest first. */
export function refundsOf(db: Db, paymentId: string): Promise<RefundRow[]> {
  return db
    .select()
    .from(paymentRefund)
    .where(eq(paymentRefund.paymentId, paymentId))
    .orderBy(asc(paymentRefund.createdAt), asc(paymentRefund.id));
}
