import type { Db } from "#server/db/client.ts";
import type { Mail } from "#server/modules/mail/mail.service.ts";
import { unsubscribePath, unsubscribeToken } from "#server/modules/members/announcement-token.ts";
import {
  announcementMailContext,
  announcementRecipients,
} from "#server/modules/members/announcements.service.ts";
import { asString, type FanOutRow, fanOutPage, finishFanOut } from "./notifications.fan-out.ts";
import { markdownToMailHtml } from "./notifications.markdown.ts";
import { compose, escapeHtml, paragraph } from "./notifications.render.ts";
import { OUTBOX_KINDS } from "./notifications.service.ts";

// An announcement is one outbox row fanned out into one `announcement_mail` row per recipient,
// deduped by (announcement, membership).

type Outbox = { db: Db; appUrl: string; secret: string; pageSize: number; now: () => Date };

export async function expandAnnouncementPage(
  tx: Db,
  o: Pick<Outbox, "pageSize" | "now">,
  row: FanOutRow,
): Promise<void> {
  const announcementId = asString(row.payload.announcementId) ?? "";
  const cursor = asString(row.payload.cursor);
  const recipients = await announcementRecipients(tx, announcementId, cursor, o.pageSize);
  if (!recipients) return void (await finishFanOut(tx, row, o.now(), "skipped: the announcement is gone"));
  await fanOutPage(tx, o, row, recipients, {
    kind: OUTBOX_KINDS.announcementMail,
    dedupeKey: (membershipId) => `announcement:${announcementId}:${membershipId}`,
    payload: (membershipId) => ({ announcementId, membershipId }),
  });
}

/** One member's copy, with the one-click unsubscribe of RFC 8058; skipped if they opted out since. */
export async function announcementMail(
  o: Pick<Outbox, "db" | "appUrl" | "secret">,
  payload: Record<string, unknown>,
): Promise<Mail | string> {
  const context = await announcementMailContext(
    o.db,
    asString(payload.announcementId) ?? "",
    asString(payload.membershipId) ?? "",
  );
  if (typeof context === "string") return context;
  const token = unsubscribeToken(o.secret, context.membershipId, context.community.id);
  const unsubscribeUrl = new URL(unsubscribePath(token), o.appUrl).toString();
  const communityUrl = new URL(`/c/${context.community.slug}`, o.appUrl).toString();
  const footer = {
    text: `You receive this as a member of ${context.community.name} (${communityUrl}).\nUnsubscribe from its announcements: ${unsubscribeUrl}`,
    html: `<p style="margin-top:32px;color:#555;font-size:14px">You receive this as a member of <a href="${escapeHtml(communityUrl)}">${escapeHtml(context.community.name)}</a>. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> from its announcements.</p>`,
  };
  const mail = compose(context.to, context.subject, [
    { text: context.body, html: markdownToMailHtml(context.body) },
    paragraph(`— ${context.community.name}`),
    footer,
  ]);
  return {
    ...mail,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
