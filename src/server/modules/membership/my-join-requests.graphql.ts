import { builder } from "#server/graphql/builder.ts";
import { type MyJoinRequest, myJoinRequests } from "./my-join-requests.service.ts";

const JoinRequestCommunity = builder.objectRef<MyJoinRequest["community"]>("JoinRequestCommunity").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    slug: t.exposeString("slug"),
    logoUrl: t.exposeString("logoUrl", { nullable: true }),
    brandColor: t.exposeString("brandColor", { nullable: true }),
  }),
});

const MyJoinRequestRef = builder.objectRef<MyJoinRequest>("MyJoinRequest").implement({
  description: "One of the viewer's own join requests still waiting; `leaveCommunity` withdraws it",
  fields: (t) => ({
    id: t.exposeID("id"),
    requestedAt: t.expose("requestedAt", { type: "DateTime" }),
    community: t.expose("community", { type: JoinRequestCommunity }),
  }),
});

builder.queryFields((t) => ({
  myJoinRequests: t.field({
    type: [MyJoinRequestRef],
    description: "The viewer's own join requests still waiting, newest first",
    resolve: (_root, _args, ctx) => myJoinRequests(ctx),
  }),
}));
