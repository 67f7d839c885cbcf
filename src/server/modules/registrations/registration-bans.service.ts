import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { eventsForJoin } from "#server/modules/events/events.views.ts";
import { lockEvent } from "#server/modules/events/seats.service.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import type { RegistrationStatus } from "./registration-transitions.ts";
import { stateOf } from "./registration-transitions.ts";
import { cancelLocked } from "./registrations.service.ts";
import { registration } from "./registrations.tables.ts";

/**
 * What a ban cancels: places kept or asked for. A hold is left to its checkout, which may still be
 * paid at Stripe; someone already checked in has come through the door.
 */
const CANCELED_ON_BAN: RegistrationStatus[] = ["going", "waitlisted", "pending"];

/**
 * Cancels a banned person's registrations to the community's events not yet over, inside the
 * ban's transaction, through the same transition as any cancellation: the seats go to the
 * waitlist, the check-in code and the online link stop working, and each change is a
 * `registration.status_changed` entry by the person who banned. Nothing is refunded: a paid
 * ticket's money is given back from the payments screen, if at all. Answers how many it canceled.
 */
export async function cancelRegistrationsOnBan(
  tx: Db,
  input: { communityId: string; userId: string; actorId: string; emit: Emit; at: Date },
): Promise<number> {
  const found = await tx
    .select({ id: registration.id, eventId: registration.eventId })
    .from(registration)
    .innerJoin(eventsForJoin, eq(eventsForJoin.id, registration.eventId))
    .where(
      and(
        eq(registration.userId, input.userId),
        eq(eventsForJoin.communityId, input.communityId),
        inArray(registration.status, CANCELED_ON_BAN),
        gt(eventsForJoin.endsAt, input.at),
      ),
    )
    .orderBy(asc(registration.eventId));
  let canceled = 0;
  for (const { id, eventId } of found) {
    await lockEvent(tx, eventId);
    const [current] = await tx.select().from(registration).where(eq(registration.id, id)).limit(1);
    if (!current || !CANCELED_ON_BAN.includes(current.status) || stateOf(current) === "checked_in") continue;
    await cancelLocked(
      tx,
      {
        reason: "cancel",
        actorId: input.actorId,
        communityId: input.communityId,
        emit: input.emit,
        at: input.at,
      },
      current,
    );
    canceled++;
  }
  return canceled;
}
