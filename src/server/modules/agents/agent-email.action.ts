import { memberNames } from "#server/modules/members/member-agent-reads.service.ts";
import { queueAgentMails } from "#server/modules/notifications/notifications.agent-mail.ts";
import type { AgentEmailAudience } from "#shared/agents.ts";
import type { ActionHandler, PlannedStep } from "./agent-engine.types.ts";
import { fillRecipient, firstNameOf, renderShared, renderTemplate, viewOf } from "./agent-template.ts";

// An email to the trigger's person, an event's registrants or a saved segment's members. Planning
// fixes the recipients (only people the announcements' opt-out lets through) and the rendered text;
// applying queues one outbox row per person, keyed `agent:<stepId>:<userId>` so a retried step never
// mails anyone twice. An email cannot be taken back.

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

const asStrings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

export const emailAction: ActionHandler<"email"> = {
  async plan(deps, ctx, action) {
    const communityId = ctx.community.id;
    let recipients: string[];
    let who: string;
    if (action.to === "subject") {
      if (!ctx.member) return [];
      const reachable = await ctx.reader.mailable([ctx.member.userId], true);
      if (!reachable.has(ctx.member.userId)) return [];
      recipients = [ctx.member.userId];
      who = ctx.member.name || "the person";
    } else if (action.to === "registrants") {
      if (!ctx.event) return [];
      const statuses = action.registrantStatuses?.length ? action.registrantStatuses : ["going" as const];
      const registered = await ctx.reader.registrants(ctx.event.id, statuses);
      const reachable = await ctx.reader.mailable(registered, false);
      recipients = registered.filter((id) => reachable.has(id));
      who = `${plural(recipients.length, "registrant", "registrants")} of “${ctx.event.title}”`;
    } else {
      const segmentId = action.segmentId ?? ctx.agent.definition.conditions?.segmentId ?? null;
      const members = segmentId ? await ctx.reader.segmentRecipients(segmentId) : null;
      recipients = members ?? [];
      who = plural(recipients.length, "member of the segment", "members of the segment");
    }
    if (recipients.length === 0) return [];
    const view = viewOf(ctx);
    const personal = action.to === "subject";
    let subject = personal ? renderTemplate(action.subject, view) : renderShared(action.subject, view);
    let body = personal ? renderTemplate(action.body, view) : renderShared(action.body, view);
    let worded = false;
    if (action.wordWithModel && deps.model) {
      const result = await deps.model.word({
        communityId,
        subject,
        body,
        context: { ...view, audience: action.to },
      });
      subject = result.subject;
      body = result.body;
      worded = true;
      if (ctx.spend) {
        ctx.spend.tokens += result.tokens;
        ctx.spend.costMicros += result.costMicros;
      }
    }
    const step: PlannedStep = {
      kind: "email",
      input: {
        to: action.to,
        recipients,
        subject,
        body,
        perRecipient: !personal,
        worded,
        agentName: ctx.agent.name,
      },
      messages: recipients.length,
      summary: `Email “${subject}” to ${who}`,
      reason: "",
    };
    return [step];
  },

  async apply(tx, deps, step) {
    const input = step.input;
    const recipients = asStrings(input.recipients);
    const subject = String(input.subject ?? "");
    const body = String(input.body ?? "");
    const perRecipient = input.perRecipient === true;
    const names = perRecipient
      ? await memberNames(tx, step.communityId, recipients)
      : new Map<string, string>();
    const person = (userId: string) => {
      const name = names.get(userId) ?? "";
      return { name, firstName: firstNameOf(name) };
    };
    const queued = await queueAgentMails(
      tx,
      recipients.map((userId) => ({
        dedupeKey: `agent:${step.stepId}:${userId}`,
        payload: {
          communityId: step.communityId,
          agentId: step.agentId,
          agentName: String(input.agentName ?? ""),
          userId,
          audience: (input.to as AgentEmailAudience) ?? "subject",
          subject: perRecipient ? fillRecipient(subject, person(userId)) : subject,
          body: perRecipient ? fillRecipient(body, person(userId)) : body,
        },
      })),
      deps.clock(),
    );
    return { output: { recipients: recipients.length, queued }, undo: null };
  },
};
