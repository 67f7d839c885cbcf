import { randomUUID } from "node:crypto";
import type { Db } from "#server/db/client.ts";
import { findCommunity } from "#server/modules/communities/community-lookup.service.ts";
import { peopleWith } from "#server/modules/members/members.service.ts";
import { queueAgentNoticeMails } from "#server/modules/notifications/notifications.agent-mail.ts";
import type { ActionHandler, AgentDeps } from "./agent-engine.types.ts";
import { renderTemplate, viewOf } from "./agent-template.ts";
import { agentNotice } from "./agents.tables.ts";

// Telling the community's admins something: a notice on the dashboard (its badge) and a mail to
// everyone holding `agents.manage`. A note to admins counts against no message limit: the limits
// protect members, and a pause must still be able to say why it paused.

/**
 * Records a notice and mails it to every admin who manages agents, inside `tx`. `key` makes it
 * once-only: the same key never queues a second mail (a retried step, a pause noticed twice).
 */
export async function noticeAdmins(
  tx: Db,
  deps: Pick<AgentDeps, "clock">,
  input: {
    communityId: string;
    agentId: string;
    agentName: string;
    runId: string | null;
    message: string;
    key: string;
  },
): Promise<{ noticeId: string; admins: number }> {
  const at = deps.clock();
  const noticeId = randomUUID();
  await tx.insert(agentNotice).values({
    id: noticeId,
    communityId: input.communityId,
    agentId: input.agentId,
    runId: input.runId,
    message: input.message,
    createdAt: at,
  });
  const admins = await peopleWith(tx, input.communityId, "agents.manage");
  const community = await findCommunity(tx, input.communityId);
  await queueAgentNoticeMails(
    tx,
    admins.map((admin) => ({
      dedupeKey: `agent-notice:${input.key}:${admin.id}`,
      payload: {
        communityId: input.communityId,
        communityName: community?.name ?? "",
        agentId: input.agentId,
        agentName: input.agentName,
        userId: admin.id,
        message: input.message,
      },
    })),
    at,
  );
  return { noticeId, admins: admins.length };
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const notifyAdminsAction: ActionHandler<"notify_admins"> = {
  async plan(_deps, ctx, action) {
    const message = renderTemplate(action.message, viewOf(ctx));
    return [
      {
        kind: "notify_admins",
        input: { message, agentName: ctx.agent.name },
        messages: 0,
        summary: `Notify the admins: “${clip(message.replace(/\s+/g, " ").trim(), 80)}”`,
        reason: "",
      },
    ];
  },

  async apply(tx, deps, step) {
    const result = await noticeAdmins(tx, deps, {
      communityId: step.communityId,
      agentId: step.agentId,
      agentName: String(step.input.agentName ?? ""),
      runId: step.runId,
      message: String(step.input.message ?? ""),
      key: step.stepId,
    });
    return { output: result, undo: null };
  },
};
