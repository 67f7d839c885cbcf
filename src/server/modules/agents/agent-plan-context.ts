import type { Db } from "#server/db/client.ts";
import { findCommunity } from "#server/modules/communities/community-lookup.service.ts";
import { eventFacts } from "#server/modules/events/event-agent-reads.service.ts";
import {
  agentMailable,
  inSegment,
  memberFacts,
  segmentRecipients,
} from "#server/modules/members/member-agent-reads.service.ts";
import { membershipById } from "#server/modules/members/membership-records.service.ts";
import {
  registrantsOf,
  registrationFacts,
} from "#server/modules/registrations/registration-agent-reads.service.ts";
import type { AgentDeps, AgentRecord, PlanContext, PlanReader, TriggerFacts } from "./agent-engine.types.ts";
import { firstNameOf } from "./agent-template.ts";

// What a run knows before it decides anything: read once, through each owning module's reads, and
// always within the agent's own community (every read is keyed by it).

/** Member-provided answers as plain text, one value per line: what rules and the model judge. */
export function answersText(answers: unknown): string {
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") {
      if (value.trim()) out.push(value.trim());
    } else if (typeof value === "number" || typeof value === "boolean") {
      out.push(String(value));
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item);
    } else if (value && typeof value === "object") {
      for (const item of Object.values(value)) walk(item);
    }
  };
  walk(answers);
  return out.join("\n");
}

const link = (appUrl: string, path: string) => `${appUrl.replace(/\/+$/, "")}${path}`;

/**
 * Reads shared by the runs of one batch, by what they read: a runner's pass plans many runs of few
 * communities, and an entry that fires several agents has each of them read the same person,
 * registration and event. Every run of the batch then plans from the same moment's records.
 */
export type PlanReads = Map<string, Promise<unknown>>;

/** `read()` once per `key` within `reads` (every time without it). */
function shared<T>(reads: PlanReads | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!reads) return read();
  let found = reads.get(key) as Promise<T> | undefined;
  if (!found) {
    found = read();
    reads.set(key, found);
  }
  return found;
}

/** People and registrations of the community as they are now: what a real run plans from. */
export function currentReader(db: Db, communityId: string, reads?: PlanReads): PlanReader {
  const c = communityId;
  return {
    member: (userId) => shared(reads, `member:${c}:${userId}`, () => memberFacts(db, c, userId)),
    registration: (id) => shared(reads, `registration:${c}:${id}`, () => registrationFacts(db, c, id)),
    async joinRequestPending(membershipId) {
      const row = await membershipById(db, membershipId);
      return row?.communityId === c && row.status === "pending";
    },
    inSegment: (segmentId, userId) => inSegment(db, c, segmentId, userId),
    mailable: (userIds, subject) => agentMailable(db, c, userIds, subject),
    registrants: (eventId, statuses) => registrantsOf(db, c, eventId, statuses),
    segmentRecipients: (segmentId) => segmentRecipients(db, c, segmentId),
  };
}

/**
 * The run's context, or why there is nothing to act on (the community or the trigger's records
 * gone). `reader`: where people and registrations are read from; now, without it.
 */
export async function loadPlanContext(
  deps: AgentDeps,
  agent: AgentRecord,
  trigger: TriggerFacts,
  reads?: PlanReads,
  reader: PlanReader = currentReader(deps.db, agent.communityId, reads),
): Promise<PlanContext | string> {
  const { db, appUrl } = deps;
  if (trigger.communityId !== agent.communityId) return "The trigger belongs to another community.";
  const c = agent.communityId;
  const community = await shared(reads, `community:${c}`, () => findCommunity(db, c));
  if (!community) return "The community no longer exists.";
  const registrationId = trigger.registrationId;
  const registration = registrationId ? await reader.registration(registrationId) : null;
  if (trigger.registrationId && !registration) return "The registration no longer exists.";
  const eventId = trigger.eventId ?? registration?.eventId ?? null;
  const event = eventId
    ? await shared(reads, `event:${c}:${eventId}`, () => eventFacts(db, c, eventId))
    : null;
  if (eventId && !event) return "The event no longer exists.";
  const subjectId = trigger.subjectUserId ?? registration?.userId ?? null;
  const member = subjectId ? await reader.member(subjectId) : null;
  if (subjectId && !member) return "The person's account no longer exists.";
  const joinAnswers = member?.membershipId ? answersText(member.joinAnswers) : "";
  return {
    agent,
    trigger,
    community: {
      id: community.id,
      name: community.name,
      slug: community.slug,
      timeZone: community.timeZone,
      link: link(appUrl, `/c/${community.slug}`),
    },
    member: member && {
      userId: member.userId,
      membershipId: member.membershipId,
      name: member.name,
      firstName: firstNameOf(member.name),
      email: member.email,
      tags: member.tags,
    },
    event: event && {
      id: event.id,
      title: event.title,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      timeZone: event.timeZone,
      place: event.place,
      link: link(appUrl, `/e/${event.id}`),
      paid: event.paid,
    },
    registration: registration && {
      id: registration.id,
      status: registration.status,
      answers: answersText(registration.answers),
    },
    joinAnswers: joinAnswers || null,
    spend: { tokens: 0, costMicros: 0 },
    reader,
  };
}
