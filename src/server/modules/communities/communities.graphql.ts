import { builder } from "#server/graphql/builder.ts";
import { JoinQuestion, QuestionInput } from "#server/graphql/question-types.ts";
import { communityAssetUrl } from "#server/modules/files/files.service.ts";
import { CAPABILITIES, type Capability, capabilitiesOf, capabilityEnumName } from "#shared/capabilities.ts";
import {
  type CommunityView,
  checkSlug,
  getCommunity,
  listMyCommunities,
  type SlugAvailability,
} from "./communities.service.ts";
import { createCommunity, deleteCommunity, updateCommunity } from "./community-writes.service.ts";

export const CommunityRole = builder.enumType("CommunityRole", {
  values: {
    OWNER: { value: "owner" },
    ADMIN: { value: "admin" },
    ORGANIZER: { value: "organizer" },
    MEMBER: { value: "member" },
  } as const,
});

const CapabilityEnum = builder.enumType("Capability", {
  description: "What a role allows in a community (src/shared/capabilities.ts).",
  values: Object.fromEntries(
    CAPABILITIES.map((capability) => [capabilityEnumName(capability), { value: capability }]),
  ) as Record<string, { value: Capability }>,
});

export const CommunityVisibility = builder.enumType("CommunityVisibility", {
  values: { PUBLIC: { value: "public" }, PRIVATE: { value: "private" } } as const,
});

export const JoinPolicy = builder.enumType("JoinPolicy", {
  values: { OPEN: { value: "open" }, APPROVAL: { value: "approval" }, INVITE: { value: "invite" } } as const,
});

export const Community = builder.objectRef<CommunityView>("Community").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    slug: t.exposeString("slug"),
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    timeZone: t.exposeString("timeZone"),
    currency: t.exposeString("currency"),
    visibility: t.expose("visibility", { type: CommunityVisibility }),
    joinPolicy: t.expose("joinPolicy", { type: JoinPolicy }),
    memberDirectory: t.boolean({
      description: "Whether active members may see who else is a member (names only)",
      resolve: (c) => c.memberDirectory,
    }),
    logoUrl: t.exposeString("logoUrl", { nullable: true }),
    coverUrl: t.exposeString("coverUrl", { nullable: true }),
    brandColor: t.exposeString("brandColor", { nullable: true }),
    joinQuestions: t.field({
      type: [JoinQuestion],
      description: "Asked of people requesting to join when the join policy is APPROVAL.",
      resolve: (c) => c.joinQuestions,
    }),
    viewerCapabilities: t.field({
      type: [CapabilityEnum],
      description: "What the viewer's role allows here; the client asks this instead of knowing roles.",
      resolve: (c) => capabilitiesOf(c.viewerRole),
    }),
    memberCount: t.exposeInt("memberCount"),
    viewerRole: t.expose("viewerRole", { type: CommunityRole }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const SlugAvailabilityRef = builder.objectRef<SlugAvailability>("SlugAvailability").implement({
  fields: (t) => ({
    slug: t.exposeString("slug"),
    available: t.exposeBoolean("available"),
    reason: t.exposeString("reason", {
      nullable: true,
      description: "INVALID | TAKEN | RESERVED when not available",
    }),
  }),
});

const CreateCommunityInput = builder.inputType("CreateCommunityInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    slug: t.string({ required: true }),
    description: t.string({ required: false }),
    timeZone: t.string({ required: true }),
    currency: t.string({ required: true }),
    visibility: t.field({ type: CommunityVisibility, required: true }),
    joinPolicy: t.field({ type: JoinPolicy, required: true }),
  }),
});

const UpdateCommunityInput = builder.inputType("UpdateCommunityInput", {
  fields: (t) => ({
    name: t.string({ required: false }),
    slug: t.string({ required: false }),
    description: t.string({ required: false }),
    timeZone: t.string({ required: false }),
    currency: t.string({ required: false }),
    visibility: t.field({ type: CommunityVisibility, required: false }),
    joinPolicy: t.field({ type: JoinPolicy, required: false }),
    brandColor: t.string({ required: false, description: "#rrggbb; empty or null removes it" }),
    logoPath: t.string({ required: false, description: "Path in community-assets; empty removes the logo" }),
    coverPath: t.string({
      required: false,
      description: "Path in community-assets; empty removes the cover",
    }),
    joinQuestions: t.field({
      type: [QuestionInput],
      required: false,
      description: "The whole list in order; omitted leaves the questions as they are",
    }),
    memberDirectory: t.boolean({
      required: false,
      description: "Whether active members may see who else is a member (names only)",
    }),
  }),
});

builder.queryFields((t) => ({
  myCommunities: t.field({
    type: [Community],
    resolve: (_root, _args, ctx) => listMyCommunities(ctx),
  }),
  community: t.field({
    type: Community,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getCommunity(ctx, String(args.id)),
  }),
  slugAvailability: t.field({
    type: SlugAvailabilityRef,
    args: { slug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => checkSlug(ctx, args.slug),
  }),
}));

builder.mutationFields((t) => ({
  createCommunity: t.field({
    type: Community,
    args: { input: t.arg({ type: CreateCommunityInput, required: true }) },
    resolve: (_root, args, ctx) => createCommunity(ctx, args.input),
  }),
  updateCommunity: t.field({
    type: Community,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateCommunityInput, required: true }) },
    resolve: (_root, args, ctx) => updateCommunity(ctx, String(args.id), args.input, communityAssetUrl),
  }),
  deleteCommunity: t.boolean({
    args: { id: t.arg.id({ required: true }), confirmName: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => deleteCommunity(ctx, String(args.id), args.confirmName).then(() => true),
  }),
}));
