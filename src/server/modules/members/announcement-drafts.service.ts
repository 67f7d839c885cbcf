import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { type FieldError, invalidInput, notFound } from "#server/errors.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import { requireViewer } from "#server/modules/users/users.policy.ts";
import { checkMessage } from "./announcements.service.ts";
import type { MembersWriteCtx } from "./member-tags.service.ts";
import { type MembersCtx, requireCapability } from "./members.service.ts";
import { announcementDraft } from "./members.tables.ts";

// Drafts of announcements (issue 24): an agent writes one for an admin to send. The admin sees it
// on the announcements screen, sends it through the compose dialog (choosing who receives it) or
// deletes it; sending takes the draft away in the same transaction as the announcement.

export type AnnouncementDraftView = {
  id: string;
  communityId: string;
  subject: string;
  body: string;
  agentId: string | null;
  createdAt: Date;
};

/**
 * Writes a draft without a signed-in viewer (an agent), inside the caller's transaction, with the
 * same checks as a sent announcement's subject and body; `announcement.drafted` with `actorId: null`.
 */
export async function createAnnouncementDraftBySystem(
  tx: Db,
  actor: { emit: Emit; at: Date },
  input: { communityId: string; subject: string; body: string; agentId: string | null },
): Promise<AnnouncementDraftView> {
  const errors: FieldError[] = [];
  const { subject, body } = checkMessage(input, errors);
  if (errors.length > 0) throw invalidInput(errors);
  const draft: AnnouncementDraftView = {
    id: randomUUID(),
    communityId: input.communityId,
    subject,
    body,
    agentId: input.agentId,
    createdAt: actor.at,
  };
  await tx.insert(announcementDraft).values(draft);
  await actor.emit(tx, {
    type: "announcement.drafted",
    communityId: input.communityId,
    actorId: null,
    payload: { draftId: draft.id, subject, agentId: input.agentId },
  });
  return draft;
}

/** Deletes a draft that is still unsent, without a viewer (an agent's step undone); false when gone. */
export async function deleteAnnouncementDraftBySystem(
  tx: Db,
  actor: { emit: Emit },
  input: { communityId: string; draftId: string },
): Promise<boolean> {
  const [row] = await tx
    .delete(announcementDraft)
    .where(and(eq(announcementDraft.id, input.draftId), eq(announcementDraft.communityId, input.communityId)))
    .returning();
  if (!row) return false;
  await actor.emit(tx, {
    type: "announcement.draft_deleted",
    communityId: input.communityId,
    actorId: null,
    payload: { draftId: row.id, subject: row.subject },
  });
  return true;
}

/** The community's unsent drafts, newest first: admins, who are the ones to send them. */
export async function listAnnouncementDrafts(
  ctx: MembersCtx,
  communityId: string,
): Promise<AnnouncementDraftView[]> {
  await requireCapability(ctx, communityId, "members.manage", "Only admins can see announcement drafts.");
  return ctx.db
    .select()
    .from(announcementDraft)
    .where(eq(announcementDraft.communityId, communityId))
    .orderBy(desc(announcementDraft.createdAt), desc(announcementDraft.id))
    .limit(100);
}

/** An admin deletes a draft unsent. Returns its id. */
export async function deleteAnnouncementDraft(ctx: MembersWriteCtx, draftId: string): Promise<string> {
  requireViewer(ctx.viewer);
  const [row] = await ctx.db
    .select({ communityId: announcementDraft.communityId })
    .from(announcementDraft)
    .where(eq(announcementDraft.id, draftId))
    .limit(1);
  if (!row) throw notFound();
  const me = await requireCapability(
    ctx,
    row.communityId,
    "members.manage",
    "Only admins can delete drafts.",
  );
  await ctx.db.transaction(async (tx) => {
    const [gone] = await tx.delete(announcementDraft).where(eq(announcementDraft.id, draftId)).returning();
    if (!gone) return;
    await ctx.emit(tx as Db, {
      type: "announcement.draft_deleted",
      communityId: gone.communityId,
      actorId: me.viewer.id,
      payload: { draftId: gone.id, subject: gone.subject },
    });
  });
  return draftId;
}
