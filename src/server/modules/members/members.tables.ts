import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { community } from "#server/modules/communities/communities.tables.ts";
import { user } from "#server/modules/users/users.tables.ts";
import { ROLES } from "#shared/capabilities.ts";
import type { Origin } from "#shared/origins.ts";
import { PLAN_BENEFITS, PLAN_STATUSES } from "#shared/plans.ts";
import type { Answers } from "#shared/questions.ts";

/**
 * `person`: known to the community through its events only (a registrant, guest or signed in), not a
 * member: no role's capabilities, no member benefits, not in the directory or the public count
 * (docs/decisions/028-registrants-are-people.md).
 */
export const MEMBERSHIP_STATUSES = ["active", "pending", "banned", "person"] as const;
/** The statuses of members (and of those asking or barred from being one): every status but `person`. */
export const MEMBER_STATUSES = ["active", "pending", "banned"] as const satisfies readonly MembershipStatus[];
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
export const MEMBERSHIP_SOURCES = ["created", "joined", "invited", "imported", "event"] as const;
export type MembershipSource = (typeof MEMBERSHIP_SOURCES)[number];

export const membership = pgTable(
  "membership",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    status: text("status", { enum: MEMBERSHIP_STATUSES }).notNull(),
    source: text("source", { enum: MEMBERSHIP_SOURCES }).notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /** The community's own labels, trimmed and unique per member (docs/decisions/012). */
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    /** Events with a live registration (going, waitlisted or pending): kept by members.subscriber.ts. */
    eventsRegistered: integer("events_registered").notNull().default(0),
    /** Events the member went to: checked in, or going when the event ended. */
    eventsAttended: integer("events_attended").notNull().default(0),
    /** Events the member was checked in at. */
    checkIns: integer("check_ins").notNull().default(0),
    /** Latest of joining, registering and checking in. */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    /** Answers to the community's join questions, as given with the request. */
    answers: jsonb("answers").$type<Answers>().notNull().default({}),
    /** When and by whom a join request was approved, or a member banned. */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    /**
     * Whether the member wants the community's announcements; turned off by one-click unsubscribe.
     * A person (status `person`) has it only when they ticked the box on a registration form.
     */
    emailAnnouncements: boolean("email_announcements").notNull().default(true),
    /**
     * The name a registrant typed on an event's form, shown and searched while their account has
     * no name of its own (a guest's never does: docs/decisions/007).
     */
    guestName: text("guest_name"),
    /**
     * The person's name and e-mail, one per line, for the member search (docs/decisions/012): kept
     * by triggers from "user" (migration 0014), never written by the services.
     */
    searchText: text("search_text").notNull().default(""),
    /** The membership plan held or asked for (a `membership_plan` of the community); null: none. */
    planId: text("plan_id"),
    planStatus: text("plan_status", { enum: PLAN_STATUSES }),
    /**
     * What the plan gives while its status grants benefits, copied from the plan so that every
     * check of a benefit reads this row alone; empty when the plan's benefits stopped. Null with
     * no plan: the member has what members had before plans existed.
     */
    planBenefits: text("plan_benefits", { enum: PLAN_BENEFITS }).array(),
    /**
     * Where the current membership, or the request for it, came from (`#shared/origins.ts`): an
     * approval's join has the request's origin. Null on memberships made before it was recorded.
     */
    origin: text("origin").$type<Origin>(),
  },
  (t) => [
    uniqueIndex("membership_community_user_idx").on(t.communityId, t.userId),
    index("membership_user_idx").on(t.userId, t.status),
    // One per sort of the member table: keyset pages walk them (community, key, id) in either
    // direction. Each carries the search text, so a search walking one reads no table rows.
    index("membership_community_joined_idx").on(t.communityId, t.joinedAt, t.id, t.searchText),
    index("membership_community_attended_idx").on(t.communityId, t.eventsAttended, t.id, t.searchText),
    index("membership_community_check_ins_idx").on(t.communityId, t.checkIns, t.id, t.searchText),
    index("membership_community_active_idx").on(t.communityId, t.lastActiveAt, t.id, t.searchText),
    // Each tag keyed by its community (member_tag_keys, migration 0009): a tag filter reads only the
    // entries of that tag in that community, however many other communities use the same word.
    index("membership_tag_keys_idx").using("gin", sql`member_tag_keys(${t.communityId}, ${t.tags})`),
    // The search's trigrams keyed by community (member_search_keys, migration 0014), like the tags.
    index("membership_search_keys_idx").using(
      "gin",
      sql`member_search_keys(${t.communityId}, ${t.searchText})`,
    ),
    // The join-request queue and its count stay small whatever the community's size.
    index("membership_pending_idx").on(t.communityId, t.joinedAt).where(sql`${t.status} = 'pending'`),
    // The member table's plan and plan-status filters walk these newest first (decision 012).
    index("membership_community_plan_idx")
      .on(t.communityId, t.planId, t.joinedAt, t.id)
      .where(sql`${t.planId} is not null`),
    index("membership_community_plan_status_idx")
      .on(t.communityId, t.planStatus, t.joinedAt, t.id)
      .where(sql`${t.planStatus} is not null`),
  ],
);

/**
 * Memberships per community and status, kept exact by statement-level triggers on `membership`
 * (migration 0007): the unfiltered total of a million-member table without counting a million rows.
 */
export const memberCount = pgTable(
  "member_count",
  {
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    status: text("status", { enum: MEMBERSHIP_STATUSES }).notNull(),
    members: integer("members").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.status] })],
);

/**
 * What the members subscriber knows of one person at one event, from the log: the counters on
 * `membership` are counts of these rows, so handling an entry twice cannot count it twice.
 * No foreign keys, like the log it is read from.
 */
export const memberActivity = pgTable(
  "member_activity",
  {
    communityId: text("community_id").notNull(),
    userId: text("user_id").notNull(),
    eventId: text("event_id").notNull(),
    /** The registration's latest status. */
    registrationStatus: text("registration_status").notNull(),
    checkedIn: boolean("checked_in").notNull().default(false),
    /** Set once the event has ended while the registration was going: the person went. */
    went: boolean("went").notNull().default(false),
    /** When the event ended, set with `went`: orders a person's events for "no-show last time". */
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId, t.eventId] }),
    index("member_activity_event_idx").on(t.eventId),
    // The attendance pass's question: which events does someone still hold a going place at.
    index("member_activity_unsettled_idx")
      .on(t.eventId)
      .where(sql`${t.registrationStatus} = 'going' and not ${t.went}`),
  ],
);

/** A named member filter of a community (agents and announcements target these later). */
export const memberSegment = pgTable(
  "member_segment",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    filter: jsonb("filter").$type<Record<string, unknown>>().notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("member_segment_community_name_idx").on(t.communityId, t.name)],
);

/** Who an announcement went to, as the sender chose it. */
export type AnnouncementAudience =
  | { kind: "all" }
  | { kind: "segment"; segmentId: string; segmentName: string; filter: Record<string, unknown> }
  | { kind: "selected"; membershipIds: string[] }
  /** `search`: only members whose name or e-mail contains it, as in the member table. */
  | { kind: "filter"; filter: Record<string, unknown>; search?: string | null };

/** A mail sent to members of a community; the outbox expands it into one mail per recipient. */
export const announcement = pgTable(
  "announcement",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    /** Markdown, rendered to sanitized HTML and plain text when each mail is sent. */
    body: text("body").notNull(),
    audience: jsonb("audience").$type<AnnouncementAudience>().notNull(),
    sentBy: text("sent_by").references(() => user.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    /** Active members of the audience who had not turned announcements off when it was sent. */
    recipientCount: integer("recipient_count").notNull(),
  },
  (t) => [index("announcement_community_sent_idx").on(t.communityId, t.sentAt)],
);

/**
 * An announcement written for an admin to send (an agent's `draft_announcement`): listed on the
 * announcements screen until an admin sends it (it then becomes an `announcement`) or deletes it.
 */
export const announcementDraft = pgTable(
  "announcement_draft",
  {
    id: text("id").primaryKey(),
    communityId: text("community_id")
      .notNull()
      .references(() => community.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    /** Markdown, as an announcement's. */
    body: text("body").notNull(),
    /** The agent that wrote it: a plain id, so the draft outlives the agent. */
    agentId: text("agent_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("announcement_draft_community_idx").on(t.communityId, t.createdAt)],
);
