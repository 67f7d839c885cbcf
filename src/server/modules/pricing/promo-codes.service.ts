import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, lt, or, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/unique-violation.ts";
import { type FieldError, invalidInput, notFound } from "#server/errors.ts";
import { communityHosts } from "#server/modules/communities/community-hosts.service.ts";
import { eventTitles, requireManagedEvent, ticketTypesOf } from "#server/modules/events/events.service.ts";
import { decodeCursor, encodeCursor } from "#server/modules/events/events.views.ts";
import { ticketTypeNames } from "#server/modules/events/ticket-types.service.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { type MembersCtx, requireCapability } from "#server/modules/members/members.service.ts";
import { promoCode } from "./pricing.tables.ts";
import { type PromoCodeInput, type ValidPromoCode, validatePromoCode } from "./promo-codes.validation.ts";

export type PricingCtx = MembersCtx & { clock: () => Date; emit: Emit };
export type PromoCodeRow = typeof promoCode.$inferSelect;
export type PromoCodeStatus = "active" | "scheduled" | "expired" | "used_up" | "inactive";
export type PromoCodeView = PromoCodeRow & {
  eventTitle: string | null;
  ticketTypeName: string | null;
  status: PromoCodeStatus;
};
export type Page<T> = { nodes: T[]; endCursor: string | null; hasNextPage: boolean };

export const MANAGE = "Only organizers can manage promo codes.";

/** Whether the code can be used at `now`, and if not, why, as the list shows it. */
export function promoCodeStatus(row: PromoCodeRow, now: Date): PromoCodeStatus {
  if (!row.active) return "inactive";
  if (row.expiresAt && row.expiresAt <= now) return "expired";
  if (row.maxUses !== null && row.uses >= row.maxUses) return "used_up";
  if (row.startsAt && row.startsAt > now) return "scheduled";
  return "active";
}

async function viewsOf(db: Db, rows: PromoCodeRow[], now: Date): Promise<PromoCodeView[]> {
  const [titles, names] = await Promise.all([
    eventTitles(
      db,
      rows.flatMap((row) => (row.eventId ? [row.eventId] : [])),
    ),
    ticketTypeNames(
      db,
      rows.flatMap((row) => (row.ticketTypeId ? [row.ticketTypeId] : [])),
    ),
  ]);
  return rows.map((row) => ({
    ...row,
    eventTitle: row.eventId ? (titles.get(row.eventId) ?? null) : null,
    ticketTypeName: row.ticketTypeId ? (names.get(row.ticketTypeId) ?? null) : null,
    status: promoCodeStatus(row, now),
  }));
}

/** The event a code is for, when the viewer manages it and it belongs to the community. */
async function managedEventOf(ctx: PricingCtx, communityId: string, eventId: string) {
  const { row } = await requireManagedEvent(ctx.db, ctx.viewer, eventId);
  if (row.communityId !== communityId) throw notFound();
  return row;
}

/**
 * A community's promo codes, newest first: with `eventId`, those a buyer of that event could use
 * (the event's own and the community-wide ones). Organizers, owners and admins.
 */
export async function listPromoCodes(
  ctx: PricingCtx,
  args: { communityId: string; eventId?: string | null; first?: number | null; after?: string | null },
): Promise<Page<PromoCodeView>> {
  await requireCapability(ctx, args.communityId, "events.manage", MANAGE);
  const conditions: (SQL | undefined)[] = [eq(promoCode.communityId, args.communityId)];
  if (args.eventId) {
    await managedEventOf(ctx, args.communityId, args.eventId);
    conditions.push(or(eq(promoCode.eventId, args.eventId), isNull(promoCode.eventId)));
  }
  const cursor = decodeCursor(args.after);
  if (cursor) {
    conditions.push(
      or(
        lt(promoCode.createdAt, cursor.at),
        and(eq(promoCode.createdAt, cursor.at), lt(promoCode.id, cursor.id)),
      ),
    );
  }
  const first = Math.min(Math.max(args.first ?? 50, 1), 100);
  const rows = await ctx.db
    .select()
    .from(promoCode)
    .where(and(...conditions))
    .orderBy(desc(promoCode.createdAt), desc(promoCode.id))
    .limit(first + 1);
  const page = rows.slice(0, first);
  const last = page.at(-1);
  return {
    nodes: await viewsOf(ctx.db, page, ctx.clock()),
    hasNextPage: rows.length > first,
    endCursor: last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null,
  };
}

export const codeTaken = () =>
  invalidInput([
    {
      field: "code",
      code: "PROMO_CODE_TAKEN",
      message: "This community already has that code. Choose another.",
    },
  ]);

/** The code's own checks, then its ticket type: one of the event's, and only with an event. */
export async function validOrThrow(
  db: Db,
  eventId: string | null,
  input: PromoCodeInput,
  more: (value: ValidPromoCode) => FieldError[] = () => [],
): Promise<ValidPromoCode> {
  const { value, errors } = validatePromoCode(input);
  errors.push(...more(value));
  if (value.ticketTypeId) {
    const ticketTypeError: FieldError | null = !eventId
      ? {
          field: "ticketTypeId",
          code: "TICKET_TYPE_NEEDS_EVENT",
          message: "A code for every event can't name one ticket type.",
        }
      : (await ticketTypesOf(db, eventId)).some((tt) => tt.id === value.ticketTypeId)
        ? null
        : {
            field: "ticketTypeId",
            code: "NOT_IN_EVENT",
            message: "Choose one of this event's ticket types.",
          };
    if (ticketTypeError) errors.push(ticketTypeError);
  }
  if (errors.length > 0) throw invalidInput(errors);
  return value;
}

export const fieldsOf = (row: PromoCodeRow) => ({
  code: row.code,
  eventId: row.eventId,
  ticketTypeId: row.ticketTypeId,
  percentOff: row.percentOff,
  amountOffMinor: row.amountOffMinor,
  maxUses: row.maxUses,
  startsAt: row.startsAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

export async function viewOf(ctx: PricingCtx, id: string): Promise<PromoCodeView> {
  const [row] = await ctx.db.select().from(promoCode).where(eq(promoCode.id, id));
  if (!row) throw notFound();
  const [view] = await viewsOf(ctx.db, [row], ctx.clock());
  if (!view) throw notFound();
  return view;
}

/** A new promo code for one event of the community, or (no `eventId`) for all of them. */
export async function createPromoCode(
  ctx: PricingCtx,
  communityId: string,
  eventId: string | null,
  input: PromoCodeInput,
): Promise<PromoCodeView> {
  const member = await requireCapability(ctx, communityId, "events.manage", MANAGE);
  if (eventId) await managedEventOf(ctx, communityId, eventId);
  const value = await validOrThrow(ctx.db, eventId, input);
  const hosts = await communityHosts(ctx.db, [communityId]);
  const currency = hosts.get(communityId)?.currency ?? "EUR";
  const id = randomUUID();
  const now = ctx.clock();
  try {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(promoCode)
        .values({
          id,
          communityId,
          eventId,
          ...value,
          currency,
          createdBy: member.viewer.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw notFound();
      await ctx.emit(tx, {
        type: "promo_code.created",
        communityId,
        actorId: member.viewer.id,
        payload: { promoCodeId: id, code: row.code, eventId, after: fieldsOf(row) },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
  return viewOf(ctx, id);
}
