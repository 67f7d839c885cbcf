import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { forbidden, notFound } from "#server/errors.ts";
import {
  type CommunityRow,
  findCommunity,
  findCommunityBySlug,
} from "#server/modules/communities/community-lookup.service.ts";
import { communityFeedEvents, publicEventOf } from "#server/modules/events/community-calendar.service.ts";
import type { EventRow } from "#server/modules/events/events.views.ts";
import { requireViewer } from "#server/modules/users/users.policy.ts";
import { listUsers, type Person } from "#server/modules/users/users.service.ts";
import type { MembershipCtx } from "./membership.context.ts";
import { communityFollower } from "./membership.tables.ts";

// Following a community ("Subscribe" on its page): a mail when it publishes a public event, and
// nothing else. Only public communities are followed: a private one's page shows outsiders its
// name alone, and a mail about its events would tell them more; its members see its events already.

type FollowCtx = Pick<MembershipCtx, "db" | "viewer" | "clock" | "emit">;

async function followable(db: Db, communityId: string): Promise<CommunityRow> {
  const community = await findCommunity(db, communityId);
  if (!community) throw notFound();
  if (community.visibility !== "public") {
    throw forbidden("Only public communities can be followed: join this one to hear of its events.");
  }
  return community;
}

/** Follows once: asking again changes nothing and records nothing. */
export async function followCommunity(ctx: FollowCtx, communityId: string): Promise<boolean> {
  const me = requireViewer(ctx.viewer);
  await ctx.db.transaction(async (tx) => {
    await followable(tx, communityId);
    const added = await tx
      .insert(communityFollower)
      .values({ communityId, userId: me.id, createdAt: ctx.clock() })
      .onConflictDoNothing()
      .returning({ userId: communityFollower.userId });
    if (added.length === 0) return;
    await ctx.emit(tx, {
      type: "community.followed",
      communityId,
      actorId: me.id,
      subjectId: me.id,
      payload: { userId: me.id },
    });
  });
  return true;
}

/** Stops following; allowed whatever the community has become since, as it only removes. */
export async function unfollowCommunity(ctx: FollowCtx, communityId: string): Promise<boolean> {
  const me = requireViewer(ctx.viewer);
  await ctx.db.transaction((tx) => removeFollower(tx, ctx, communityId, me.id, me.id));
  return false;
}

async function removeFollower(
  tx: Db,
  ctx: Pick<FollowCtx, "emit">,
  communityId: string,
  userId: string,
  actorId: string | null,
): Promise<void> {
  const removed = await tx
    .delete(communityFollower)
    .where(and(eq(communityFollower.communityId, communityId), eq(communityFollower.userId, userId)))
    .returning({ userId: communityFollower.userId });
  if (removed.length === 0) return;
  await ctx.emit(tx, {
    type: "community.unfollowed",
    communityId,
    actorId,
    subjectId: userId,
    payload: { userId },
  });
}

export async function isFollowing(db: Db, communityId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: communityFollower.userId })
    .from(communityFollower)
    .where(and(eq(communityFollower.communityId, communityId), eq(communityFollower.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** A page of a community's followers by user id (keyset), for the mail's fan-out. */
export async function followerIds(
  db: Db,
  communityId: string,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ userId: communityFollower.userId })
    .from(communityFollower)
    .where(
      and(
        eq(communityFollower.communityId, communityId),
        after ? gt(communityFollower.userId, after) : undefined,
      ),
    )
    .orderBy(asc(communityFollower.userId))
    .limit(limit);
  return rows.map((r) => r.userId);
}

// The unfollow link of a follower's mail names a community and a person, signed with the server's
// secret: it works without signing in, and nobody can make one for someone else.

const sign = (secret: string, body: string) =>
  createHmac("sha256", secret).update(`unfollow:${body}`).digest("base64url");

export function unfollowToken(secret: string, communityId: string, userId: string): string {
  const body = Buffer.from(JSON.stringify([communityId, userId])).toString("base64url");
  return `${body}.${sign(secret, body)}`;
}

export const unfollowPath = (token: string) => `/unfollow/${encodeURIComponent(token)}`;

function readUnfollowToken(secret: string, token: string): { communityId: string; userId: string } | null {
  const [body, signature, ...rest] = token.split(".");
  if (!body || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && typeof parsed[0] === "string" && typeof parsed[1] === "string")
      return { communityId: parsed[0], userId: parsed[1] };
  } catch {
    return null;
  }
  return null;
}

export type FollowByToken = { communityName: string; communitySlug: string; following: boolean };

type TokenCtx = Pick<MembershipCtx, "db" | "emit" | "authSecret">;

async function tokenTarget(ctx: Pick<TokenCtx, "db" | "authSecret">, token: string) {
  const named = readUnfollowToken(ctx.authSecret, token);
  if (!named) throw notFound();
  const community = await findCommunity(ctx.db, named.communityId);
  if (!community) throw notFound();
  return { community, userId: named.userId };
}

/** What an unfollow link shows: whose events and whether they still come. */
export async function followByToken(
  ctx: Pick<TokenCtx, "db" | "authSecret">,
  token: string,
): Promise<FollowByToken> {
  const { community, userId } = await tokenTarget(ctx, token);
  return {
    communityName: community.name,
    communitySlug: community.slug,
    following: await isFollowing(ctx.db, community.id, userId),
  };
}

/** The unfollow link's action, also the one-click unsubscribe of RFC 8058; repeating it is harmless. */
export async function unfollowByToken(ctx: TokenCtx, token: string): Promise<FollowByToken> {
  const { community, userId } = await tokenTarget(ctx, token);
  await ctx.db.transaction((tx) => removeFollower(tx, ctx, community.id, userId, null));
  return { communityName: community.name, communitySlug: community.slug, following: false };
}

/** What the mail to one follower about one event needs, or why it is no longer worth sending. */
export async function followerMailContext(
  db: Db,
  eventId: string,
  userId: string,
): Promise<{ community: CommunityRow; event: EventRow; person: Person } | string> {
  const event = await publicEventOf(db, eventId);
  if (!event) return "the event is gone";
  if (event.status !== "published") return `the event is ${event.status}`;
  if (event.visibility !== "public") return "the event is not public";
  const community = await findCommunity(db, event.communityId);
  if (community?.visibility !== "public") return "the community is not public";
  if (!(await isFollowing(db, community.id, userId))) return "no longer following";
  const [person] = await listUsers(db, [userId]);
  if (!person) return "the person is gone";
  return { community, event, person };
}

/** Whether a published event is news for followers: public, in a public community. */
export async function isFollowerNews(db: Db, eventId: string): Promise<{ communityId: string } | null> {
  const event = await publicEventOf(db, eventId);
  if (event?.status !== "published" || event.visibility !== "public") return null;
  const community = await findCommunity(db, event.communityId);
  return community?.visibility === "public" ? { communityId: community.id } : null;
}

export type CommunityFeed = { community: CommunityRow; events: EventRow[] };

/**
 * A community's calendar feed, for anyone with the address: a public community's public events;
 * a private community's feed has its name and no events, whoever asks (calendar apps send no cookie).
 */
export async function communityFeed(
  ctx: Pick<MembershipCtx, "db" | "clock">,
  slug: string,
): Promise<CommunityFeed | null> {
  const community = await findCommunityBySlug(ctx.db, slug.trim().toLowerCase());
  if (!community) return null;
  if (community.visibility !== "public") return { community, events: [] };
  return { community, events: await communityFeedEvents(ctx.db, community.id, ctx.clock()) };
}
