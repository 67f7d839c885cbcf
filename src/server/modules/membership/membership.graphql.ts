import { builder } from "#server/graphql/builder.ts";
import { AnswerInput, answersOf, JoinQuestion } from "#server/graphql/question-types.ts";
import {
  Community,
  CommunityRole,
  CommunityVisibility,
  JoinPolicy,
} from "#server/modules/communities/communities.graphql.ts";
import { can } from "#server/modules/members/members.policy.ts";
import { MembershipSourceEnum, MembershipStatusEnum } from "#server/modules/members/members-table.graphql.ts";
import type { MembershipRecord } from "#server/modules/members/membership-records.service.ts";
import { listUsers, type Person } from "#server/modules/users/users.service.ts";
import { clientOrigin } from "#shared/origins.ts";
import { shownEmail } from "#shared/phone.ts";
import {
  acceptInvitation,
  type InvitationPreview,
  invitationByToken,
} from "./invitation-acceptance.service.ts";
import {
  type InvitationRow,
  type InviteOutcome,
  invitationStatus,
  invitedAnyone,
  inviteMembers,
  openInvitations,
  resendInvitation,
  revokeInvitation,
} from "./invitations.service.ts";
import {
  approveJoinRequest,
  communityBySlug,
  declineJoinRequest,
  type JoinRequestPage,
  joinCommunity,
  joinRequests,
  leaveCommunity,
  type PublicCommunityView,
  pendingJoinRequestCount,
} from "./join.service.ts";
import { offeredPlans } from "./plans.service.ts";
import { banMember, removeMember, setMemberRole, transferOwnership } from "./roles.service.ts";

export const PersonRef = builder.objectRef<Person>("Person").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    // A phone sign-up's placeholder address is nobody's to read.
    email: t.string({ resolve: (person) => shownEmail(person.email) }),
  }),
});

const personOf = async (db: Parameters<typeof listUsers>[0], userId: string): Promise<Person> => {
  const [found] = await listUsers(db, [userId]);
  return found ?? { id: userId, name: "", email: "", image: null };
};

export const Membership = builder.objectRef<MembershipRecord>("Membership").implement({
  description: "One person's place in one community.",
  fields: (t) => ({
    id: t.exposeID("id"),
    communityId: t.exposeID("communityId"),
    role: t.expose("role", { type: CommunityRole }),
    status: t.expose("status", { type: MembershipStatusEnum }),
    source: t.expose("source", { type: MembershipSourceEnum }),
    joinedAt: t.expose("joinedAt", { type: "DateTime" }),
    person: t.field({ type: PersonRef, resolve: (m, _args, ctx) => personOf(ctx.db, m.userId) }),
  }),
});

type JoinRequestNode = JoinRequestPage["nodes"][number];
type JoinAnswerShape = { questionId: string; question: string; values: string[] };

export const JoinAnswer = builder.objectRef<JoinAnswerShape>("JoinAnswer").implement({
  fields: (t) => ({
    questionId: t.exposeID("questionId"),
    question: t.exposeString("question", { description: "The question as it reads now" }),
    values: t.exposeStringList("values"),
  }),
});

const JoinRequest = builder.objectRef<JoinRequestNode>("JoinRequest").implement({
  fields: (t) => ({
    id: t.exposeID("id", { description: "The pending membership's id" }),
    person: t.expose("person", { type: PersonRef }),
    requestedAt: t.expose("joinedAt", { type: "DateTime" }),
    answers: t.field({
      type: [JoinAnswer],
      description: "In the order the community asks its questions; removed questions are left out",
      resolve: (r) =>
        r.community.joinQuestions.flatMap((q) => {
          const values = r.answers[q.id];
          return values ? [{ questionId: q.id, question: q.label, values }] : [];
        }),
    }),
  }),
});

const JoinRequestConnection = builder.objectRef<JoinRequestPage>("JoinRequestConnection").implement({
  fields: (t) => ({
    nodes: t.expose("nodes", { type: [JoinRequest] }),
    totalCount: t.exposeInt("totalCount"),
    endCursor: t.exposeString("endCursor", { nullable: true }),
    hasNextPage: t.exposeBoolean("hasNextPage"),
  }),
});

type ShowcaseEvent = NonNullable<PublicCommunityView["showcase"]>["upcoming"][number];

export const CommunityPageEvent = builder.objectRef<ShowcaseEvent>("CommunityPageEvent").implement({
  description: "A published public event as a community's page lists it.",
  fields: (t) => ({
    id: t.exposeID("id"),
    title: t.exposeString("title"),
    startsAt: t.expose("startsAt", { type: "DateTime" }),
    endsAt: t.expose("endsAt", { type: "DateTime" }),
    venueName: t.exposeString("venueName", { nullable: true }),
    isOnline: t.boolean({ resolve: (e) => Boolean(e.onlineUrl) }),
    coverUrl: t.exposeString("coverUrl", { nullable: true }),
  }),
});

export const PublicCommunity = builder.objectRef<PublicCommunityView>("PublicCommunity").implement({
  description:
    "A community as /c/{slug} shows it. For a private community seen by a non-member only the name, logo and way in: the other fields are null.",
  fields: (t) => ({
    id: t.id({ resolve: (p) => p.community.id }),
    slug: t.string({ resolve: (p) => p.community.slug }),
    name: t.string({ resolve: (p) => p.community.name }),
    logoUrl: t.string({ nullable: true, resolve: (p) => p.community.logoUrl }),
    visibility: t.field({ type: CommunityVisibility, resolve: (p) => p.community.visibility }),
    joinPolicy: t.field({ type: JoinPolicy, resolve: (p) => p.community.joinPolicy }),
    joinQuestions: t.field({
      type: [JoinQuestion],
      description:
        "What a request to join asks (APPROVAL policy, or a plan an admin approves first); empty otherwise",
      resolve: async (p, _args, ctx) =>
        p.community.joinPolicy === "approval" ||
        (await offeredPlans(ctx.db, p.community.id)).some((plan) => plan.approvalRequired)
          ? p.community.joinQuestions
          : [],
    }),
    description: t.string({ nullable: true, resolve: (p) => (p.full ? p.community.description : null) }),
    coverUrl: t.string({ nullable: true, resolve: (p) => (p.full ? p.community.coverUrl : null) }),
    brandColor: t.string({ nullable: true, resolve: (p) => (p.full ? p.community.brandColor : null) }),
    timeZone: t.string({ nullable: true, resolve: (p) => (p.full ? p.community.timeZone : null) }),
    memberCount: t.int({ nullable: true, resolve: (p) => (p.full ? p.community.memberCount : null) }),
    upcomingEvents: t.field({
      type: [CommunityPageEvent],
      nullable: true,
      description: "The next published public events, soonest first (at most six)",
      resolve: (p) => p.showcase?.upcoming ?? null,
    }),
    pastEventCount: t.int({
      nullable: true,
      description: "Published public events that have ended",
      resolve: (p) => p.showcase?.pastCount ?? null,
    }),
    viewerMembership: t.field({
      type: Membership,
      nullable: true,
      description: "The signed-in viewer's membership or request, if any",
      resolve: (p) => p.viewerMembership,
    }),
    viewerSeesDirectory: t.boolean({
      description: "Whether the viewer may read memberDirectory for this community",
      resolve: (p) =>
        p.viewerMembership?.status === "active" &&
        (p.community.memberDirectory || can(p.viewerMembership, "members.view")),
    }),
  }),
});

const InvitationStatus = builder.enumType("InvitationStatus", {
  values: {
    PENDING: { value: "pending" },
    EXPIRED: { value: "expired" },
    ACCEPTED: { value: "accepted" },
    REVOKED: { value: "revoked" },
  } as const,
});

const Invitation = builder.objectRef<InvitationRow>("Invitation").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    email: t.exposeString("email"),
    role: t.expose("role", { type: CommunityRole }),
    status: t.field({ type: InvitationStatus, resolve: (i, _args, ctx) => invitationStatus(i, ctx.clock()) }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    sentAt: t.expose("issuedAt", { type: "DateTime", description: "When the current link was sent" }),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
  }),
});

const InviteResult = builder.enumType("InviteResult", {
  values: {
    INVITED: { value: "invited" },
    ALREADY_MEMBER: { value: "already_member" },
    BANNED: { value: "banned" },
    INVALID: { value: "invalid" },
  } as const,
});

const InviteOutcomeRef = builder.objectRef<InviteOutcome>("InviteOutcome").implement({
  fields: (t) => ({
    email: t.exposeString("email"),
    result: t.expose("result", { type: InviteResult }),
    invitation: t.expose("invitation", { type: Invitation, nullable: true }),
  }),
});

const InvitationPreviewRef = builder.objectRef<InvitationPreview>("InvitationPreview").implement({
  description: "What an invitation link shows before it is accepted.",
  fields: (t) => ({
    email: t.string({ description: "The address it was sent to", resolve: (p) => p.invitation.email }),
    role: t.field({ type: CommunityRole, resolve: (p) => p.invitation.role }),
    status: t.expose("status", { type: InvitationStatus }),
    expiresAt: t.field({ type: "DateTime", resolve: (p) => p.invitation.expiresAt }),
    community: t.field({
      type: PublicCommunity,
      resolve: (p) => ({ community: p.community, viewerMembership: null, full: false, showcase: null }),
    }),
  }),
});

builder.objectField(Community, "pendingJoinRequests", (t) =>
  t.int({
    nullable: true,
    description: "Pending join requests, for those who review them (organizers and up); null for others",
    resolve: (c, _args, ctx) => pendingJoinRequestCount(ctx, c.id),
  }),
);

builder.objectField(Community, "invitedAnyone", (t) =>
  t.boolean({
    nullable: true,
    description: "Whether anyone was ever invited, accepted or not; null for those who do not review members",
    resolve: (c, _args, ctx) => invitedAnyone(ctx, c.id),
  }),
);

builder.queryFields((t) => ({
  communityBySlug: t.field({
    type: PublicCommunity,
    nullable: true,
    args: { slug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => communityBySlug(ctx, args.slug),
  }),
  joinRequests: t.field({
    type: JoinRequestConnection,
    args: {
      communityId: t.arg.id({ required: true }),
      first: t.arg.int({ required: false, defaultValue: 50 }),
      after: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) => joinRequests(ctx, String(args.communityId), args.first ?? 50, args.after),
  }),
  invitations: t.field({
    type: [Invitation],
    description: "Invitations not yet accepted or revoked, newest first (expired ones included)",
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => openInvitations(ctx, String(args.communityId)),
  }),
  invitation: t.field({
    type: InvitationPreviewRef,
    nullable: true,
    description: "The invitation a link's token names; null for an unknown token",
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => invitationByToken(ctx, args.token),
  }),
}));

builder.mutationFields((t) => ({
  joinCommunity: t.field({
    type: Membership,
    description:
      "ACTIVE in open communities, PENDING (a join request) in approval ones. Where the community offers plans, planId names the one chosen: a free plan, or one an admin approves first (a priced one is bought with subscribeToPlan).",
    args: {
      communityId: t.arg.id({ required: true }),
      answers: t.arg({ type: [AnswerInput], required: false, defaultValue: [] }),
      planId: t.arg.id({ required: false }),
      origin: t.arg.string({
        required: false,
        description:
          "Where the person came from: community_page, or link:<ref> (a shared link's ref or utm_source). Anything else is ignored.",
      }),
    },
    resolve: (_root, args, ctx) =>
      joinCommunity(
        ctx,
        String(args.communityId),
        answersOf(args.answers ?? []),
        args.planId == null ? null : String(args.planId),
        clientOrigin(args.origin),
      ),
  }),
  leaveCommunity: t.boolean({
    args: { communityId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => leaveCommunity(ctx, String(args.communityId)).then(() => true),
  }),
  approveJoinRequest: t.field({
    type: Membership,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => approveJoinRequest(ctx, String(args.id)),
  }),
  declineJoinRequest: t.boolean({
    args: { id: t.arg.id({ required: true }), message: t.arg.string({ required: false }) },
    resolve: (_root, args, ctx) =>
      declineJoinRequest(ctx, String(args.id), args.message ?? null).then(() => true),
  }),
  inviteMembers: t.field({
    type: [InviteOutcomeRef],
    args: {
      communityId: t.arg.id({ required: true }),
      emails: t.arg.stringList({ required: true }),
      role: t.arg({ type: CommunityRole, required: true }),
    },
    resolve: (_root, args, ctx) => inviteMembers(ctx, String(args.communityId), args.emails, args.role),
  }),
  resendInvitation: t.field({
    type: Invitation,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => resendInvitation(ctx, String(args.id)),
  }),
  revokeInvitation: t.field({
    type: Invitation,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => revokeInvitation(ctx, String(args.id)),
  }),
  acceptInvitation: t.field({
    type: Membership,
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => acceptInvitation(ctx, args.token),
  }),
  setMemberRole: t.field({
    type: Membership,
    args: {
      membershipId: t.arg.id({ required: true }),
      role: t.arg({ type: CommunityRole, required: true }),
    },
    resolve: (_root, args, ctx) => setMemberRole(ctx, String(args.membershipId), args.role),
  }),
  banMember: t.field({
    type: Membership,
    args: {
      membershipId: t.arg.id({ required: true }),
      cancelRegistrations: t.arg.boolean({
        required: false,
        defaultValue: true,
        description: "Also cancel their registrations to the community's events not yet over (no refunds)",
      }),
    },
    resolve: (_root, args, ctx) =>
      banMember(ctx, String(args.membershipId), { cancelRegistrations: args.cancelRegistrations ?? true }),
  }),
  removeMember: t.boolean({
    args: { membershipId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => removeMember(ctx, String(args.membershipId)).then(() => true),
  }),
  transferOwnership: t.field({
    type: Membership,
    description: "The new owner's membership; the previous owner becomes an admin",
    args: { communityId: t.arg.id({ required: true }), membershipId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      transferOwnership(ctx, String(args.communityId), String(args.membershipId)),
  }),
}));
