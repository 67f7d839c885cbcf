import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { addMember } from "#server/modules/members/members.service.ts";
import type { Origin } from "#shared/origins.ts";
import { community, type JoinPolicy, type Visibility } from "./communities.tables.ts";

/** What an event shows of its host community. */
export type CommunityHost = {
  id: string;
  name: string;
  slug: string;
  logoUrl: string | null;
  brandColor: string | null;
  currency: string;
  joinPolicy: JoinPolicy;
  /** A private community shows strangers its name and logo only, on its events' previews too. */
  visibility: Visibility;
};

// A community row kept by the process's recent reads is shown by every event of every request
// that reads it: its host details are made once per row object. Nothing changes either in place.
const hosts = new WeakMap<CommunityHost, CommunityHost>();

export function hostOf(row: CommunityHost): CommunityHost {
  let host = hosts.get(row);
  if (!host) {
    host = {
      id: row.id,
      name: row.name,
      slug: row.slug,
      logoUrl: row.logoUrl,
      brandColor: row.brandColor,
      currency: row.currency,
      joinPolicy: row.joinPolicy,
      visibility: row.visibility,
    };
    hosts.set(row, host);
  }
  return host;
}

/** Host details of several communities in one query (events pages show many). */
export async function communityHosts(db: Db, ids: string[]): Promise<Map<string, CommunityHost>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: community.id,
      name: community.name,
      slug: community.slug,
      logoUrl: community.logoUrl,
      brandColor: community.brandColor,
      currency: community.currency,
      joinPolicy: community.joinPolicy,
      visibility: community.visibility,
    })
    .from(community)
    .where(inArray(community.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The IANA time zone of each of the given communities, by id: what their days are. */
export async function communityTimeZones(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: community.id, timeZone: community.timeZone })
    .from(community)
    .where(inArray(community.id, unique));
  return new Map(rows.map((row) => [row.id, row.timeZone]));
}

/**
 * Someone registering for a public event of an OPEN community without membership plans joins it
 * as a member (source "event") unless they already have a membership of any status. Call inside the registration's
 * transaction; returns whether a membership was created. The join has the registration's origin.
 */
export async function joinFromEvent(
  db: Db,
  emit: Emit,
  communityId: string,
  userId: string,
  origin: Origin | null,
): Promise<boolean> {
  const [host] = await db
    .select({ joinPolicy: community.joinPolicy, plansOffered: community.plansOffered })
    .from(community)
    .where(eq(community.id, communityId))
    .limit(1);
  // A community offering plans is joined with one, never on the side of a registration.
  if (host?.joinPolicy !== "open" || host.plansOffered) return false;
  const added = await addMember(db, {
    communityId,
    userId,
    role: "member",
    status: "active",
    source: "event",
    origin,
  });
  if (!added) return false;
  await db
    .update(community)
    .set({ memberCount: sql`${community.memberCount} + 1` })
    .where(eq(community.id, communityId));
  await emit(db, {
    type: "member.joined",
    communityId,
    actorId: userId,
    subjectId: userId,
    payload: { userId, role: "member", source: "event", ...(origin ? { origin } : {}) },
  });
  return true;
}
