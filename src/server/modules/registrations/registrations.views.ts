import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { createCommunityLoaders } from "#server/modules/communities/communities.loaders.ts";
import type { Ctx as EventsCtx, WriteCtx as EventsWriteCtx } from "#server/modules/events/events.service.ts";
import { batched, type EventView, Loaders, resultRows } from "#server/modules/events/events.views.ts";
import { people } from "#server/modules/users/users.service.ts";
import { registration } from "./registrations.tables.ts";

export type RegistrationRow = typeof registration.$inferSelect;
export type Person = { id: string; name: string; email: string; image: string | null };
export type RegistrationView = RegistrationRow & {
  person: Person;
  loaders: RegistrationLoaders;
};

/** The name a registration shows: what the guest typed for it, else the account's. Join registration. */
export const registrantName = sql<string>`coalesce(${registration.guestName}, ${people.name})`;
export const personColumns = {
  id: people.id,
  name: registrantName,
  email: people.email,
  image: people.image,
};

/**
 * Registration reads batched like the events' (whose loaders these sit on): one per request for
 * reads, a fresh one after each write.
 */
export class RegistrationLoaders {
  readonly ofEvents: Loaders;
  readonly viewerRegistration;
  readonly waitlistPosition;

  constructor(ofEvents: Loaders) {
    this.ofEvents = ofEvents;
    const { db, viewerId } = ofEvents;
    this.viewerRegistration = batched<RegistrationView | null>(async (ids) => {
      if (!viewerId) return new Map();
      const rows = await db
        .select({ registration, person: personColumns })
        .from(registration)
        .innerJoin(people, eq(people.id, registration.userId))
        .where(and(eq(registration.userId, viewerId), inArray(registration.eventId, ids)));
      const views = rows.map((r) => this.registrationView(r.registration, r.person));
      return new Map(views.map((v) => [v.eventId, v]));
    }, null);
    // One pass over each event's waitlist numbers every waitlisted row of the page.
    this.waitlistPosition = batched<number | null>(async (ids) => {
      const rows = await db.execute<{ id: string; position: number }>(sql`
        select w.id, w.position::int as position from (
          select r.id, row_number() over (partition by r.event_id order by r.queued_at, r.id) as position
          from registration r
          where r.status = 'waitlisted'
            and r.event_id in (select event_id from registration where id in ${ids})
        ) w where w.id in ${ids}`);
      return new Map(
        resultRows<{ id: string; position: number }>(rows).map((r) => [r.id, Number(r.position)]),
      );
    }, null);
  }

  get viewerId(): string | null {
    return this.ofEvents.viewerId;
  }

  event(eventId: string): Promise<EventView | null> {
    return this.ofEvents.events.load(eventId);
  }

  /** Whether the viewer manages the event's community: read only when a field asks. */
  async canManage(eventId: string): Promise<boolean> {
    return (await this.event(eventId))?.canManage ?? false;
  }

  registrationView(row: RegistrationRow, person: Person): RegistrationView {
    return { ...row, person, loaders: this };
  }
}

/** The request's loaders: the events' ones, and these. */
type WithLoaders = {
  loaders?: (NonNullable<EventsCtx["loaders"]> & { registrations: RegistrationLoaders }) | null;
};
export type Ctx = Omit<EventsCtx, "loaders"> & WithLoaders;
export type WriteCtx = Omit<EventsWriteCtx, "loaders"> &
  WithLoaders & {
    /** The app's clock: an offered seat's hours count from it. */
    clock?: () => Date;
  };

/**
 * The request's registration loaders, or fresh ones (in writes and jobs): those read an event's
 * community and the viewer's membership in it in one statement, and keep nothing beyond the call.
 */
export function registrationLoaders(
  ctx: { db: Db; viewer: { id: string } | null } & WithLoaders,
  ofEvents?: Loaders,
): RegistrationLoaders {
  if (ctx.loaders?.registrations) return ctx.loaders.registrations;
  const viewerId = ctx.viewer?.id ?? null;
  return new RegistrationLoaders(
    ofEvents ??
      ctx.loaders?.events ??
      new Loaders(ctx.db, viewerId, createCommunityLoaders(ctx.db, viewerId)),
  );
}
