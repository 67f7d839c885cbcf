import type { PlanContext } from "./agent-engine.types.ts";

// How the member, registration and announcement actions name the person they act on, and what
// their undo reports. Why a step happens (the trigger, the conditions) is the planner's to say.

/** The subject person's name as the steps say it. */
export const personOf = (ctx: PlanContext): string => ctx.member?.name || "the member";

/** What an undo handler reports: taken back, or left because things moved on since. */
export type UndoOutcome = { undone: true; note?: string } | { undone: false; reason: string };
