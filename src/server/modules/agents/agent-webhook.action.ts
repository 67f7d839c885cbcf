import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { ActionHandler, PlanContext } from "./agent-engine.types.ts";
import { postPinned, resolveWebhookAddress, WebhookRefused, webhookUrl } from "./agent-webhook-address.ts";
import { agent } from "./agents.tables.ts";

// The webhook action (issue 24): tells an admin's own service about a run, signed per Standard
// Webhooks (https://www.standardwebhooks.com) with the agent's `whsec_` secret. The message id is
// the step's id, the same on every retry, so a receiver can drop a delivery it already has. The
// body is {type, timestamp, data: {agent, trigger, run}}.

/** The type every agent webhook carries. */
export const AGENT_WEBHOOK_TYPE = "agent.run";

/** A new signing secret in the Standard Webhooks format: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

type WebhookInput = { url: string; occurredAt: string; data: Record<string, unknown> };

/** What the receiver learns about the trigger: the facts and the people and event they name. */
function triggerData(ctx: PlanContext): Record<string, unknown> {
  const { trigger, member, event, registration } = ctx;
  return {
    kind: trigger.kind,
    type: trigger.log?.type ?? null,
    occurredAt: trigger.occurredAt,
    community: { id: ctx.community.id, name: ctx.community.name, link: ctx.community.link },
    member: member ? { id: member.userId, name: member.name, email: member.email, tags: member.tags } : null,
    event: event
      ? { id: event.id, title: event.title, startsAt: event.startsAt, endsAt: event.endsAt, link: event.link }
      : null,
    registration: registration ? { id: registration.id, status: registration.status } : null,
    paymentId: trigger.paymentId,
  };
}

const inputOf = (raw: Record<string, unknown>): WebhookInput => {
  const { url, occurredAt, data } = raw;
  if (typeof url !== "string" || typeof occurredAt !== "string" || typeof data !== "object" || !data) {
    throw new Error("The webhook step's input is incomplete.");
  }
  return { url, occurredAt, data: data as Record<string, unknown> };
};

export const webhookAction: ActionHandler<"webhook"> = {
  async plan(deps, ctx, action) {
    const url = webhookUrl(action.url, deps.webhooks.allowLoopback);
    const input: WebhookInput = {
      url: action.url,
      occurredAt: ctx.trigger.occurredAt,
      data: { agent: { id: ctx.agent.id, name: ctx.agent.name }, trigger: triggerData(ctx) },
    };
    return [
      {
        kind: "webhook",
        input,
        messages: 0,
        // The query string stays out of the summary: it may hold the receiver's token.
        summary: `Send the run to the webhook at ${url.origin}${url.pathname}`,
        reason: "",
      },
    ];
  },

  async external(deps, step) {
    const input = inputOf(step.input);
    const url = webhookUrl(input.url, deps.webhooks.allowLoopback);
    const [row] = await deps.db
      .select({ secret: agent.webhookSecret })
      .from(agent)
      .where(eq(agent.id, step.agentId));
    if (!row?.secret) throw new WebhookRefused("The agent has no webhook signing secret.");
    const pinned = await resolveWebhookAddress(url, deps.webhooks.allowLoopback);
    const now = deps.clock();
    const body = JSON.stringify({
      type: AGENT_WEBHOOK_TYPE,
      timestamp: input.occurredAt,
      data: { ...input.data, run: { id: step.runId, step: step.index } },
    });
    const response = await postPinned({
      url,
      pinned,
      body,
      headers: {
        "content-type": "application/json",
        "user-agent": "Commons-Agents",
        "webhook-id": step.stepId,
        "webhook-timestamp": String(Math.floor(now.getTime() / 1000)),
        "webhook-signature": new Webhook(row.secret).sign(step.stepId, now, body),
      },
      timeoutMs: deps.webhooks.timeoutMs,
      maxResponseBytes: deps.webhooks.maxResponseBytes,
    });
    // Anything but a 2xx is a failed delivery: the runner tries again, with the same webhook-id.
    if (response.status < 200 || response.status > 299) {
      throw new Error(`The webhook answered HTTP ${response.status}.`);
    }
    return { ...response };
  },

  async apply(_tx, _deps, step, external) {
    if (!external) throw new Error("The webhook was not called before its step was applied.");
    return {
      output: { url: inputOf(step.input).url, status: external.status, durationMs: external.durationMs },
      undo: null,
    };
  },
};
