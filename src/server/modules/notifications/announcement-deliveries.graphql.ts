import { builder } from "#server/graphql/builder.ts";
import type { GraphQLContext } from "#server/graphql/context.ts";
import { Announcement } from "#server/modules/members/announcements.graphql.ts";
import { type AnnouncementDelivery, createDeliveryLoader } from "./announcement-deliveries.service.ts";

// The history's delivery figures live with the outbox that knows them: members, which owns the
// announcement, never reads the outbox (docs/ARCHITECTURE.md), so the fields are added here.

function deliveryOf(ctx: GraphQLContext, announcementId: string): Promise<AnnouncementDelivery> {
  // A mutation's answer has no loaders (writes read fresh); it names one announcement.
  return (ctx.loaders?.deliveries ?? createDeliveryLoader(ctx.db)).load(announcementId);
}

builder.objectFields(Announcement, (t) => ({
  deliveredCount: t.int({
    description: "Mails the mail server has accepted so far.",
    resolve: async (a, _args, ctx) => (await deliveryOf(ctx, a.id)).delivered,
  }),
  failedCount: t.int({
    description: "Mails given up on after the outbox's last retry (the address was refused or unreachable).",
    resolve: async (a, _args, ctx) => (await deliveryOf(ctx, a.id)).failed,
  }),
}));
