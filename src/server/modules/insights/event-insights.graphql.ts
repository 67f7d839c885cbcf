import { builder } from "#server/graphql/builder.ts";
import {
  type CheckInPoint,
  type EventInsights,
  type EventSource,
  eventInsights,
} from "./event-insights.service.ts";

// One event's insights on its dashboard (the `Event…` names keep clear of the community page's).

const EventPageViewDay = builder
  .objectRef<EventInsights["pageViews"]["days"][number]>("EventPageViewDay")
  .implement({
    description: "Views of the event's public page on one of the community's days",
    fields: (t) => ({
      day: t.exposeString("day", { description: "The community's local date, YYYY-MM-DD" }),
      views: t.exposeInt("views"),
    }),
  });

const EventPageViews = builder.objectRef<EventInsights["pageViews"]>("EventPageViews").implement({
  description: "Views of the event's public page, counted on the server without cookies; bots are left out",
  fields: (t) => ({
    total: t.exposeInt("total"),
    days: t.expose("days", { type: [EventPageViewDay], description: "Days with views, in order" }),
  }),
});

const EventSourceRef = builder.objectRef<EventSource>("EventSource").implement({
  description: "Registrations for the event that came from one place",
  fields: (t) => ({
    origin: t.exposeString("origin", {
      description: "community_page, event_page, invitation, import, agent, organizer, unknown or link:<ref>",
    }),
    kind: t.exposeString("kind", { description: "The origin without its ref: link for a shared link" }),
    ref: t.exposeString("ref", { nullable: true, description: "A shared link's ?ref= or utm_source" }),
    registrations: t.exposeInt("registrations"),
    going: t.exposeInt("going"),
  }),
});

const EventCheckInPoint = builder.objectRef<CheckInPoint>("EventCheckInPoint").implement({
  description: "One quarter hour of the check-in curve",
  fields: (t) => ({
    at: t.expose("at", { type: "DateTime", description: "When the quarter hour starts" }),
    localTime: t.exposeString("localTime", {
      description: "The quarter hour's start in the event's time zone, YYYY-MM-DDTHH:mm",
    }),
    checkIns: t.exposeInt("checkIns"),
    total: t.exposeInt("total", { description: "Check-ins up to the end of this quarter hour" }),
  }),
});

const EventInsightsRef = builder.objectRef<EventInsights>("EventInsights").implement({
  fields: (t) => ({
    eventId: t.exposeID("eventId"),
    timeZone: t.exposeString("timeZone", { description: "The event's time zone: the curve's clock" }),
    pageViews: t.expose("pageViews", { type: EventPageViews }),
    registrations: t.exposeInt("registrations", {
      description: "Registrations of any status except held orders awaiting payment",
    }),
    going: t.exposeInt("going"),
    conversion: t.exposeFloat("conversion", {
      nullable: true,
      description: "Registrations per page view; null while the page has no views",
    }),
    sources: t.expose("sources", { type: [EventSourceRef], description: "Most registrations first" }),
    checkIns: t.expose("checkIns", {
      type: [EventCheckInPoint],
      description: "From the first check-in's quarter hour to the last's; empty before anyone checked in",
    }),
  }),
});

builder.queryFields((t) => ({
  eventInsights: t.field({
    type: EventInsightsRef,
    description: "For viewers with insights.view in the event's community",
    args: { eventId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => eventInsights(ctx, String(args.eventId)),
  }),
}));
