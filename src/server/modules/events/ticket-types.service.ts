import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { DomainError, invalidInput } from "#server/errors.ts";
import { event, ticketType } from "./events.tables.ts";
import type { ValidTicketType } from "./events.validation.ts";
import type { EventRow, TicketTypeRow } from "./events.views.ts";

/**
 * Whether a community can take payments now. The payments module knows (its Stripe account, or
 * the operator's with STRIPE_CONNECT=off) and builds on events, so the composition root hands
 * its answer in.
 */
export type PaymentsGate = { canTakePayments(db: Db, communityId: string): Promise<boolean> };

/** What the registrations module tells events about a ticket type (see `SeatKeeper`). */
export type TicketTypesInUse = (tx: Db, ticketTypeIds: string[]) => Promise<string[]>;

const columnsOf = (tt: ValidTicketType, currency: string, position: number) => ({
  name: tt.name,
  quantity: tt.quantity,
  priceMinor: tt.priceMinor,
  memberPriceMinor: tt.memberPriceMinor,
  currency,
  maxPerOrder: tt.maxPerOrder,
  salesStartAt: tt.salesStartAt,
  salesEndAt: tt.salesEndAt,
  position,
});

/**
 * A ticket that costs something may be saved only while the community can take payments. One
 * already saved with the same prices stays editable (a typo in its name) whatever happened to
 * the community's Stripe account since.
 */
export async function requirePaymentsFor(
  db: Db,
  gate: PaymentsGate,
  communityId: string,
  types: ValidTicketType[],
  existing: TicketTypeRow[] = [],
): Promise<void> {
  const saved = new Map(existing.map((row) => [row.id, row]));
  const newlyPriced = types.flatMap((tt, index) => {
    if (tt.priceMinor === 0) return [];
    const before = tt.id ? saved.get(tt.id) : undefined;
    const unchanged =
      before && before.priceMinor === tt.priceMinor && before.memberPriceMinor === tt.memberPriceMinor;
    return unchanged ? [] : [index];
  });
  if (newlyPriced.length === 0 || (await gate.canTakePayments(db, communityId))) return;
  const message =
    "Connect Stripe in settings → payments before charging for tickets. Until then, tickets are free.";
  throw new DomainError(
    "PAYMENTS_NOT_CONNECTED",
    message,
    newlyPriced.map((index) => ({
      field: `ticketTypes.${index}.priceMinor`,
      code: "PAYMENTS_NOT_CONNECTED",
      message,
    })),
  );
}

export async function insertTicketTypes(tx: Db, eventId: string, currency: string, types: ValidTicketType[]) {
  if (types.length === 0) return;
  await tx
    .insert(ticketType)
    .values(
      types.map((tt, position) => ({ id: randomUUID(), eventId, ...columnsOf(tt, currency, position) })),
    );
}

/**
 * Makes the event's ticket types the given ones: kept ones (by id) updated in place, new ones
 * added, missing ones removed unless someone registered with them (TICKET_TYPE_IN_USE).
 */
export async function replaceTicketTypes(
  tx: Db,
  eventId: string,
  currency: string,
  types: ValidTicketType[],
  existing: TicketTypeRow[],
  inUse: TicketTypesInUse,
) {
  const keptIds = new Set(types.map((tt) => tt.id).filter((v): v is string => Boolean(v)));
  const removed = existing.filter((tt) => !keptIds.has(tt.id)).map((tt) => tt.id);
  if (removed.length > 0) {
    if ((await inUse(tx, removed)).length > 0) {
      throw invalidInput([
        {
          field: "ticketTypes",
          code: "TICKET_TYPE_IN_USE",
          message: "People registered with a ticket type you removed. Keep it, or rename it.",
        },
      ]);
    }
    await tx.delete(ticketType).where(inArray(ticketType.id, removed));
  }
  const existingIds = new Set(existing.map((tt) => tt.id));
  for (const [position, tt] of types.entries()) {
    const columns = columnsOf(tt, currency, position);
    if (tt.id && existingIds.has(tt.id)) {
      await tx.update(ticketType).set(columns).where(eq(ticketType.id, tt.id));
    } else {
      await tx.insert(ticketType).values({ id: randomUUID(), eventId, ...columns });
    }
  }
}

/** An event and one of its ticket types, as a price quote reads them (nothing locked). */
export async function ticketForSale(
  db: Db,
  eventId: string,
  ticketTypeId: string,
): Promise<{ event: EventRow; ticket: TicketTypeRow } | null> {
  const [row] = await db
    .select({ event, ticket: ticketType })
    .from(ticketType)
    .innerJoin(event, eq(event.id, ticketType.eventId))
    .where(and(eq(ticketType.id, ticketTypeId), eq(ticketType.eventId, eventId)))
    .limit(1);
  return row ?? null;
}

/** Ticket types' names by id in one query (lines that name them); unknown ids are left out. */
export async function ticketTypeNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)].filter(Boolean);
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: ticketType.id, name: ticketType.name })
    .from(ticketType)
    .where(inArray(ticketType.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}
