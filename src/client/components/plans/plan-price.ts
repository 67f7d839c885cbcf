import type { PlanInterval as GqlPlanInterval } from "#client/gql/graphql.ts";
import { formatPrice } from "#client/lib/money.ts";
import { PLAN_CADENCE, type PlanInterval } from "#shared/plans.ts";

/** "€12.00 a month", "Free". */
export function planPriceText(plan: {
  priceMinor: number;
  currency: string;
  interval: GqlPlanInterval;
}): string {
  if (plan.interval === "FREE") return "Free";
  return `${formatPrice(plan.priceMinor, plan.currency)} ${PLAN_CADENCE[plan.interval.toLowerCase() as PlanInterval]}`;
}
