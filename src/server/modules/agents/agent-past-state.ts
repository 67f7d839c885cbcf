import type { Db } from "#server/db/client.ts";
import { communityEntriesSince, type LogPosition } from "#server/modules/log/log.service.ts";
import {
  agentMailable,
  inSegment,
  type MemberFacts,
  type MembershipAsOf,
  mayReceiveAgentMail,
  memberFacts,
  segmentRecipients,
} from "#server/modules/members/member-agent-reads.service.ts";
import { membershipById } from "#server/modules/members/membership-records.service.ts";
import {
  type RegistrationFacts,
  registrationFacts,
  registrationsOfEvent,
} from "#server/modules/registrations/registration-agent-reads.service.ts";
import type { RegistrationStatus } from "#server/modules/registrations/registration-transitions.ts";
import type { Role } from "#shared/capabilities.ts";
import type { PlanReader, RunPlan, TriggerFacts } from "./agent-engine.types.ts";

// A dry run plans each past trigger against the community as it stood at that moment: today's
// records taken back through the log entries written since (a tag added since is taken off again,
// a request decided since waits again, a registration made since is not there yet), then the
// effects the dry run's own earlier triggers would have had (a tag the agent would have added is
// there for the next trigger about the same person). Taking today's records back, rather than
// building the past forward from the first entry, stays exact for records the log never saw made
// (seeded or imported before the log kept them). What the log tells no history of is read as it
// is now: names, answers of a request deleted since, activity counts, plans.

const MEMBER_TYPES = [
  "member.joined",
  "member.requested",
  "member.approved",
  "member.declined",
  "member.request_reopened",
  "member.role_changed",
  "member.banned",
  "member.removed",
  "member.left",
  "member.tagged",
  "member.announcements_changed",
] as const;
const REGISTRATION_TYPES = ["registration.created", "registration.status_changed"] as const;
const PAGE = 1_000;

/** One log entry written after the dry run's first trigger, reduced to what taking it back needs. */
type Change = { txId: number; position: number; at: number; type: string; payload: Record<string, unknown> };

/** A past trigger's moment: its log entry, or the time a time trigger came due. */
type Moment = { log: LogPosition } | { at: number };

const isAfter = (change: Change, moment: Moment) =>
  "log" in moment
    ? change.txId > moment.log.txId ||
      (change.txId === moment.log.txId && change.position > moment.log.position)
    : change.at > moment.at;

const momentOf = (trigger: TriggerFacts): Moment =>
  trigger.log
    ? { log: { txId: trigger.log.txId, position: trigger.log.position } }
    : { at: new Date(trigger.occurredAt).getTime() };

type MemberState = Pick<MemberFacts, "membershipId" | "status" | "role" | "tags" | "emailAnnouncements">;

/** What an effect the dry run planned would have made of a membership or a registration. */
type MemberEffect = { tag: string; add: boolean } | { status: MemberFacts["status"]; membershipId: string };

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/** The membership as it was just before `change`. */
function undoMemberChange(state: MemberState, change: Change): MemberState {
  const p = change.payload;
  const membershipId = typeof p.membershipId === "string" ? p.membershipId : state.membershipId;
  switch (change.type) {
    case "member.tagged": {
      const added = strings(p.added);
      const removed = strings(p.removed).filter((tag) => !state.tags.includes(tag));
      return { ...state, tags: [...state.tags.filter((tag) => !added.includes(tag)), ...removed] };
    }
    case "member.announcements_changed":
      return { ...state, emailAnnouncements: p.subscribed !== true };
    case "member.role_changed":
      return { ...state, role: p.from as Role };
    case "member.banned":
    case "member.removed":
    case "member.left":
      return { ...state, membershipId, status: "active", role: p.role as Role };
    case "member.declined":
      return { ...state, membershipId, status: "pending", role: state.role ?? "member" };
    case "member.approved":
      return { ...state, membershipId, status: "pending" };
    case "member.request_reopened":
      return p.from === "active"
        ? { ...state, membershipId, status: "active" }
        : { ...state, membershipId: null, status: null };
    case "member.joined":
      // One of the community's people (source `event`) joining was one of its people before.
      return p.source === "event"
        ? { ...state, status: "person" }
        : { ...state, membershipId: null, status: null };
    case "member.requested":
      return { ...state, membershipId: null, status: null };
    default:
      return state;
  }
}

function applyMemberEffect(state: MemberState, effect: MemberEffect): MemberState {
  if ("tag" in effect) {
    const tags = state.tags.filter((tag) => tag !== effect.tag);
    return { ...state, tags: effect.add ? [...tags, effect.tag] : tags };
  }
  return {
    ...state,
    status: effect.status,
    membershipId: effect.status === null ? null : effect.membershipId,
  };
}

/** A registration's status just before `change`; null: it did not exist yet. */
function undoRegistrationChange(
  status: RegistrationStatus | null,
  change: Change,
): RegistrationStatus | null {
  if (change.type === "registration.created") return null;
  if (change.type === "registration.status_changed") return change.payload.from as RegistrationStatus;
  return status;
}

function memoized<T>(cache: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> {
  let found = cache.get(key);
  if (!found) {
    found = read();
    cache.set(key, found);
  }
  return found;
}

/**
 * The community's people and registrations over one dry run: `readerAt` reads them as they stood
 * at a trigger's moment, `record` adds what that trigger's plan would have changed. Today's records
 * are read once each and kept: a dry run writes none of them.
 */
export class PastState {
  private readonly memberChanges = new Map<string, Change[]>();
  private readonly registrationChanges = new Map<string, Change[]>();
  private readonly userOfMembership = new Map<string, string>();
  private readonly memberEffects = new Map<string, MemberEffect[]>();
  private readonly registrationEffects = new Map<string, RegistrationStatus>();
  private readonly members = new Map<string, Promise<MemberFacts | null>>();
  private readonly registrations = new Map<string, Promise<RegistrationFacts | null>>();
  private readonly ofEvent = new Map<
    string,
    Promise<{ id: string; userId: string; status: RegistrationStatus }[]>
  >();

  private readonly db: Db;
  private readonly communityId: string;

  private constructor(db: Db, communityId: string) {
    this.db = db;
    this.communityId = communityId;
  }

  /** Reads what happened to the community's people and registrations since the first of `triggers`. */
  static async load(db: Db, communityId: string, triggers: readonly TriggerFacts[]): Promise<PastState> {
    const state = new PastState(db, communityId);
    const first = triggers[0];
    if (!first) return state;
    // From the first trigger's entry on, in log order; time triggers from their time on.
    let after: LogPosition | undefined = first.log
      ? { txId: first.log.txId, position: first.log.position - 1 }
      : undefined;
    const since = first.log ? undefined : new Date(first.occurredAt);
    for (;;) {
      const page = await communityEntriesSince(db, communityId, {
        types: [...MEMBER_TYPES, ...REGISTRATION_TYPES],
        after,
        since,
        limit: PAGE,
      });
      for (const entry of page) state.add(entry);
      const last = page.at(-1);
      if (page.length < PAGE || !last) return state;
      after = { txId: last.txId, position: last.position };
    }
  }

  private add(entry: {
    txId: number;
    position: number;
    occurredAt: Date;
    type: string;
    payload: Record<string, unknown>;
  }) {
    const change: Change = {
      txId: entry.txId,
      position: entry.position,
      at: entry.occurredAt.getTime(),
      type: entry.type,
      payload: entry.payload,
    };
    const p = entry.payload;
    if (entry.type.startsWith("member.") && typeof p.userId === "string") {
      push(this.memberChanges, p.userId, change);
      if (typeof p.membershipId === "string") this.userOfMembership.set(p.membershipId, p.userId);
    } else if (typeof p.registrationId === "string") {
      push(this.registrationChanges, p.registrationId, change);
    }
  }

  /** Adds what `plan` would have changed (the steps a limit let through) for the triggers after it. */
  record(plan: RunPlan) {
    if (plan.skipped) return;
    const steps = plan.stoppedAt ? plan.steps.slice(0, plan.stoppedAt.index) : plan.steps;
    for (const step of steps) {
      const input = step.input;
      if ((step.kind === "add_tag" || step.kind === "remove_tag") && typeof input.userId === "string") {
        push(this.memberEffects, input.userId, { tag: String(input.tag), add: step.kind === "add_tag" });
      } else if (step.kind === "decide_join_request" && typeof input.membershipId === "string") {
        const userId = plan.trigger.subjectUserId ?? this.userOfMembership.get(input.membershipId);
        if (!userId) continue;
        this.userOfMembership.set(input.membershipId, userId);
        push(this.memberEffects, userId, {
          status: input.decision === "approve" ? "active" : null,
          membershipId: input.membershipId,
        });
      } else if (step.kind === "decide_registration" && typeof input.registrationId === "string") {
        this.registrationEffects.set(
          input.registrationId,
          input.decision === "approve" ? "going" : "declined",
        );
      }
    }
  }

  /** Whether the person's membership may have stood otherwise at `moment` than it does now. */
  private memberTouched(userId: string, moment: Moment): boolean {
    if (this.memberEffects.has(userId)) return true;
    const changes = this.memberChanges.get(userId);
    const last = changes?.at(-1);
    return Boolean(last && isAfter(last, moment));
  }

  private currentMember(userId: string) {
    return memoized(this.members, userId, () => memberFacts(this.db, this.communityId, userId));
  }

  private async memberAt(userId: string, moment: Moment): Promise<MemberFacts | null> {
    const now = await this.currentMember(userId);
    if (!now || !this.memberTouched(userId, moment)) return now;
    let state: MemberState = now;
    const changes = this.memberChanges.get(userId) ?? [];
    for (let i = changes.length - 1; i >= 0; i--) {
      const change = changes[i] as Change;
      if (!isAfter(change, moment)) break;
      state = undoMemberChange(state, change);
    }
    for (const effect of this.memberEffects.get(userId) ?? []) state = applyMemberEffect(state, effect);
    return { ...now, ...state, joinAnswers: state.status === null ? {} : now.joinAnswers };
  }

  private asOf(facts: MemberFacts): MembershipAsOf {
    return {
      userId: facts.userId,
      membershipId: facts.membershipId,
      status: facts.status,
      role: facts.role,
      tags: facts.tags,
      emailAnnouncements: facts.emailAnnouncements,
    };
  }

  private registrationStatusAt(
    id: string,
    status: RegistrationStatus,
    moment: Moment,
  ): RegistrationStatus | null {
    let at: RegistrationStatus | null = status;
    const changes = this.registrationChanges.get(id) ?? [];
    for (let i = changes.length - 1; i >= 0; i--) {
      const change = changes[i] as Change;
      if (!isAfter(change, moment)) break;
      at = undoRegistrationChange(at, change);
    }
    const planned = this.registrationEffects.get(id);
    return at !== null && planned ? planned : at;
  }

  /** People and registrations as they stood at `trigger`'s moment, with the dry run's earlier effects. */
  readerAt(trigger: TriggerFacts): PlanReader {
    const moment = momentOf(trigger);
    const { db, communityId: c } = this;
    return {
      member: (userId) => this.memberAt(userId, moment),
      registration: async (id) => {
        const now = await memoized(this.registrations, id, () => registrationFacts(db, c, id));
        if (!now) return null;
        const status = this.registrationStatusAt(id, now.status, moment);
        return status === null ? null : { ...now, status };
      },
      joinRequestPending: async (membershipId) => {
        const userId =
          this.userOfMembership.get(membershipId) ??
          (await membershipById(db, membershipId).then((row) =>
            row?.communityId === c ? row.userId : null,
          ));
        if (!userId) return false;
        const member = await this.memberAt(userId, moment);
        return member?.membershipId === membershipId && member.status === "pending";
      },
      inSegment: async (segmentId, userId) => {
        if (!this.memberTouched(userId, moment)) return inSegment(db, c, segmentId, userId);
        const member = await this.memberAt(userId, moment);
        if (!member) return inSegment(db, c, segmentId, userId);
        return inSegment(db, c, segmentId, userId, this.asOf(member));
      },
      mailable: async (userIds, subject) => {
        const touched = userIds.filter((id) => this.memberTouched(id, moment));
        const found = await agentMailable(
          db,
          c,
          userIds.filter((id) => !touched.includes(id)),
          subject,
        );
        for (const userId of touched) {
          const member = await this.memberAt(userId, moment);
          if (member && mayReceiveAgentMail(member, subject)) found.add(userId);
        }
        return found;
      },
      registrants: async (eventId, statuses) => {
        const all = await memoized(this.ofEvent, eventId, () => registrationsOfEvent(db, c, eventId));
        return all
          .filter((r) => {
            const status = this.registrationStatusAt(r.id, r.status, moment);
            return status !== null && statuses.includes(status);
          })
          .map((r) => r.userId);
      },
      segmentRecipients: async (segmentId) => {
        const touched = [...new Set([...this.memberChanges.keys(), ...this.memberEffects.keys()])].filter(
          (userId) => this.memberTouched(userId, moment),
        );
        const then: MembershipAsOf[] = [];
        for (const userId of touched) {
          const member = await this.memberAt(userId, moment);
          if (member) then.push(this.asOf(member));
        }
        return segmentRecipients(db, c, segmentId, then);
      },
    };
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
