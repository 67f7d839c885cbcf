import type { Db } from "#server/db/client.ts";
import {
  decideJoinRequestBySystem,
  type JoinRequestSnapshot,
  reopenJoinRequestBySystem,
} from "#server/modules/membership/join-decisions.service.ts";
import {
  decideRegistrationBySystem,
  reopenRegistrationBySystem,
} from "#server/modules/registrations/registration-decisions.service.ts";
import type { RegistrationStatus } from "#server/modules/registrations/registration-transitions.ts";
import { personOf, type UndoOutcome } from "./agent-action-words.ts";
import type { ActionHandler, AgentDeps, StepRef } from "./agent-engine.types.ts";

// Deciding a pending registration or join request as an organizer would, through the owning
// modules' rules (seats, waitlist, mails). Only a pending one plans a step; undoing the step puts
// it back to pending, unless it has moved on since (canceled, checked in, left, paid).

const actorOf = (deps: AgentDeps) => ({ emit: deps.emit, at: deps.clock() });

type RegistrationInput = { registrationId: string; decision: "approve" | "decline" };

export const decideRegistrationAction: ActionHandler<"decide_registration"> = {
  async plan(_deps, ctx, action) {
    const registration = ctx.registration;
    if (registration?.status !== "pending") return [];
    const title = ctx.event ? ` for “${ctx.event.title}”` : "";
    const verb = action.decision === "approve" ? "Approve" : "Decline";
    return [
      {
        kind: "decide_registration",
        input: { registrationId: registration.id, decision: action.decision },
        messages: 0,
        summary: `${verb} ${personOf(ctx)}’s registration${title}`,
        reason: "",
      },
    ];
  },
  async apply(tx, deps, step) {
    const { registrationId, decision } = step.input as RegistrationInput;
    const result = await decideRegistrationBySystem(tx, actorOf(deps), {
      communityId: step.communityId,
      registrationId,
      decision,
    });
    if (result.outcome === "unchanged")
      return {
        output: { changed: false, status: result.status, note: "It was no longer pending." },
        undo: { changed: false },
      };
    return {
      output: { changed: true, from: result.from, to: result.to },
      undo: { changed: true, registrationId, decidedTo: result.to },
    };
  },
  async undo(tx: Db, deps: AgentDeps, step: StepRef, undo: Record<string, unknown>): Promise<UndoOutcome> {
    if (undo.changed !== true) return { undone: true, note: "The step changed nothing." };
    const { registrationId, decidedTo } = undo as { registrationId: string; decidedTo: RegistrationStatus };
    const result = await reopenRegistrationBySystem(tx, actorOf(deps), {
      communityId: step.communityId,
      registrationId,
      decidedTo,
    });
    return result.outcome === "reopened" ? { undone: true } : { undone: false, reason: result.reason };
  },
};

type JoinInput = { membershipId: string; decision: "approve" | "decline"; message: string | null };

export const decideJoinRequestAction: ActionHandler<"decide_join_request"> = {
  async plan(_deps, ctx, action) {
    const membershipId = ctx.trigger.membershipId ?? ctx.member?.membershipId ?? null;
    if (!membershipId || !(await ctx.reader.joinRequestPending(membershipId))) return [];
    const verb = action.decision === "approve" ? "Approve" : "Decline";
    return [
      {
        kind: "decide_join_request",
        input: {
          membershipId,
          decision: action.decision,
          message: action.decision === "decline" ? action.message?.trim() || null : null,
        },
        messages: 0,
        summary: `${verb} ${personOf(ctx)}’s request to join`,
        reason: "",
      },
    ];
  },
  async apply(tx, deps, step) {
    const { membershipId, decision, message } = step.input as JoinInput;
    const result = await decideJoinRequestBySystem(tx, actorOf(deps), {
      communityId: step.communityId,
      membershipId,
      decision,
      message,
    });
    if (result.outcome === "unchanged")
      return {
        output: { changed: false, status: result.status, note: "The request was no longer pending." },
        undo: { changed: false },
      };
    return {
      output: { changed: true, decision, status: decision === "approve" ? "active" : "declined" },
      undo: { changed: true, decision, request: result.request },
    };
  },
  async undo(tx: Db, deps: AgentDeps, step: StepRef, undo: Record<string, unknown>): Promise<UndoOutcome> {
    if (undo.changed !== true) return { undone: true, note: "The step changed nothing." };
    const { decision, request } = undo as { decision: "approve" | "decline"; request: JoinRequestSnapshot };
    const result = await reopenJoinRequestBySystem(tx, actorOf(deps), {
      communityId: step.communityId,
      decision,
      request,
    });
    return result.outcome === "reopened" ? { undone: true } : { undone: false, reason: result.reason };
  },
};
