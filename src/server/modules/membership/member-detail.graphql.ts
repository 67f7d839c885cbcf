import { builder } from "#server/graphql/builder.ts";
import { Member } from "#server/modules/members/members-table.graphql.ts";
import { joinAnswersOf, memberDetail } from "./member-detail.service.ts";
import { memberTimeline, type TimelineEntry } from "./member-timeline.service.ts";
import { JoinAnswer } from "./membership.graphql.ts";

// What the member drawer reads beyond the member table's row: one member, their answers, their timeline.

builder.objectField(Member, "joinAnswers", (t) =>
  t.field({
    type: [JoinAnswer],
    description: "Answers given with the request to join, in the order the community asks them now",
    resolve: (m, _args, ctx) => joinAnswersOf(ctx.db, m),
  }),
);

const MemberTimelineEntry = builder.objectRef<TimelineEntry>("MemberTimelineEntry").implement({
  description: "One change in a member's life in the community, read from the domain-event log.",
  fields: (t) => ({
    type: t.exposeString("type", { description: "The log entry's kind, e.g. member.role_changed" }),
    occurredAt: t.expose("occurredAt", { type: "DateTime" }),
    summary: t.exposeString("summary"),
    actorName: t.exposeString("actorName", {
      nullable: true,
      description: "Who made the change, when it was someone else",
    }),
  }),
});

builder.objectField(Member, "timeline", (t) =>
  t.field({
    type: [MemberTimelineEntry],
    description: "Newest first",
    args: { first: t.arg.int({ required: false, defaultValue: 20 }) },
    resolve: (m, args, ctx) => memberTimeline(ctx.db, m, args.first ?? 20),
  }),
);

builder.queryFields((t) => ({
  member: t.field({
    type: Member,
    description: "One membership as the member drawer shows it: organizers and above",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => memberDetail(ctx, String(args.id)),
  }),
}));
