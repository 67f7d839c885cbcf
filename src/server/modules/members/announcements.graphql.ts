import { builder } from "#server/graphql/builder.ts";
import { Community } from "#server/modules/communities/communities.graphql.ts";
import {
  type AnnouncementDraftView,
  deleteAnnouncementDraft,
  listAnnouncementDrafts,
} from "./announcement-drafts.service.ts";
import {
  type AnnouncementSubscription,
  myAnnouncementEmails,
  setMyAnnouncementEmails,
  setSubscriptionByToken,
  subscriptionByToken,
} from "./announcement-preferences.service.ts";
import {
  type AnnouncementView,
  type AudienceInput,
  listAnnouncements,
  previewAudience,
  sendAnnouncement,
} from "./announcements.service.ts";
import type { MemberFilter } from "./member-filter.ts";
import type { AnnouncementAudience } from "./members.tables.ts";
import { MemberFilterInput } from "./members-table.graphql.ts";

const AudienceKind = builder.enumType("AnnouncementAudienceKind", {
  values: {
    ALL: { value: "all" },
    SEGMENT: { value: "segment" },
    SELECTED: { value: "selected" },
    FILTER: { value: "filter" },
  } as const,
});

const audienceLabel = (audience: AnnouncementAudience): string => {
  switch (audience.kind) {
    case "all":
      return "All members";
    case "segment":
      return `Segment “${audience.segmentName}”`;
    case "selected":
      return `${audience.membershipIds.length} selected ${audience.membershipIds.length === 1 ? "member" : "members"}`;
    case "filter": {
      if (!audience.search) return "Filtered members";
      const filtered = Object.values(audience.filter).some(
        (value) => value != null && !(Array.isArray(value) && value.length === 0),
      );
      return `Members matching “${audience.search}”${filtered ? " and the filters" : ""}`;
    }
  }
};

export const Announcement = builder.objectRef<AnnouncementView>("Announcement").implement({
  description: "An email sent to members of a community.",
  fields: (t) => ({
    id: t.exposeID("id"),
    subject: t.exposeString("subject"),
    body: t.exposeString("body", { description: "Markdown." }),
    audienceKind: t.field({ type: AudienceKind, resolve: (a) => a.audience.kind }),
    audienceLabel: t.string({ resolve: (a) => audienceLabel(a.audience) }),
    sentAt: t.expose("sentAt", { type: "DateTime" }),
    sentByName: t.exposeString("sentByName", { nullable: true }),
    recipientCount: t.exposeInt("recipientCount", {
      description: "Active members of the audience who had not turned announcements off when it was sent.",
    }),
  }),
});

const AnnouncementDraft = builder.objectRef<AnnouncementDraftView>("AnnouncementDraft").implement({
  description:
    "An announcement written for an admin to send (by an agent); sent through `sendAnnouncement` with its `draftId`.",
  fields: (t) => ({
    id: t.exposeID("id"),
    subject: t.exposeString("subject"),
    body: t.exposeString("body", { description: "Markdown." }),
    fromAgent: t.boolean({ description: "Whether an agent wrote it.", resolve: (d) => d.agentId !== null }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const Subscription = builder.objectRef<AnnouncementSubscription>("AnnouncementSubscription").implement({
  fields: (t) => ({
    communityId: t.exposeID("communityId"),
    communityName: t.exposeString("communityName"),
    subscribed: t.exposeBoolean("subscribed"),
  }),
});

const AudienceInputType = builder.inputType("AnnouncementAudienceInput", {
  description: "Exactly one of these.",
  fields: (t) => ({
    all: t.boolean({ required: false }),
    segmentId: t.id({ required: false }),
    membershipIds: t.idList({ required: false }),
    filter: t.field({ type: MemberFilterInput, required: false }),
    search: t.string({
      required: false,
      description:
        "With filter (or alone, for every member): only those whose name or e-mail contains it, any case, as the member table's search.",
    }),
  }),
});

const audienceOf = (input: {
  all?: boolean | null;
  segmentId?: string | number | null;
  membershipIds?: (string | number)[] | null;
  filter?: unknown;
  search?: string | null;
}): AudienceInput => ({
  all: input.all ?? null,
  segmentId: input.segmentId == null ? null : String(input.segmentId),
  membershipIds: input.membershipIds ? input.membershipIds.map(String) : null,
  filter: (input.filter as MemberFilter | null | undefined) ?? null,
  search: input.search ?? null,
});

const SendAnnouncementInput = builder.inputType("SendAnnouncementInput", {
  fields: (t) => ({
    subject: t.string({ required: true }),
    body: t.string({ required: true, description: "Markdown." }),
    audience: t.field({ type: AudienceInputType, required: true }),
    draftId: t.id({ required: false, description: "The draft this sends; it is gone once sent." }),
  }),
});

builder.queryFields((t) => ({
  announcements: t.field({
    type: [Announcement],
    description: "Sent announcements, newest first: organizers and above.",
    args: { communityId: t.arg.id({ required: true }), first: t.arg.int({ required: false }) },
    resolve: (_root, args, ctx) => listAnnouncements(ctx, String(args.communityId), args.first ?? 50),
  }),
  announcementDrafts: t.field({
    type: [AnnouncementDraft],
    description: "Unsent drafts, newest first: admins.",
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => listAnnouncementDrafts(ctx, String(args.communityId)),
  }),
  announcementAudienceCount: t.int({
    description: "How many members an audience reaches now: admins.",
    args: {
      communityId: t.arg.id({ required: true }),
      audience: t.arg({ type: AudienceInputType, required: true }),
    },
    resolve: (_root, args, ctx) => previewAudience(ctx, String(args.communityId), audienceOf(args.audience)),
  }),
  announcementSubscription: t.field({
    type: Subscription,
    description: "What an unsubscribe link points at; needs no sign-in.",
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => subscriptionByToken(ctx, args.token),
  }),
}));

builder.mutationFields((t) => ({
  sendAnnouncement: t.field({
    type: Announcement,
    args: {
      communityId: t.arg.id({ required: true }),
      input: t.arg({ type: SendAnnouncementInput, required: true }),
    },
    resolve: (_root, args, ctx) =>
      sendAnnouncement(ctx, String(args.communityId), {
        subject: args.input.subject,
        body: args.input.body,
        audience: audienceOf(args.input.audience),
        draftId: args.input.draftId == null ? null : String(args.input.draftId),
      }),
  }),
  deleteAnnouncementDraft: t.id({
    description: "Deletes an unsent draft: admins.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteAnnouncementDraft(ctx, String(args.id)),
  }),
  setAnnouncementSubscription: t.field({
    type: Subscription,
    description: "Unsubscribe (or subscribe again) through the signed link in an announcement mail.",
    args: { token: t.arg.string({ required: true }), subscribed: t.arg.boolean({ required: true }) },
    resolve: (_root, args, ctx) => setSubscriptionByToken(ctx, args.token, args.subscribed),
  }),
  setMyAnnouncementEmails: t.field({
    type: Subscription,
    description: "The viewer's own choice to receive a community's announcements.",
    args: { communityId: t.arg.id({ required: true }), subscribed: t.arg.boolean({ required: true }) },
    resolve: (_root, args, ctx) => setMyAnnouncementEmails(ctx, String(args.communityId), args.subscribed),
  }),
}));

builder.objectField(Community, "viewerAnnouncementEmails", (t) =>
  t.boolean({
    nullable: true,
    description: "Whether the viewer receives this community's announcements; null unless an active member.",
    resolve: (c, _args, ctx) => myAnnouncementEmails(ctx, c.id),
  }),
);
