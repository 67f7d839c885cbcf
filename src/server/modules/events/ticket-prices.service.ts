import type { Db } from "#server/db/client.ts";
import { type BenefitView, hasBenefit } from "#server/modules/members/members.policy.ts";
import { getMembership } from "#server/modules/members/members.service.ts";
import type { Viewer } from "#server/modules/users/users.policy.ts";
import { type PricedTicket, unitPrice } from "#shared/pricing.ts";

type PriceCtx = {
  db: Db;
  viewer: Viewer | null;
  loaders?: {
    communities: { viewerMembership: { load(communityId: string): Promise<BenefitView | null> } };
  } | null;
};

/**
 * What one ticket costs the viewer: the member price when they are an active member of its
 * community whose plan (if any) gives member prices. Signed-out visitors (whose event answers are shared) always see the price.
 */
export async function viewerPrice(
  ctx: PriceCtx,
  ticket: PricedTicket & { communityId: string },
): Promise<number> {
  if (ticket.memberPriceMinor === null || !ctx.viewer) return ticket.priceMinor;
  const membership = ctx.loaders
    ? await ctx.loaders.communities.viewerMembership.load(ticket.communityId)
    : await getMembership(ctx.db, ctx.viewer.id, ticket.communityId);
  return unitPrice(ticket, hasBenefit(membership, "member_prices"));
}
