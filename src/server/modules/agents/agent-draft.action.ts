import {
  createAnnouncementDraftBySystem,
  deleteAnnouncementDraftBySystem,
} from "#server/modules/members/announcement-drafts.service.ts";
import type { UndoOutcome } from "./agent-action-words.ts";
import type { ActionHandler } from "./agent-engine.types.ts";
import { renderTemplate, viewOf } from "./agent-template.ts";

// Drafting an announcement for an admin to send: it appears on the announcements screen with a
// Send button. Undo deletes the draft while it is unsent.

export const draftAnnouncementAction: ActionHandler<"draft_announcement"> = {
  async plan(_deps, ctx, action) {
    // Rendered once, for the run's context: the admin reads and sends the text as it came out.
    const view = viewOf(ctx);
    const subject = renderTemplate(action.subject, view).trim();
    const body = renderTemplate(action.body, view);
    return [
      {
        kind: "draft_announcement",
        input: { subject, body },
        messages: 0,
        summary: `Draft the announcement “${subject}” for an admin to send`,
        reason: "",
      },
    ];
  },
  async apply(tx, deps, step) {
    const { subject, body } = step.input as { subject: string; body: string };
    const draft = await createAnnouncementDraftBySystem(
      tx,
      { emit: deps.emit, at: deps.clock() },
      { communityId: step.communityId, subject, body, agentId: step.agentId },
    );
    return { output: { draftId: draft.id, subject: draft.subject }, undo: { draftId: draft.id } };
  },
  async undo(tx, deps, step, undo): Promise<UndoOutcome> {
    const deleted = await deleteAnnouncementDraftBySystem(
      tx,
      { emit: deps.emit },
      { communityId: step.communityId, draftId: String(undo.draftId) },
    );
    return deleted ? { undone: true } : { undone: false, reason: "the draft was already sent or deleted" };
  },
};
