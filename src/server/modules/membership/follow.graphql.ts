import { invalidInput } from "#server/errors.ts";
import { builder } from "#server/graphql/builder.ts";
import {
  type PastEventsPage,
  pastCommunityEvents,
} from "#server/modules/events/community-calendar.service.ts";
import { can } from "#server/modules/members/members.policy.ts";
import {
  type FollowByToken,
  followByToken,
  followCommunity,
  isFollowing,
  unfollowByToken,
  unfollowCommunity,
} from "./follow.service.ts";
import { type MemberFace, memberFaces } from "./member-directory.service.ts";
import { CommunityPageEvent, PublicCommunity } from "./membership.graphql.ts";

const PAST_PAGE_MAX = 24;

const encodePast = (c: PastEventsPage["endCursor"]) =>
  c ? Buffer.from(JSON.stringify([c.endsAt.toISOString(), c.id])).toString("base64url") : null;

function decodePast(after: string | null | undefined) {
  if (!after) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(after, "base64url").toString("utf8"));
    if (Array.isArray(parsed) && typeof parsed[0] === "string" && typeof parsed[1] === "string") {
      const endsAt = new Date(parsed[0]);
      if (!Number.isNaN(endsAt.getTime())) return { endsAt, id: parsed[1] };
    }
  } catch {
    // Falls through to the field error below.
  }
  throw invalidInput([
    { field: "after", code: "INVALID_CURSOR", message: "This list position is not valid." },
  ]);
}

const PastEventConnection = builder.objectRef<PastEventsPage>("PastEventConnection").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [CommunityPageEvent] }),
    hasNextPage: t.exposeBoolean("hasNextPage"),
    endCursor: t.string({ nullable: true, resolve: (p) => encodePast(p.endCursor) }),
  }),
});

const MemberFaceRef = builder.objectRef<MemberFace>("MemberFace").implement({
  description: "An active member as the community page's face pile shows them: a name and a picture.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The membership's id" }),
    name: t.exposeString("name"),
    imageUrl: t.exposeString("image", { nullable: true }),
  }),
});

builder.objectFields(PublicCommunity, (t) => ({
  pastEvents: t.field({
    type: PastEventConnection,
    nullable: true,
    description:
      "Published public events that have ended, the latest first; null where the page shows only the face",
    args: {
      first: t.arg.int({ required: false, defaultValue: 3 }),
      after: t.arg.string({ required: false }),
    },
    resolve: (p, args, ctx) =>
      p.full
        ? pastCommunityEvents(
            ctx.db,
            p.community.id,
            ctx.clock(),
            Math.min(Math.max(args.first ?? 3, 1), PAST_PAGE_MAX),
            decodePast(args.after),
          )
        : null,
  }),
  memberFaces: t.field({
    type: [MemberFaceRef],
    description:
      "A few active members, newest first, for those who may read the member directory; empty for everyone else",
    resolve: (p, _args, ctx) =>
      memberFaces(
        ctx,
        p.community.id,
        p.viewerMembership?.status === "active" &&
          (p.community.memberDirectory || can(p.viewerMembership, "members.view")),
      ),
  }),
  followable: t.boolean({
    description: "Whether the community can be followed (public communities only)",
    resolve: (p) => p.community.visibility === "public",
  }),
  viewerFollows: t.boolean({
    description: "Whether the signed-in viewer follows the community's events; false when signed out",
    resolve: (p, _args, ctx) => (ctx.viewer ? isFollowing(ctx.db, p.community.id, ctx.viewer.id) : false),
  }),
}));

const FollowByTokenRef = builder.objectRef<FollowByToken>("CommunityFollowByToken").implement({
  description: "What a follower's unfollow link names.",
  fields: (t) => ({
    communityName: t.exposeString("communityName"),
    communitySlug: t.exposeString("communitySlug"),
    following: t.exposeBoolean("following"),
  }),
});

builder.queryFields((t) => ({
  communityFollowByToken: t.field({
    type: FollowByTokenRef,
    description:
      "The community and following state an unfollow link names (the signed token is the authority)",
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => followByToken(ctx, args.token),
  }),
}));

builder.mutationFields((t) => ({
  followCommunity: t.boolean({
    description: "Follow a public community's events without joining it; answers whether the viewer follows",
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => followCommunity(ctx, String(args.communityId)),
  }),
  unfollowCommunity: t.boolean({
    description: "Stop following a community's events; answers whether the viewer follows",
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => unfollowCommunity(ctx, String(args.communityId)),
  }),
  unfollowCommunityByToken: t.field({
    type: FollowByTokenRef,
    description: "The unfollow link of a follower's mail: no sign-in, the signed token is the authority",
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => unfollowByToken(ctx, args.token),
  }),
}));
