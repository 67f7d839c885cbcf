import type { AgentActionKind } from "#shared/agents.ts";
import { decideJoinRequestAction, decideRegistrationAction } from "./agent-decide.action.ts";
import { draftAnnouncementAction } from "./agent-draft.action.ts";
import { emailAction } from "./agent-email.action.ts";
import type { ActionHandler } from "./agent-engine.types.ts";
import { notifyAdminsAction } from "./agent-notify.action.ts";
import { addTagAction, removeTagAction } from "./agent-tag.action.ts";
import { webhookAction } from "./agent-webhook.action.ts";

/** Every action's handler, by kind: the planner, runner, dry run and undo all go through it. */
export const ACTION_HANDLERS: { [K in AgentActionKind]: ActionHandler<K> } = {
  email: emailAction,
  add_tag: addTagAction,
  remove_tag: removeTagAction,
  notify_admins: notifyAdminsAction,
  draft_announcement: draftAnnouncementAction,
  decide_registration: decideRegistrationAction,
  decide_join_request: decideJoinRequestAction,
  webhook: webhookAction,
};
