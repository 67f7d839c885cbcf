import { builder } from "#server/graphql/builder.ts";
import type { Viewer } from "./users.policy.ts";

const ViewerRef = builder.objectRef<Viewer>("Viewer").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    email: t.exposeString("email"),
    image: t.exposeString("image", { nullable: true }),
  }),
});

builder.queryField("viewer", (t) =>
  t.field({ type: ViewerRef, nullable: true, resolve: (_root, _args, ctx) => ctx.viewer }),
);
