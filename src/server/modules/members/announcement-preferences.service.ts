import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { notFound } from "#server/errors.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { readUnsubscribeToken } from "./announcement-token.ts";
import type { MembersWriteCtx } from "./member-tags.service.ts";
import { requireMembership } from "./members.service.ts";
import { membership } from "./members.tables.ts";

export type AnnouncementSubscription = {
  communityId: string;
  communityName: string;
  subscribed: boolean;
};

type TokenCtx = { db: Db; authSecret: string; emit: Emit };

async function membershipOfToken(db: Db, secret: string, token: string) {
  const named = readUnsubscribeToken(secret, token);
  if (!named) throw notFound();
  const [row] = await db
    .select({
      id: membership.id,
      userId: membership.userId,
      subscribed: membership.emailAnnouncements,
    })
    .from(membership)
    .where(and(eq(membership.id, named.membershipId), eq(membership.communityId, named.communityId)))
    .limit(1);
  const community = row ? await findCommunity(db, named.communityId) : null;
  if (!row || !community) throw notFound();
  return { ...row, community };
}

async function write(
  tx: Db,
  emit: Emit,
  target: { id: string; userId: string; communityId: string },
  subscribed: boolean,
  actorId: string | null,
): Promise<void> {
  const changed = await tx
    .update(membership)
    .set({ emailAnnouncements: subscribed })
    .where(and(eq(membership.id, target.id), eq(membership.emailAnnouncements, !subscribed)))
    .returning({ id: membership.id });
  if (changed.length === 0) return;
  await emit(tx, {
    type: "member.announcements_changed",
    communityId: target.communityId,
    actorId,
    subjectId: target.userId,
    payload: { userId: target.userId, membershipId: target.id, subscribed },
  });
}

/** What an unsubscribe link points at; NOT_FOUND for a token this server did not sign. */
export async function subscriptionByToken(
  ctx: Pick<TokenCtx, "db" | "authSecret">,
  token: string,
): Promise<AnnouncementSubscription> {
  const found = await membershipOfToken(ctx.db, ctx.authSecret, token);
  return {
    communityId: found.community.id,
    communityName: found.community.name,
    subscribed: found.subscribed,
  };
}

/** One-click unsubscribe (RFC 8058) and its undo, without signing in: the signed link is the proof. */
export async function setSubscriptionByToken(
  ctx: TokenCtx,
  token: string,
  subscribed: boolean,
): Promise<AnnouncementSubscription> {
  const found = await membershipOfToken(ctx.db, ctx.authSecret, token);
  await ctx.db.transaction((tx) =>
    write(
      tx as Db,
      ctx.emit,
      { id: found.id, userId: found.userId, communityId: found.community.id },
      subscribed,
      found.userId,
    ),
  );
  return { communityId: found.community.id, communityName: found.community.name, subscribed };
}

/** Whether the viewer receives a community's announcements; null when they are not an active member. */
export async function myAnnouncementEmails(
  ctx: { db: Db; viewer: { id: string } | null },
  communityId: string,
): Promise<boolean | null> {
  if (!ctx.viewer) return null;
  const [row] = await ctx.db
    .select({ on: membership.emailAnnouncements, status: membership.status })
    .from(membership)
    .where(and(eq(membership.userId, ctx.viewer.id), eq(membership.communityId, communityId)))
    .limit(1);
  return row?.status === "active" ? row.on : null;
}

/** The signed-in member's own switch, on /me. */
export async function setMyAnnouncementEmails(
  ctx: MembersWriteCtx,
  communityId: string,
  subscribed: boolean,
): Promise<AnnouncementSubscription> {
  const me = await requireMembership(ctx, communityId);
  const [row] = await ctx.db
    .select({ id: membership.id })
    .from(membership)
    .where(and(eq(membership.userId, me.viewer.id), eq(membership.communityId, communityId)))
    .limit(1);
  const community = await findCommunity(ctx.db, communityId);
  if (!row || !community) throw notFound();
  await ctx.db.transaction((tx) =>
    write(tx as Db, ctx.emit, { id: row.id, userId: me.viewer.id, communityId }, subscribed, me.viewer.id),
  );
  return { communityId, communityName: community.name, subscribed };
}

/** The community's name, read beside the membership (members may not call communities back). */
async function findCommunity(db: Db, id: string): Promise<{ id: string; name: string } | null> {
  const result = (await db.execute(sql`select id, name from community where id = ${id}`)) as unknown as {
    rows: { id: string; name: string }[];
  };
  return result.rows[0] ?? null;
}
