// What bench/agents-measure.ts starts from: four communities, each with its owner, members who will
// register for its three events, newcomers who will join it, a saved "VIPs" segment and five
// agents switched on — twenty agents in all, a mix an organizer would set up: a welcome mail with a
// tag on joining, a confirmation on registering, agents whose conditions skip most entries, one in
// propose mode, and time-triggered ones the scanner looks at while the entries arrive.
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { agentDefinitionSchema } from "#server/modules/agents/agent-definition.ts";
import type { AgentDefinition } from "#shared/agents.ts";

export const COMMUNITIES = ["Makers", "Runners", "Readers", "Gardeners"] as const;
export const EVENTS_PER_COMMUNITY = 3;

/** Generous limits: the bench measures the runtime's pace, not where a limit pauses an agent. */
const limits = { messagesPerRun: 10, messagesPerDay: 100_000 };

export type BenchCommunity = {
  id: string;
  name: string;
  ownerId: string;
  /** Its events, each with one free ticket type, `<eventId>-free`. */
  eventIds: string[];
  /** Member user ids, each registering for the events in turn. */
  memberIds: string[];
  segmentId: string;
};

export type SeededBench = {
  communities: BenchCommunity[];
  /** Users with no membership yet (`<prefix><n>`, n from 1): each joins one of the communities. */
  newcomerPrefix: string;
  agentIds: string[];
};

type AgentSeed = { name: string; template: string | null; definition: AgentDefinition };

const welcome = (): AgentSeed => ({
  name: "Welcome new members",
  template: "welcome",
  definition: {
    trigger: { kind: "member_joined" },
    conditions: {},
    actions: [
      {
        kind: "email",
        to: "subject",
        subject: "Welcome to {{community.name}}, {{member.firstName}}",
        body: "Hi {{member.firstName}},\n\nwelcome to **{{community.name}}**. Our next events are at {{community.link}}.",
      },
      { kind: "add_tag", tag: "new" },
    ],
    approvalMode: "act",
    limits,
  },
});

const confirmation = (): AgentSeed => ({
  name: "Registration confirmation",
  template: null,
  definition: {
    trigger: { kind: "registration_created" },
    conditions: {},
    actions: [
      {
        kind: "email",
        to: "subject",
        subject: "See you at {{event.title}}",
        body: "Hi {{member.firstName}}, you are registered for [{{event.title}}]({{event.link}}) on {{event.date}}.",
      },
    ],
    approvalMode: "act",
    limits,
  },
});

const workshopTag = (): AgentSeed => ({
  name: "Tag workshop-goers",
  template: null,
  definition: {
    trigger: { kind: "registration_created" },
    conditions: { eventTitleContains: "workshop" },
    actions: [{ kind: "add_tag", tag: "workshop" }],
    approvalMode: "act",
    limits,
  },
});

/** The fourth and fifth agents differ by community: together they cover the rest of the mix. */
const particular = (index: number, community: BenchCommunity): AgentSeed[] => {
  switch (index) {
    case 0:
      return [
        {
          name: "A personal hello (proposed)",
          template: null,
          definition: {
            trigger: { kind: "member_joined" },
            conditions: {},
            actions: [
              {
                kind: "email",
                to: "subject",
                subject: "A hello from the organizers of {{community.name}}",
                body: "Hi {{member.firstName}}, we are glad you joined. Reply to say what brought you here.",
              },
            ],
            approvalMode: "propose",
            limits,
          },
        },
        {
          name: "Remind registrants the day before",
          template: "remind",
          definition: {
            trigger: { kind: "event_starts_in", hours: 24 },
            conditions: {},
            actions: [
              {
                kind: "email",
                to: "registrants",
                subject: "Tomorrow: {{event.title}}",
                body: "{{event.title}} starts {{event.date}} at {{event.place}}.",
              },
            ],
            approvalMode: "act",
            limits,
          },
        },
      ];
    case 1:
      return [
        {
          name: "Sorry to miss you",
          template: null,
          definition: {
            trigger: { kind: "registration_status_changed", to: ["canceled"] },
            conditions: {},
            actions: [
              {
                kind: "email",
                to: "subject",
                subject: "Sorry you can't make it to {{event.title}}",
                body: "Hi {{member.firstName}}, we'll miss you at {{event.title}}. See what else is on at {{community.link}}.",
              },
            ],
            approvalMode: "act",
            limits,
          },
        },
        {
          name: "Weekly digest for admins",
          template: "digest",
          definition: {
            trigger: { kind: "schedule", cron: "0 9 * * 1" },
            conditions: {},
            actions: [{ kind: "notify_admins", message: "The week ahead in {{community.name}}." }],
            approvalMode: "act",
            limits,
          },
        },
      ];
    case 2:
      return [
        {
          name: "Welcome VIPs",
          template: null,
          definition: {
            trigger: { kind: "member_joined" },
            conditions: { segmentId: community.segmentId },
            actions: [{ kind: "add_tag", tag: "vip-welcomed" }],
            approvalMode: "act",
            limits,
          },
        },
        {
          name: "Re-engage quiet members",
          template: "reengage",
          definition: {
            trigger: { kind: "member_inactive", days: 60 },
            conditions: {},
            actions: [
              {
                kind: "email",
                to: "subject",
                subject: "We miss you at {{community.name}}",
                body: "Hi {{member.firstName}}, here is what's coming up: {{community.link}}",
              },
            ],
            approvalMode: "act",
            limits,
          },
        },
      ];
    default:
      return [
        {
          name: "Tell admins about paid registrations",
          template: null,
          definition: {
            trigger: { kind: "registration_created" },
            conditions: { eventPaid: true },
            actions: [
              { kind: "notify_admins", message: "{{member.name}} bought a ticket for {{event.title}}." },
            ],
            approvalMode: "act",
            limits,
          },
        },
        {
          name: "Tag volunteers",
          template: null,
          definition: {
            trigger: { kind: "registration_created" },
            conditions: {
              judgement: { kind: "answers_contain", words: ["volunteer", "help"], match: "any" },
            },
            actions: [{ kind: "add_tag", tag: "volunteer" }],
            approvalMode: "act",
            limits,
          },
        },
      ];
  }
};

const EVENT_TITLES = ["Workshop: soldering basics", "Monthly meetup", "Open evening"];

/** Fills the database the app runs on; agents are switched on at `enabledAt`. */
export async function seedAgentsBench(
  db: Db,
  options: { membersPerCommunity: number; newcomers: number; enabledAt: Date },
): Promise<SeededBench> {
  const { membersPerCommunity, newcomers, enabledAt } = options;
  const communities: BenchCommunity[] = [];
  const agentIds: string[] = [];
  const newcomerPrefix = "ab-new-";
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select ${newcomerPrefix} || g, 'Newcomer ' || g, 'newcomer' || g || '@agents-bench.test', true
    from generate_series(1, ${newcomers}) g`);
  for (const [index, name] of COMMUNITIES.entries()) {
    const id = `ab-c${index}`;
    const ownerId = `ab-owner-${index}`;
    const memberPrefix = `ab-m${index}-`;
    await db.execute(sql`insert into "user" (id, name, email, email_verified)
      values (${ownerId}, ${`Olive ${name}`}, ${`owner${index}@agents-bench.test`}, true)`);
    await db.execute(sql`insert into community (id, slug, name, time_zone, currency, visibility, join_policy,
        member_count, created_by)
      values (${id}, ${`agents-bench-${index}`}, ${name}, 'Europe/Berlin', 'EUR', 'public', 'open',
        ${membersPerCommunity + 1}, ${ownerId})`);
    await db.execute(sql`insert into membership (id, community_id, user_id, role, status, source)
      values (${`ab-own-${index}`}, ${id}, ${ownerId}, 'owner', 'active', 'created')`);
    await db.execute(sql`insert into "user" (id, name, email, email_verified)
      select ${memberPrefix} || g, 'Member ' || g, 'member' || g || ${`-${index}@agents-bench.test`}, true
      from generate_series(1, ${membersPerCommunity}) g`);
    // Every tenth member is a VIP: the segment condition lets a few joins through, none of these.
    await db.execute(sql`insert into membership (id, community_id, user_id, role, status, source, joined_at, tags)
      select ${`ab-ms${index}-`} || g, ${id}, ${memberPrefix} || g, 'member', 'active', 'joined',
        now() - make_interval(days => g % 300),
        case when g % 10 = 0 then array['vip'] else array[]::text[] end
      from generate_series(1, ${membersPerCommunity}) g`);
    const segmentId = `ab-seg-${index}`;
    await db.execute(sql`insert into member_segment (id, community_id, name, filter, created_by)
      values (${segmentId}, ${id}, 'VIPs', ${JSON.stringify({ tags: ["vip"] })}::jsonb, ${ownerId})`);
    const eventIds = EVENT_TITLES.map((_, e) => `ab-ev${index}-${e}`);
    for (const [e, title] of EVENT_TITLES.entries()) {
      await db.execute(sql`insert into event (id, community_id, title, description, starts_at, ends_at, time_zone,
          venue_name, status, visibility, created_at, updated_at, published_at)
        values (${eventIds[e]}, ${id}, ${title}, 'Talks and tea',
          date_trunc('hour', now()) + ${`${7 + e} days`}::interval,
          date_trunc('hour', now()) + ${`${7 + e} days`}::interval + interval '2 hours',
          'Europe/Berlin', ${`Hall ${e + 1}`}, 'published', 'public', now(), now(), now())`);
      await db.execute(sql`insert into ticket_type (id, event_id, name, currency, position)
        values (${`${eventIds[e]}-free`}, ${eventIds[e]}, 'Free', 'EUR', 0)`);
    }
    const community: BenchCommunity = {
      id,
      name,
      ownerId,
      eventIds,
      memberIds: Array.from({ length: membersPerCommunity }, (_, g) => `${memberPrefix}${g + 1}`),
      segmentId,
    };
    communities.push(community);
    const seeds = [welcome(), confirmation(), workshopTag(), ...particular(index, community)];
    for (const [a, seed] of seeds.entries()) {
      const definition = agentDefinitionSchema.parse(seed.definition);
      const agentId = `ab-agent-${index}-${a}`;
      await db.execute(sql`insert into agent (id, community_id, name, template, definition, approval_mode, status,
          enabled_at, created_by, created_at, updated_at)
        values (${agentId}, ${id}, ${seed.name}, ${seed.template}, ${JSON.stringify(definition)}::jsonb,
          ${definition.approvalMode}, 'on', ${enabledAt.toISOString()}::timestamptz, ${ownerId},
          ${enabledAt.toISOString()}::timestamptz, ${enabledAt.toISOString()}::timestamptz)`);
      agentIds.push(agentId);
    }
  }
  await db.execute(sql`analyze`);
  return { communities, newcomerPrefix, agentIds };
}
