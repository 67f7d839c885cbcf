import { randomUUID } from "node:crypto";
import type { Db } from "#server/db/client.ts";
import type { Mail } from "#server/modules/mail/mail.service.ts";
import { unsubscribePath, unsubscribeToken } from "#server/modules/members/announcement-token.ts";
import { agentMailRecipient } from "#server/modules/members/member-agent-reads.service.ts";
import { peopleWith } from "#server/modules/members/members.service.ts";
import { markdownToMailHtml } from "./notifications.markdown.ts";
import { compose, escapeHtml, paragraph } from "./notifications.render.ts";
import { OUTBOX_KINDS } from "./notifications.service.ts";
import { outboxMessage } from "./notifications.tables.ts";

// Mail written by a community's agents: to a member (the announcements' opt-out and one-click
// unsubscribe apply, checked again when it is sent) or to an admin who manages agents. The agents
// module queues the rows inside the transaction that marks its step done; the dedupe key (step,
// person) makes a retried step add nobody twice.

/** One agent email to one person, its subject and Markdown body already rendered for them. */
export type AgentMailPayload = {
  communityId: string;
  agentId: string;
  agentName: string;
  userId: string;
  /** `subject`: the trigger's own person (who may be asking to join); otherwise members and people. */
  audience: "subject" | "registrants" | "segment";
  subject: string;
  body: string;
};

/** An agent's note to one admin who manages agents. */
export type AgentNoticeMailPayload = {
  communityId: string;
  communityName: string;
  agentId: string;
  agentName: string;
  userId: string;
  message: string;
};

type Queued<P> = { dedupeKey: string; payload: P };

const CHUNK = 500;

async function queue(tx: Db, kind: string, rows: Queued<object>[], at: Date): Promise<number> {
  let added = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const inserted = await tx
      .insert(outboxMessage)
      .values(
        rows.slice(i, i + CHUNK).map((row) => ({
          id: randomUUID(),
          kind,
          dedupeKey: row.dedupeKey,
          payload: row.payload as Record<string, unknown>,
          createdAt: at,
          sendAfter: at,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: outboxMessage.id });
    added += inserted.length;
  }
  return added;
}

/** Queues agent emails; rows whose key is already queued are left as they are. Returns how many were new. */
export function queueAgentMails(tx: Db, rows: Queued<AgentMailPayload>[], at: Date): Promise<number> {
  return queue(tx, OUTBOX_KINDS.agentMail, rows, at);
}

/** Queues an agent's note to admins, one row per admin. Returns how many were new. */
export function queueAgentNoticeMails(
  tx: Db,
  rows: Queued<AgentNoticeMailPayload>[],
  at: Date,
): Promise<number> {
  return queue(tx, OUTBOX_KINDS.agentNoticeMail, rows, at);
}

type Outbox = { db: Db; appUrl: string; secret: string };

const asString = (value: unknown) => (typeof value === "string" ? value : "");

/** One person's copy, with the announcements' one-click unsubscribe; skipped if they opted out since. */
export async function agentMail(o: Outbox, payload: Record<string, unknown>): Promise<Mail | string> {
  const communityId = asString(payload.communityId);
  const recipient = await agentMailRecipient(
    o.db,
    communityId,
    asString(payload.userId),
    payload.audience === "subject",
  );
  if (typeof recipient === "string") return recipient;
  const token = unsubscribeToken(o.secret, recipient.membershipId, communityId);
  const unsubscribeUrl = new URL(unsubscribePath(token), o.appUrl).toString();
  const communityUrl = new URL(`/c/${recipient.community.slug}`, o.appUrl).toString();
  const name = recipient.community.name;
  const footer = {
    text: `You receive this from ${name} (${communityUrl}).\nUnsubscribe from its announcements: ${unsubscribeUrl}`,
    html: `<p style="margin-top:32px;color:#555;font-size:14px">You receive this from <a href="${escapeHtml(communityUrl)}">${escapeHtml(name)}</a>. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> from its announcements.</p>`,
  };
  const body = asString(payload.body);
  const mail = compose(recipient.to, asString(payload.subject), [
    { text: body, html: markdownToMailHtml(body) },
    paragraph(`— ${name}`),
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

/** An admin's copy of an agent's note, while they still manage the community's agents. */
export async function agentNoticeMail(o: Outbox, payload: Record<string, unknown>): Promise<Mail | string> {
  const communityId = asString(payload.communityId);
  const admins = await peopleWith(o.db, communityId, "agents.manage");
  const admin = admins.find((person) => person.id === payload.userId);
  if (!admin) return "the person no longer manages the community's agents";
  const agentName = asString(payload.agentName);
  const agentsUrl = new URL(`/dashboard/${communityId}/agents`, o.appUrl).toString();
  const message = asString(payload.message);
  return compose(admin.email, `${asString(payload.communityName)}: a note from the agent “${agentName}”`, [
    { text: message, html: markdownToMailHtml(message) },
    {
      text: `See the community's agents: ${agentsUrl}`,
      html: `<p><a href="${escapeHtml(agentsUrl)}">See the community's agents</a></p>`,
    },
  ]);
}
