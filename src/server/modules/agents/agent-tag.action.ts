import type { Db } from "#server/db/client.ts";
import { normalizeTag } from "#server/modules/members/member-filter.ts";
import { tagMembershipBySystem } from "#server/modules/members/member-tags.service.ts";
import { personOf, type UndoOutcome } from "./agent-action-words.ts";
import type { ActionHandler, AgentDeps, PlanContext, PlannedStep, StepRef } from "./agent-engine.types.ts";

// Adding and removing a tag on the subject's membership. A tag the member already has (or lacks)
// plans no step, and a step records whether it changed anything: undo takes back only that change.

type Change = "add" | "remove";

const inputOf = (step: StepRef) => step.input as { membershipId: string; userId: string; tag: string };

function planTag(ctx: PlanContext, rawTag: string, change: Change): PlannedStep[] {
  const member = ctx.member;
  const tag = normalizeTag(rawTag);
  if (!member?.membershipId || !tag) return [];
  if (member.tags.includes(tag) === (change === "add")) return [];
  return [
    {
      kind: change === "add" ? "add_tag" : "remove_tag",
      input: { membershipId: member.membershipId, userId: member.userId, tag },
      messages: 0,
      summary:
        change === "add" ? `Tag ${personOf(ctx)} “${tag}”` : `Remove the tag “${tag}” from ${personOf(ctx)}`,
      reason: "",
    },
  ];
}

async function applyTag(tx: Db, deps: AgentDeps, step: StepRef, change: Change) {
  const { membershipId, tag } = inputOf(step);
  const result = await tagMembershipBySystem(
    tx,
    { emit: deps.emit },
    { communityId: step.communityId, membershipId, tag, change },
  );
  if (result.outcome === "missing")
    return {
      output: { changed: false, note: "They are no longer in the community." },
      undo: { changed: false },
    };
  const changed = result.outcome === "changed";
  return {
    output: { changed, tags: result.tags },
    undo: { changed, membershipId, tag },
  };
}

async function undoTag(
  tx: Db,
  deps: AgentDeps,
  step: StepRef,
  undo: Record<string, unknown>,
  change: Change,
): Promise<UndoOutcome> {
  if (undo.changed !== true) return { undone: true, note: "The step changed nothing." };
  const { membershipId, tag } = undo as { membershipId: string; tag: string };
  // Taking back an added tag removes it; taking back a removed one adds it again.
  const result = await tagMembershipBySystem(
    tx,
    { emit: deps.emit },
    { communityId: step.communityId, membershipId, tag, change: change === "add" ? "remove" : "add" },
  );
  if (result.outcome === "missing") return { undone: false, reason: "they are no longer in the community" };
  if (result.outcome === "unchanged")
    return {
      undone: false,
      reason:
        change === "add" ? `the tag “${tag}” was removed since` : `the tag “${tag}” was added again since`,
    };
  return { undone: true };
}

export const addTagAction: ActionHandler<"add_tag"> = {
  plan: async (_deps, ctx, action) => planTag(ctx, action.tag, "add"),
  apply: (tx, deps, step) => applyTag(tx, deps, step, "add"),
  undo: (tx, deps, step, undo) => undoTag(tx, deps, step, undo, "add"),
};

export const removeTagAction: ActionHandler<"remove_tag"> = {
  plan: async (_deps, ctx, action) => planTag(ctx, action.tag, "remove"),
  apply: (tx, deps, step) => applyTag(tx, deps, step, "remove"),
  undo: (tx, deps, step, undo) => undoTag(tx, deps, step, undo, "remove"),
};
