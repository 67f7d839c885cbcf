import { builder } from "#server/graphql/builder.ts";
import { PageInfo } from "#server/graphql/page-info.ts";
import { CommunityRole } from "#server/modules/communities/communities.graphql.ts";
import type { MemberFilter, MemberSort } from "./member-filter.ts";
import { listMembers, type MemberPage, type MemberRow } from "./member-list.service.ts";
import {
  deleteSegment,
  listSegments,
  type MemberSegmentView,
  saveSegment,
} from "./member-segments.service.ts";
import { tagMembers } from "./member-tags.service.ts";

export const MembershipStatusEnum = builder.enumType("MembershipStatus", {
  values: {
    ACTIVE: { value: "active" },
    PENDING: { value: "pending" },
    BANNED: { value: "banned" },
    PERSON: {
      value: "person",
      description: "Known to the community through its events only: one of its people, not a member",
    },
  } as const,
});

export const MembershipSourceEnum = builder.enumType("MembershipSource", {
  values: {
    CREATED: { value: "created" },
    JOINED: { value: "joined" },
    INVITED: { value: "invited" },
    IMPORTED: { value: "imported" },
    EVENT: { value: "event" },
  } as const,
});

export const PlanStatusEnum = builder.enumType("PlanStatus", {
  description: "Where a member stands with their membership plan.",
  values: {
    REQUESTED: { value: "requested", description: "Asked to join with the plan; an admin decides first" },
    AWAITING_PAYMENT: { value: "awaiting_payment", description: "Approved; the plan starts once paid" },
    ACTIVE: { value: "active" },
    PAST_DUE: {
      value: "past_due",
      description: "A renewal failed; benefits go on while the payment is retried",
    },
    CANCELING: { value: "canceling", description: "Canceled: benefits go on until the paid period ends" },
    ENDED: { value: "ended", description: "The plan is over; its benefits stopped" },
  } as const,
});

const MemberSortField = builder.enumType("MemberSortField", {
  values: {
    NAME: { value: "name" },
    JOINED: { value: "joined" },
    EVENTS_ATTENDED: { value: "eventsAttended" },
    CHECK_INS: { value: "checkIns" },
    LAST_ACTIVE: { value: "lastActive" },
  } as const,
});

const SortDirection = builder.enumType("SortDirection", {
  values: { ASC: { value: "asc" }, DESC: { value: "desc" } } as const,
});

const MemberPerson = builder.objectRef<MemberRow["person"]>("MemberPerson").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    email: t.exposeString("email", {
      nullable: true,
      description: "Null unless the viewer's role may read members' addresses.",
    }),
  }),
});

export const Member = builder.objectRef<MemberRow>("Member").implement({
  description: "A membership as the member table shows it.",
  fields: (t) => ({
    id: t.exposeID("id"),
    role: t.expose("role", { type: CommunityRole }),
    status: t.expose("status", { type: MembershipStatusEnum }),
    source: t.expose("source", { type: MembershipSourceEnum }),
    tags: t.exposeStringList("tags"),
    joinedAt: t.expose("joinedAt", { type: "DateTime" }),
    eventsRegistered: t.exposeInt("eventsRegistered", {
      description: "Events with a live registration (going, waitlisted or pending).",
    }),
    eventsAttended: t.exposeInt("eventsAttended", {
      description: "Events the member went to: checked in, or going when the event ended.",
    }),
    checkIns: t.exposeInt("checkIns", { description: "Events the member was checked in at." }),
    lastActiveAt: t.expose("lastActiveAt", {
      type: "DateTime",
      description: "Latest of joining, registering and being checked in.",
    }),
    person: t.expose("person", { type: MemberPerson }),
    planStatus: t.field({
      type: PlanStatusEnum,
      nullable: true,
      description: "Where the member stands with their plan; null without one",
      resolve: (m) => m.planStatus,
    }),
  }),
});

const MemberConnection = builder.objectRef<MemberPage>("MemberConnection").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [Member] }),
    pageInfo: t.field({ type: PageInfo, resolve: (p) => p }),
    totalCount: t.exposeInt("totalCount", {
      description: "Exact, unless totalCountCapped: then at least this many match (show it as 1,000+).",
    }),
    totalCountCapped: t.exposeBoolean("totalCountCapped", {
      description:
        "True when a search or filter matches more members than are counted; totalCount is then the cap.",
    }),
  }),
});

export const MemberFilterInput = builder.inputType("MemberFilter", {
  fields: (t) => ({
    roles: t.field({ type: [CommunityRole], required: false }),
    statuses: t.field({ type: [MembershipStatusEnum], required: false }),
    tags: t.stringList({ required: false, description: "Members carrying every one of these tags." }),
    sources: t.field({ type: [MembershipSourceEnum], required: false }),
    joinedAfter: t.field({ type: "DateTime", required: false }),
    joinedBefore: t.field({ type: "DateTime", required: false }),
    eventsAttendedAtLeast: t.int({ required: false }),
    checkInsAtLeast: t.int({ required: false }),
    lastActiveAfter: t.field({ type: "DateTime", required: false }),
    lastActiveBefore: t.field({ type: "DateTime", required: false }),
    plans: t.idList({ required: false, description: "Members holding (or asking for) one of these plans." }),
    planStatuses: t.field({ type: [PlanStatusEnum], required: false }),
    noShowLastTime: t.boolean({
      required: false,
      description:
        "Not checked in at their latest ended event where they held a going place (events that checked people in)",
    }),
  }),
});

const MemberSortInput = builder.inputType("MemberSort", {
  fields: (t) => ({
    field: t.field({ type: MemberSortField, required: true }),
    direction: t.field({ type: SortDirection, required: true }),
  }),
});

const MemberFilterView = builder.objectRef<MemberFilter>("MemberFilterView").implement({
  description: "A saved filter, field for field as `MemberFilter`.",
  fields: (t) => ({
    roles: t.field({ type: [CommunityRole], nullable: true, resolve: (f) => f.roles ?? null }),
    statuses: t.field({ type: [MembershipStatusEnum], nullable: true, resolve: (f) => f.statuses ?? null }),
    tags: t.stringList({ nullable: true, resolve: (f) => f.tags ?? null }),
    sources: t.field({ type: [MembershipSourceEnum], nullable: true, resolve: (f) => f.sources ?? null }),
    joinedAfter: t.field({ type: "DateTime", nullable: true, resolve: (f) => f.joinedAfter ?? null }),
    joinedBefore: t.field({ type: "DateTime", nullable: true, resolve: (f) => f.joinedBefore ?? null }),
    eventsAttendedAtLeast: t.int({ nullable: true, resolve: (f) => f.eventsAttendedAtLeast ?? null }),
    checkInsAtLeast: t.int({ nullable: true, resolve: (f) => f.checkInsAtLeast ?? null }),
    lastActiveAfter: t.field({ type: "DateTime", nullable: true, resolve: (f) => f.lastActiveAfter ?? null }),
    lastActiveBefore: t.field({
      type: "DateTime",
      nullable: true,
      resolve: (f) => f.lastActiveBefore ?? null,
    }),
    plans: t.idList({ nullable: true, resolve: (f) => f.plans ?? null }),
    planStatuses: t.field({ type: [PlanStatusEnum], nullable: true, resolve: (f) => f.planStatuses ?? null }),
    noShowLastTime: t.boolean({ nullable: true, resolve: (f) => f.noShowLastTime ?? null }),
  }),
});

const MemberSegment = builder.objectRef<MemberSegmentView>("MemberSegment").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    filter: t.expose("filter", { type: MemberFilterView }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const TagMembersResult = builder
  .objectRef<{ matched: number; changed: number }>("TagMembersResult")
  .implement({
    fields: (t) => ({
      matched: t.exposeInt("matched", { description: "Members the selection named." }),
      changed: t.exposeInt("changed", {
        description: "Members whose tags changed (one member.tagged each).",
      }),
    }),
  });

builder.queryFields((t) => ({
  members: t.field({
    type: MemberConnection,
    description: "The member table: organizers and above. Keyset pages; `after` is the previous endCursor.",
    args: {
      communityId: t.arg.id({ required: true }),
      first: t.arg.int({ required: false, defaultValue: 50 }),
      after: t.arg.string({ required: false }),
      search: t.arg.string({ required: false, description: "Part of a name or e-mail address, any case." }),
      filter: t.arg({ type: MemberFilterInput, required: false }),
      sort: t.arg({ type: MemberSortInput, required: false }),
    },
    resolve: (_root, args, ctx) =>
      listMembers(ctx, String(args.communityId), {
        first: args.first,
        after: args.after,
        search: args.search,
        filter: args.filter as MemberFilter | null | undefined,
        sort: args.sort as MemberSort | null | undefined,
      }),
  }),
  memberSegments: t.field({
    type: [MemberSegment],
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => listSegments(ctx, String(args.communityId)),
  }),
}));

builder.mutationFields((t) => ({
  saveMemberSegment: t.field({
    type: MemberSegment,
    args: {
      communityId: t.arg.id({ required: true }),
      name: t.arg.string({ required: true }),
      filter: t.arg({ type: MemberFilterInput, required: true }),
    },
    resolve: (_root, args, ctx) =>
      saveSegment(ctx, String(args.communityId), { name: args.name, filter: args.filter as MemberFilter }),
  }),
  deleteMemberSegment: t.id({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteSegment(ctx, String(args.id)),
  }),
  tagMembers: t.field({
    type: TagMembersResult,
    description:
      "Adds and removes tags on the selected rows (membershipIds) or on every row the table's filter and search show.",
    args: {
      communityId: t.arg.id({ required: true }),
      membershipIds: t.arg.idList({ required: false }),
      filter: t.arg({ type: MemberFilterInput, required: false }),
      search: t.arg.string({ required: false }),
      add: t.arg.stringList({ required: false, defaultValue: [] }),
      remove: t.arg.stringList({ required: false, defaultValue: [] }),
    },
    resolve: (_root, args, ctx) =>
      tagMembers(
        ctx,
        String(args.communityId),
        args.membershipIds
          ? { membershipIds: args.membershipIds.map(String) }
          : { filter: args.filter as MemberFilter | null | undefined, search: args.search },
        { add: args.add ?? [], remove: args.remove ?? [] },
      ),
  }),
}));
