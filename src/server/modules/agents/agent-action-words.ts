import type { PlanContext } from "./agent-engine.types.ts";

// How the member, registration and announcement actions say what they do and why, for the run
// page and the approvals queue.

const TRIGGER_WORDS: Record<string, string> = {
  member_joined: "joined",
  join_requested: "asked to join",
  event_published: "an event was published",
  registration_created: "registered",
  registration_status_changed: "a registration changed",
  checked_in: "checked in",
  payment_succeeded: "a payment went through",
  payment_failed: "a payment failed",
  membership_started: "a membership plan started",
  membership_ended: "a membership plan ended",
  member_inactive: "has been inactive",
  event_starts_in: "an event is about to start",
  event_ended: "an event ended",
  schedule: "it was time",
};

/** The subject person's name as the steps say it. */
export const personOf = (ctx: PlanContext): string => ctx.member?.name || "the member";

/** Why the step happens: the agent, and the trigger in words. */
export function reasonOf(ctx: PlanContext): string {
  const what = TRIGGER_WORDS[ctx.trigger.kind] ?? ctx.trigger.kind.replaceAll("_", " ");
  const who =
    ctx.member && !what.startsWith("a") && !what.startsWith("it") ? `${personOf(ctx)} ${what}` : what;
  const about = ctx.event ? ` (“${ctx.event.title}”)` : "";
  return `${ctx.agent.name}: ${who}${about}.`;
}

/** What an undo handler reports: taken back, or left because things moved on since. */
export type UndoOutcome = { undone: true; note?: string } | { undone: false; reason: string };
