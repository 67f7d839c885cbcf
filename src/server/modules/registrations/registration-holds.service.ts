import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import type { Origin } from "#shared/origins.ts";
import { readManageToken } from "./manage-token.ts";
import { transition } from "./registration-state.service.ts";
import { registration } from "./registrations.tables.ts";

// How seats held for a payment end, for checkout. Call with the event row locked (`lockEvent`).

/** What checkout needs to know of the registration it held seats with. */
export type HeldRegistration = {
  id: string;
  userId: string;
  guestName: string | null;
  /** Where the registration came from; a buyer joining the community on paying joins from there too. */
  origin: Origin | null;
};

async function heldRow(tx: Db, registrationId: string) {
  const [row] = await tx.select().from(registration).where(eq(registration.id, registrationId));
  return row?.status === "held" ? row : null;
}

/**
 * The payment went through: the held seats become going (the ticket mail follows from the log).
 * Answers the registration, or null when its seats are no longer held.
 */
export async function payForHeld(
  tx: Db,
  emit: Emit,
  registrationId: string,
  cause: { communityId: string; actorId: string | null },
): Promise<HeldRegistration | null> {
  const row = await heldRow(tx, registrationId);
  if (!row) return null;
  await transition(tx, row, "going", { reason: "paid", emit, ...cause });
  return { id: row.id, userId: row.userId, guestName: row.guestName, origin: row.origin };
}

/**
 * The payment will not come: the held seats go back, to the waitlist if anyone waits. With
 * `expiredBy`, only a hold whose time ran out by then (it may have been extended meanwhile).
 * Answers whether it released them.
 */
export async function releaseHeld(
  tx: Db,
  emit: Emit,
  registrationId: string,
  communityId: string,
  expiredBy: Date | null = null,
): Promise<boolean> {
  const row = await heldRow(tx, registrationId);
  if (!row) return false;
  if (expiredBy && (!row.holdExpiresAt || row.holdExpiresAt > expiredBy)) return false;
  await transition(tx, row, "canceled", {
    reason: "expire",
    actorId: null,
    communityId,
    emit,
    ...(expiredBy ? { at: expiredBy } : {}),
  });
  return true;
}

/** The name typed into the guest form for this registration (null when signed in). */
export async function guestNameOf(tx: Db, registrationId: string): Promise<string | null> {
  const [row] = await tx
    .select({ guestName: registration.guestName })
    .from(registration)
    .where(eq(registration.id, registrationId));
  return row?.guestName ?? null;
}

/** Seats held for a payment, as checkout needs them to take the payment. */
export type Hold = {
  id: string;
  eventId: string;
  userId: string;
  ticketTypeId: string | null;
  quantity: number;
  guestName: string | null;
  holdExpiresAt: Date | null;
};

const holdColumns = {
  id: registration.id,
  eventId: registration.eventId,
  userId: registration.userId,
  ticketTypeId: registration.ticketTypeId,
  quantity: registration.quantity,
  guestName: registration.guestName,
  holdExpiresAt: registration.holdExpiresAt,
  status: registration.status,
};

/** The registration behind a private link, if its seats are held for a payment now. */
export async function holdOfToken(db: Db, secret: string, token: string): Promise<Hold | null> {
  const id = readManageToken(secret, token);
  if (!id) return null;
  const [row] = await db.select(holdColumns).from(registration).where(eq(registration.id, id));
  if (row?.status !== "held") return null;
  const { status: _held, ...hold } = row;
  return hold;
}

/** Gives a hold more time (a buyer starting to pay late in an offer gets Checkout's half hour). */
export async function extendHold(tx: Db, registrationId: string, until: Date): Promise<void> {
  await tx
    .update(registration)
    .set({ holdExpiresAt: until })
    .where(and(eq(registration.id, registrationId), eq(registration.status, "held")));
}

/** Held seats whose time ran out, oldest first: offers nobody paid for, or orders' leftovers. */
export async function expiredHolds(db: Db, now: Date, limit: number): Promise<Hold[]> {
  const rows = await db
    .select(holdColumns)
    .from(registration)
    .where(and(eq(registration.status, "held"), lte(registration.holdExpiresAt, now)))
    .orderBy(asc(registration.holdExpiresAt))
    .limit(limit);
  return rows.map(({ status: _held, ...hold }) => hold);
}
