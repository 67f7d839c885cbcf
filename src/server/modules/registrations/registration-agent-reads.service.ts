import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { RegistrationStatus } from "./registration-transitions.ts";

// What the community's agents read about registrations, outside any viewer (agents plan runs from it).

export type RegistrationFacts = {
  id: string;
  eventId: string;
  userId: string;
  status: RegistrationStatus;
  /** question id -> the values given. */
  answers: Record<string, unknown>;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** One registration for an event of the community, or null. */
export async function registrationFacts(
  db: Db,
  communityId: string,
  registrationId: string,
): Promise<RegistrationFacts | null> {
  const [row] = rowsOf<{
    id: string;
    event_id: string;
    user_id: string;
    status: RegistrationStatus;
    answers: Record<string, unknown> | null;
  }>(
    await db.execute(sql`
      select r.id, r.event_id, r.user_id, r.status, r.answers from registration r
      join event e on e.id = r.event_id
      where r.id = ${registrationId} and e.community_id = ${communityId}`),
  );
  if (!row) return null;
  return {
    id: row.id,
    eventId: row.event_id,
    userId: row.user_id,
    status: row.status,
    answers: row.answers ?? {},
  };
}

/** The people registered for an event of the community with one of these statuses, by user id. */
export async function registrantsOf(
  db: Db,
  communityId: string,
  eventId: string,
  statuses: readonly RegistrationStatus[],
): Promise<string[]> {
  if (statuses.length === 0) return [];
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      select r.user_id from registration r
      join event e on e.id = r.event_id
      where r.event_id = ${eventId} and e.community_id = ${communityId} and r.status in ${statuses}
      order by r.user_id`),
  );
  return rows.map((row) => row.user_id);
}

/** Every registration for an event of the community, whatever its status (a dry run rolls them back). */
export async function registrationsOfEvent(
  db: Db,
  communityId: string,
  eventId: string,
): Promise<{ id: string; userId: string; status: RegistrationStatus }[]> {
  const rows = rowsOf<{ id: string; user_id: string; status: RegistrationStatus }>(
    await db.execute(sql`
      select r.id, r.user_id, r.status from registration r
      join event e on e.id = r.event_id
      where r.event_id = ${eventId} and e.community_id = ${communityId}
      order by r.user_id`),
  );
  return rows.map((row) => ({ id: row.id, userId: row.user_id, status: row.status }));
}
