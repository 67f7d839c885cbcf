import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { lockEvent } from "#server/modules/events/seats.service.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { type Cause, transition } from "./registration-state.service.ts";
import { type RegistrationStatus, stateOf } from "./registration-transitions.ts";
import { approveLocked } from "./registrations.service.ts";
import { registration } from "./registrations.tables.ts";
import type { RegistrationRow } from "./registrations.views.ts";

// Decisions on registrations taken without a signed-in viewer (a community's agents, issue 24).
// They go through the same transition table, seat counters, waitlist and log entries as an
// organizer's, with `actorId: null`; the caller (who runs inside its own transaction) has already
// checked that the agent acts for the community.

/** What the caller of a decision without a viewer brings: where entries go and the time. */
export type SystemActor = { emit: Emit; at: Date };

export type RegistrationDecision =
  | { outcome: "decided"; userId: string; eventId: string; from: RegistrationStatus; to: RegistrationStatus }
  /** Nothing changed: the registration is gone, of another community, or no longer pending. */
  | { outcome: "unchanged"; status: RegistrationStatus | null };

/** Loads the registration with its event row locked, or null when it is not the community's. */
async function lockOfCommunity(
  tx: Db,
  communityId: string,
  registrationId: string,
): Promise<{ current: RegistrationRow; eventRow: Awaited<ReturnType<typeof lockEvent>> } | null> {
  const [found] = await tx.select().from(registration).where(eq(registration.id, registrationId)).limit(1);
  if (!found) return null;
  const eventRow = await lockEvent(tx, found.eventId);
  if (eventRow.communityId !== communityId) return null;
  const [current] = await tx.select().from(registration).where(eq(registration.id, registrationId)).limit(1);
  return current ? { current, eventRow } : null;
}

const statusAfter = async (tx: Db, id: string): Promise<RegistrationStatus | null> =>
  (
    await tx
      .select({ status: registration.status })
      .from(registration)
      .where(eq(registration.id, id))
      .limit(1)
  )[0]?.status ?? null;

/**
 * Approves (a seat, a paid seat's offer, or the waitlist; NO_SEATS when none) or declines a pending
 * registration of the community. Anything but a pending registration is left as it is.
 */
export async function decideRegistrationBySystem(
  tx: Db,
  actor: SystemActor,
  input: { communityId: string; registrationId: string; decision: "approve" | "decline" },
): Promise<RegistrationDecision> {
  const locked = await lockOfCommunity(tx, input.communityId, input.registrationId);
  if (!locked) return { outcome: "unchanged", status: null };
  const { current, eventRow } = locked;
  if (current.status !== "pending") return { outcome: "unchanged", status: current.status };
  const cause: Cause = {
    reason: input.decision,
    actorId: null,
    communityId: input.communityId,
    emit: actor.emit,
    at: actor.at,
  };
  if (input.decision === "approve") await approveLocked(tx, current, eventRow, cause);
  else await transition(tx, current, "declined", cause);
  const to = (await statusAfter(tx, current.id)) ?? current.status;
  return { outcome: "decided", userId: current.userId, eventId: current.eventId, from: "pending", to };
}

export type RegistrationReopening = { outcome: "reopened" } | { outcome: "moved_on"; reason: string };

/**
 * Takes a decision back: the registration returns to pending, but only while it is still where
 * the decision left it (`decidedTo`). A seat it gave up goes to the waitlist as any freed seat does.
 */
export async function reopenRegistrationBySystem(
  tx: Db,
  actor: SystemActor,
  input: { communityId: string; registrationId: string; decidedTo: RegistrationStatus },
): Promise<RegistrationReopening> {
  const locked = await lockOfCommunity(tx, input.communityId, input.registrationId);
  if (!locked) return { outcome: "moved_on", reason: "the registration no longer exists" };
  const { current } = locked;
  const state = stateOf(current);
  if (state === "checked_in") return { outcome: "moved_on", reason: "they are already checked in" };
  if (current.status !== input.decidedTo)
    return { outcome: "moved_on", reason: `it is now ${current.status}` };
  // A seat offered to pay for stays with its payment: it ends paid or released, never by hand.
  if (current.status === "held")
    return { outcome: "moved_on", reason: "a payment for the seat is under way" };
  await transition(tx, current, "pending", {
    reason: "reconsider",
    actorId: null,
    communityId: input.communityId,
    emit: actor.emit,
    at: actor.at,
  });
  return { outcome: "reopened" };
}
