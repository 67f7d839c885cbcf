import { randomUUID } from "node:crypto";
import type { Db } from "#server/db/client.ts";
import type { Mail } from "#server/modules/mail/mail.service.ts";
import {
  followerIds,
  followerMailContext,
  isFollowerNews,
  unfollowPath,
  unfollowToken,
} from "#server/modules/membership/follow.service.ts";
import { formatEventRange } from "#shared/event-time-format.ts";
import { asString, type FanOutRow, fanOutPage, finishFanOut } from "./notifications.fan-out.ts";
import { compose, escapeHtml, paragraph } from "./notifications.render.ts";
import { OUTBOX_KINDS } from "./notifications.service.ts";
import { outboxMessage } from "./notifications.tables.ts";

// A public event published by a public community is news for its followers: one outbox row per
// event (deduped by the event, so publishing it again after taking it back mails nobody twice),
// expanded a page per transaction into one `follower_mail` row per follower, deduped per person.

type Outbox = { db: Db; appUrl: string; secret: string; pageSize: number; now: () => Date };

/** Called for `event.published`, in the notifications subscriber's transaction. */
export async function queueFollowerNews(tx: Db, input: { eventId: string }, at: Date): Promise<void> {
  const news = await isFollowerNews(tx, input.eventId);
  if (!news) return;
  await tx
    .insert(outboxMessage)
    .values({
      id: randomUUID(),
      kind: OUTBOX_KINDS.followerNews,
      dedupeKey: `follower-news:${input.eventId}`,
      payload: { eventId: input.eventId, communityId: news.communityId },
      createdAt: at,
      sendAfter: at,
    })
    .onConflictDoNothing();
}

export async function expandFollowerNewsPage(
  tx: Db,
  o: Pick<Outbox, "pageSize" | "now">,
  row: FanOutRow,
): Promise<void> {
  const eventId = asString(row.payload.eventId) ?? "";
  const communityId = asString(row.payload.communityId) ?? "";
  if (!(await isFollowerNews(tx, eventId)))
    return void (await finishFanOut(tx, row, o.now(), "skipped: no longer public news"));
  const recipients = await followerIds(tx, communityId, asString(row.payload.cursor), o.pageSize);
  await fanOutPage(tx, o, row, recipients, {
    kind: OUTBOX_KINDS.followerMail,
    dedupeKey: (userId) => `follower:${eventId}:${userId}`,
    payload: (userId) => ({ eventId, userId }),
  });
}

/** One follower's mail, with the one-click unsubscribe of RFC 8058 that unfollows. */
export async function followerMail(
  o: Pick<Outbox, "db" | "appUrl" | "secret">,
  payload: Record<string, unknown>,
): Promise<Mail | string> {
  const context = await followerMailContext(
    o.db,
    asString(payload.eventId) ?? "",
    asString(payload.userId) ?? "",
  );
  if (typeof context === "string") return context;
  const { community, event, person } = context;
  const token = unfollowToken(o.secret, community.id, person.id);
  const unfollowUrl = new URL(unfollowPath(token), o.appUrl).toString();
  const eventUrl = new URL(`/e/${event.id}`, o.appUrl).toString();
  const communityUrl = new URL(`/c/${community.slug}`, o.appUrl).toString();
  const when = formatEventRange(event.startsAt, event.endsAt, event.timeZone, "en-US");
  const where =
    [event.venueName, event.venueAddress].filter(Boolean).join(", ") || (event.onlineUrl ? "Online" : "");
  const mail = compose(person.email, `New event from ${community.name}: ${event.title}`, [
    paragraph(`${community.name} published a new event.`),
    {
      text: `${event.title}\n${when}${where ? `\n${where}` : ""}\n${eventUrl}`,
      html: `<p><a href="${escapeHtml(eventUrl)}" style="font-size:18px;font-weight:600">${escapeHtml(event.title)}</a><br>${escapeHtml(when)}${where ? `<br>${escapeHtml(where)}` : ""}</p>`,
    },
    {
      text: `You receive this because you follow ${community.name} (${communityUrl}).\nStop following: ${unfollowUrl}`,
      html: `<p style="margin-top:32px;color:#555;font-size:14px">You receive this because you follow <a href="${escapeHtml(communityUrl)}">${escapeHtml(community.name)}</a>. <a href="${escapeHtml(unfollowUrl)}">Stop following</a>.</p>`,
    },
  ]);
  return {
    ...mail,
    headers: {
      "List-Unsubscribe": `<${unfollowUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
