import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { DomainError, forbidden, invalidInput, notFound } from "#server/errors.ts";
import { joinFromEvent } from "#server/modules/communities/community-hosts.service.ts";
import type { SeatKeeper } from "#server/modules/events/event-writes.service.ts";
import { eventAccess } from "#server/modules/events/events.policy.ts";
import { eventClosed, registrationTerms } from "#server/modules/events/events.service.ts";
import { type EventRow, eventsForJoin } from "#server/modules/events/events.views.ts";
import { lockEvent, seatFree, seatsFit } from "#server/modules/events/seats.service.ts";
import { requireOnSale } from "#server/modules/events/ticket-sales.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { type BenefitView, can, hasBenefit } from "#server/modules/members/members.policy.ts";
import {
  getMembership,
  membershipsOfUser,
  recordRegistrant,
} from "#server/modules/members/members.service.ts";
import {
  lockMembershipOf,
  type MembershipRecord,
} from "#server/modules/members/membership-records.service.ts";
import { requireViewer, type Viewer } from "#server/modules/users/users.policy.ts";
import { people } from "#server/modules/users/users.service.ts";
import type { Capability } from "#shared/capabilities.ts";
import type { Origin } from "#shared/origins.ts";
import { unitPrice } from "#shared/pricing.ts";
import { validateAnswers } from "#shared/questions.ts";
import {
  type Cause,
  createRegistration,
  paidOfferUntil,
  promoteWaitlisted,
  transition,
} from "./registration-state.service.ts";
import type { RegistrationStatus } from "./registration-transitions.ts";
import {
  alreadyRegistered,
  checkTransition,
  stateOf,
  type TransitionReason,
} from "./registration-transitions.ts";
import { registration } from "./registrations.tables.ts";
import {
  personColumns,
  type RegistrationRow,
  type RegistrationView,
  registrationLoaders,
  type WriteCtx,
} from "./registrations.views.ts";

export type RegisterInput = {
  ticketTypeId?: string | null;
  answers: { questionId: string; values: string[] }[];
  /** Tickets wanted, for a paid ticket's waitlist or approval request; 1 otherwise. */
  quantity?: number | null;
  /** The form's "send me this community's announcements" box; unticked unless given. */
  announcements?: boolean | null;
  /** Where the registration came from (a page, a shared link, an organizer); null when unknown. */
  origin?: Origin | null;
};

export const ACTIVE: RegistrationStatus[] = ["going", "waitlisted", "pending", "held"];

export async function viewOf(
  db: Db,
  viewer: Viewer | null,
  registrationId: string,
): Promise<RegistrationView> {
  const [row] = await db
    .select({ registration, person: personColumns })
    .from(registration)
    .innerJoin(people, eq(people.id, registration.userId))
    .where(eq(registration.id, registrationId))
    .limit(1);
  if (!row) throw notFound();
  return registrationLoaders({ db, viewer }).registrationView(row.registration, row.person);
}

export async function register(
  ctx: WriteCtx,
  eventId: string,
  input: RegisterInput,
): Promise<RegistrationView> {
  const me = requireViewer(ctx.viewer);
  const id = await ctx.db.transaction(async (tx) => {
    // Every seat decision for this event happens under this row lock, one registration at a time.
    const lock = await lockForRegistration(tx, eventId, me.id);
    const { row, membership } = lock;
    const access = eventAccess(row, me, membership);
    if (access !== "visible") throw notFound();
    const placed = await placeRegistration(tx, ctx.emit, lock, me.id, input, { guestName: null });
    // The join policy decides whether a registrant becomes a member; otherwise they stay one of its people.
    if (row.visibility === "public" && (!membership || membership.status === "person"))
      await joinFromEvent(tx, ctx.emit, row.communityId, me.id, input.origin ?? null);
    return placed.id;
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

/**
 * The event row and the person's membership, both locked, and the person's own registration for
 * the event as it was just before the event's lock (`checkRegistrable` looks at it again when it
 * would turn them away; `createRegistration` writes it back only as it was read).
 */
export type RegistrationLock = {
  row: EventRow;
  membership: MembershipRecord | null;
  existing: RegistrationRow | null;
};

/**
 * Locks the person's membership of the event's community, when they have one, and then the event:
 * the order a ban takes them in (the membership, then each event), so a ban and a registration
 * never wait on each other in a circle, and a ban committed meanwhile is seen by the checks that
 * follow (`checkRegistrable` refuses someone banned). Every registration and hold starts here.
 * Answers the locked membership too: no other transaction can change it before this one ends.
 *
 * Registrations for one event wait for each other on its lock, so it is taken last and held for
 * as few statements as can be: the person's registration is read before it. Organizers, holds
 * running out, payments and the waitlist change it under the event's lock only, so what was read
 * may be stale by the time the lock is held: an active one is read again before the person is
 * turned away, and an inactive one is revived only if it is still as it was read.
 */
export async function lockForRegistration(
  tx: Db,
  eventId: string,
  userId: string,
): Promise<RegistrationLock> {
  const ofEvent = tx
    .select({ communityId: eventsForJoin.communityId })
    .from(eventsForJoin)
    .where(eq(eventsForJoin.id, eventId));
  const membership = await lockMembershipOf(tx, ofEvent, userId);
  const [existing] = await tx
    .select()
    .from(registration)
    .where(and(eq(registration.eventId, eventId), eq(registration.userId, userId)))
    .limit(1);
  // Throws NOT_FOUND for an event that is not there (the membership lock then found nothing).
  const row = await lockEvent(tx, eventId);
  return { row, membership, existing: existing ?? null };
}

/**
 * What registering and buying both check, with the person's membership and the event row locked
 * (`lockForRegistration`): the event takes
 * registrations, the person is not banned, the ticket type is on sale, the answers are valid and
 * the person holds no active registration. Answers the chosen type and the clean answers.
 */
async function checkRegistrable(tx: Db, lock: RegistrationLock, input: RegisterInput) {
  const { row, membership, existing } = lock;
  const eventId = row.id;
  const now = new Date();
  if (row.status !== "published" || row.endsAt < now) throw eventClosed();
  if (membership?.status === "banned") {
    throw new DomainError("BANNED", "You can't register: the community's admins removed you from it.");
  }

  const { types, questions } = await registrationTerms(tx, eventId);
  const chosen = input.ticketTypeId
    ? types.find((tt) => tt.id === input.ticketTypeId)
    : types.length === 1
      ? types[0]
      : undefined;
  if (!chosen) {
    throw invalidInput([{ field: "ticketTypeId", code: "REQUIRED", message: "Choose a ticket type." }]);
  }
  requireOnSale(chosen, now);

  const answers = validateAnswers(questions, input.answers);
  if (answers.errors.length > 0) throw invalidInput(answers.errors);

  // Read before the lock: an active one may have ended since (a hold run out, an organizer's
  // cancel), and is looked at again before the person is turned away.
  let current: RegistrationRow | null = existing;
  if (current && ACTIVE.includes(current.status)) {
    const [fresh] = await tx.select().from(registration).where(eq(registration.id, current.id)).limit(1);
    current = fresh ?? null;
    if (current && ACTIVE.includes(current.status)) throw alreadyRegistered();
  }
  return {
    chosen,
    answers: answers.value,
    member: hasBenefit(membership, "member_prices"),
    existing: current,
  };
}

/**
 * The seat decision and the write, for a signed-in person or a guest. Call with the membership and
 * the event row locked (`lockForRegistration`), with the membership it found. Its `registration.created` entry brings the person's mail and, for
 * approval events, the organizers'.
 */
export async function placeRegistration(
  tx: Db,
  emit: Emit,
  lock: RegistrationLock,
  userId: string,
  input: RegisterInput,
  options: { guestName: string | null },
): Promise<{ id: string; status: RegistrationStatus }> {
  const { row } = lock;
  const eventId = row.id;
  const { chosen, answers, member, existing } = await checkRegistrable(tx, lock, input);
  // A paid ticket is bought at checkout when a seat is there; approval and the waitlist come first,
  // and the seat is offered, to be paid for, once approved or free.
  const paid = unitPrice(chosen, member) > 0;
  const quantity = paid ? (input.quantity ?? 1) : 1;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > chosen.maxPerOrder) {
    throw invalidInput([
      {
        field: "quantity",
        code: "OVER_ORDER_LIMIT",
        message: `Choose between 1 and ${chosen.maxPerOrder} tickets.`,
      },
    ]);
  }

  let status: RegistrationStatus;
  if (row.approvalRequired) status = "pending";
  // The event row and the ticket types were read under the event's lock: their counters are current.
  else if (seatsFit(row, chosen, quantity)) {
    if (paid) throw new DomainError("PAYMENT_REQUIRED", "This ticket is paid: buy it at checkout.");
    status = "going";
  } else if (row.waitlistEnabled) status = "waitlisted";
  else throw new DomainError("EVENT_FULL", "This event is full.");

  const registrationId = await createRegistration(
    tx,
    existing,
    status,
    {
      reason: "register",
      actorId: options.guestName === null ? userId : null,
      communityId: row.communityId,
      emit,
    },
    {
      eventId,
      userId,
      ticketTypeId: chosen.id,
      answers,
      guestName: options.guestName,
      quantity,
      origin: input.origin ?? null,
    },
  );
  await recordPerson(tx, row, userId, input, { ...options, membership: lock.membership });
  return { id: registrationId, status };
}

/**
 * Keeps `quantity` seats of a paid ticket for a buyer until `expiresAt` (a registration `held`),
 * after the same checks as registering. Call with the membership and event row locked (`lockForRegistration`); the price itself is the
 * caller's (the quote). Refuses with SOLD_OUT when the seats are not there: a buyer never waits in
 * line for a hold.
 */
export async function holdSeats(
  tx: Db,
  emit: Emit,
  lock: RegistrationLock,
  userId: string,
  input: RegisterInput & { quantity: number },
  options: { guestName: string | null; expiresAt: Date },
): Promise<{ id: string; ticketTypeId: string }> {
  const { row } = lock;
  const { chosen, answers, existing } = await checkRegistrable(tx, lock, input);
  if (!seatsFit(row, chosen, input.quantity)) {
    throw new DomainError("SOLD_OUT", "These tickets are sold out.");
  }
  const id = await createRegistration(
    tx,
    existing,
    "held",
    {
      reason: "checkout",
      actorId: options.guestName === null ? userId : null,
      communityId: row.communityId,
      emit,
    },
    {
      eventId: row.id,
      userId,
      ticketTypeId: chosen.id,
      answers,
      guestName: options.guestName,
      quantity: input.quantity,
      holdExpiresAt: options.expiresAt,
      origin: input.origin ?? null,
    },
  );
  await recordPerson(tx, row, userId, input, { ...options, membership: lock.membership });
  return { id, ticketTypeId: chosen.id };
}

/**
 * Everyone who registers is one of the community's people (docs/decisions/028). A membership that
 * is more than that (a member, a banned person) is left as it is, so there is nothing to write.
 */
async function recordPerson(
  tx: Db,
  row: EventRow,
  userId: string,
  input: RegisterInput,
  options: { guestName: string | null; membership: MembershipRecord | null },
) {
  if (options.membership && options.membership.status !== "person") return;
  await recordRegistrant(tx, {
    communityId: row.communityId,
    userId,
    name: options.guestName?.trim() || null,
    announcements: input.announcements === true,
    at: new Date(),
  });
}

/** What changing an event asks of its registrations (see `updateEvent`). */
export const seatKeeper: SeatKeeper = {
  async ticketTypesInUse(tx, ticketTypeIds) {
    const used = await tx
      .selectDistinct({ ticketTypeId: registration.ticketTypeId })
      .from(registration)
      .where(inArray(registration.ticketTypeId, ticketTypeIds));
    return used.flatMap((r) => (r.ticketTypeId ? [r.ticketTypeId] : []));
  },
  async seatsMayHaveFreed(tx, emit, eventId) {
    await promoteWaitlisted(tx, emit, eventId);
  },
};

/**
 * Loads a registration and locks its event for a change. The person may act on their own
 * registration only where `personMay`; members holding `capability` on any. Others get NOT_FOUND.
 */
export async function lockRegistration(
  tx: Db,
  viewer: Viewer | null,
  id: string,
  personMay: boolean,
  capability: Capability = "registrations.manage",
) {
  const me = requireViewer(viewer);
  // The registration's event, found and locked in one statement (NOT_FOUND for no registration);
  // then the registration as it is under that lock, beside the viewer's membership.
  const eventRow = await lockEvent(
    tx,
    tx.select({ eventId: registration.eventId }).from(registration).where(eq(registration.id, id)),
  );
  const mine = membershipsOfUser(tx, me.id);
  const [found] = await tx
    .select({ registration, role: mine.role, status: mine.status, planBenefits: mine.planBenefits })
    .from(registration)
    .leftJoin(mine, eq(mine.communityId, eventRow.communityId))
    .where(eq(registration.id, id))
    .limit(1);
  if (!found) throw notFound();
  const current = found.registration;
  const membership: BenefitView | null =
    found.role && found.status
      ? { role: found.role, status: found.status, planBenefits: found.planBenefits }
      : null;
  const manager = can(membership, capability);
  const own = current.userId === me.id;
  if (!manager && !(own && personMay)) {
    if (own) throw forbidden("Only organizers can do that.");
    throw notFound();
  }
  return { me, current, eventRow, manager };
}

export const causeBy = (
  ctx: WriteCtx,
  eventRow: EventRow,
  reason: TransitionReason,
  actorId: string,
): Cause => ({
  reason,
  actorId,
  communityId: eventRow.communityId,
  emit: ctx.emit,
  ...(ctx.clock ? { at: ctx.clock() } : {}),
});

export async function cancelRegistration(ctx: WriteCtx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current, eventRow, me } = await lockRegistration(tx, ctx.viewer, id, true);
    await cancelLocked(tx, causeBy(ctx, eventRow, "cancel", me.id), current);
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

/** Cancels a registration whose event row is locked; canceling an inactive one changes nothing. */
export async function cancelLocked(tx: Db, cause: Cause, current: RegistrationRow): Promise<void> {
  if (!ACTIVE.includes(current.status)) return;
  await transition(tx, current, "canceled", cause);
}

/**
 * Whether an organizer (`registrations.manage`) may cancel the registration now, without changing
 * anything: for a refund that also frees the ticket's seat, asked before the money goes back.
 * Throws what canceling would: NOT_FOUND, FORBIDDEN, or CHECKED_IN once they came through the door.
 */
export async function checkOrganizerCancel(db: Db, viewer: Viewer | null, id: string): Promise<void> {
  const me = requireViewer(viewer);
  const [found] = await db
    .select({ registration, communityId: eventsForJoin.communityId })
    .from(registration)
    .innerJoin(eventsForJoin, eq(eventsForJoin.id, registration.eventId))
    .where(eq(registration.id, id))
    .limit(1);
  if (!found) throw notFound();
  if (!can(await getMembership(db, me.id, found.communityId), "registrations.manage"))
    throw forbidden("Only organizers can cancel registrations.");
  if (stateOf(found.registration) === "checked_in") throw checkedInRefusal();
}

/**
 * Cancels a registration as an organizer inside the caller's transaction (the event's row is
 * locked first, the seat goes to the waitlist); an inactive one stays as it is.
 */
export async function cancelAsOrganizer(tx: Db, ctx: WriteCtx, id: string): Promise<void> {
  const { current, eventRow, me } = await lockRegistration(tx, ctx.viewer, id, false);
  if (stateOf(current) === "checked_in") throw checkedInRefusal();
  await cancelLocked(tx, causeBy(ctx, eventRow, "cancel", me.id), current);
}

/** Whether an organizer could cancel the registration now: it is active and not through the door. */
export async function registrationCancelable(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ status: registration.status, checkedInAt: registration.checkedInAt })
    .from(registration)
    .where(eq(registration.id, id))
    .limit(1);
  return row !== undefined && ACTIVE.includes(row.status) && stateOf(row) !== "checked_in";
}

const checkedInRefusal = () =>
  new DomainError("CHECKED_IN", "They are already checked in, so the registration cannot be canceled.");

export async function declineRegistration(ctx: WriteCtx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current, eventRow, me } = await lockRegistration(tx, ctx.viewer, id, false);
    if (!ACTIVE.includes(current.status)) return;
    await transition(tx, current, "declined", causeBy(ctx, eventRow, "decline", me.id));
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

const noSeats = () => new DomainError("NO_SEATS", "There is no free seat.");

/** Into a free seat: going when the ticket is free for them, else the seat is offered to pay for. */
async function goOrOffer(tx: Db, current: RegistrationRow, cause: Cause) {
  const offer = await paidOfferUntil(tx, current, cause.at ?? new Date());
  if (offer) await transition(tx, current, "held", { ...cause, reason: "offer" }, offer);
  else await transition(tx, current, "going", cause);
}

export async function approveRegistration(ctx: WriteCtx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current, eventRow, me } = await lockRegistration(tx, ctx.viewer, id, false);
    if (current.status === "going") return;
    await approveLocked(tx, current, eventRow, causeBy(ctx, eventRow, "approve", me.id));
  });
  return viewOf(ctx.db, ctx.viewer, id);
}

/**
 * Approves a pending registration whose event row is locked: a free seat (offered to pay for when
 * the ticket costs them something), else the waitlist, else NO_SEATS.
 */
export async function approveLocked(
  tx: Db,
  current: RegistrationRow,
  eventRow: EventRow,
  cause: Cause,
): Promise<void> {
  checkTransition(stateOf(current), "going", cause.reason);
  // Approving is when they join the waitlist's queue, if there is no seat; a paid seat is offered.
  if (await seatFree(tx, current.eventId, current.ticketTypeId, current.quantity))
    await goOrOffer(tx, current, cause);
  else if (eventRow.waitlistEnabled) await transition(tx, current, "waitlisted", cause);
  else throw noSeats();
}

export async function moveFromWaitlist(ctx: WriteCtx, id: string): Promise<RegistrationView> {
  await ctx.db.transaction(async (tx) => {
    const { current, eventRow, me } = await lockRegistration(tx, ctx.viewer, id, false);
    if (current.status === "going") return;
    const cause = causeBy(ctx, eventRow, "move", me.id);
    checkTransition(stateOf(current), "going", cause.reason);
    if (!(await seatFree(tx, current.eventId, current.ticketTypeId, current.quantity))) throw noSeats();
    await goOrOffer(tx, current, cause);
  });
  return viewOf(ctx.db, ctx.viewer, id);
}
