import { type CommunityRow, findCommunity } from "#server/modules/communities/community-lookup.service.ts";
import { eventFacts } from "#server/modules/events/event-agent-reads.service.ts";
import { memberFacts } from "#server/modules/members/member-agent-reads.service.ts";
import { registrationFacts } from "#server/modules/registrations/registration-agent-reads.service.ts";
import type { AgentDeps, AgentRecord, PlanContext, TriggerFacts } from "./agent-engine.types.ts";
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
 * Communities read for a batch of runs, by id: a runner's pass plans many runs of few communities,
 * and a community's name and link do not change in the second the pass takes.
 */
export type CommunityCache = Map<string, Promise<CommunityRow | null>>;

/** The run's context, or why there is nothing to act on (the community or the trigger's records gone). */
export async function loadPlanContext(
  deps: AgentDeps,
  agent: AgentRecord,
  trigger: TriggerFacts,
  communities?: CommunityCache,
): Promise<PlanContext | string> {
  const { db, appUrl } = deps;
  if (trigger.communityId !== agent.communityId) return "The trigger belongs to another community.";
  let found = communities?.get(agent.communityId);
  if (!found) {
    found = findCommunity(db, agent.communityId);
    communities?.set(agent.communityId, found);
  }
  const community = await found;
  if (!community) return "The community no longer exists.";
  const registration = trigger.registrationId
    ? await registrationFacts(db, agent.communityId, trigger.registrationId)
    : null;
  if (trigger.registrationId && !registration) return "The registration no longer exists.";
  const eventId = trigger.eventId ?? registration?.eventId ?? null;
  const event = eventId ? await eventFacts(db, agent.communityId, eventId) : null;
  if (eventId && !event) return "The event no longer exists.";
  const subjectId = trigger.subjectUserId ?? registration?.userId ?? null;
  const member = subjectId ? await memberFacts(db, agent.communityId, subjectId) : null;
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
  };
}
