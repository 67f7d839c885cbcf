import type { FieldError } from "#server/errors.ts";
import { nameCharactersProblem } from "#shared/names.ts";
import {
  isFreeInterval,
  PLAN_INTERVALS,
  PLAN_TEXT_LIMITS,
  type PlanBenefit,
  type PlanInterval,
} from "#shared/plans.ts";
import { amountProblem, PRICE_MAX_MINOR } from "#shared/pricing.ts";

/** What an admin sets on a membership plan. The currency is the community's. */
export type PlanInput = {
  name: string;
  description?: string | null;
  /** Minor units; ignored (0) for a free plan. */
  priceMinor?: number | null;
  interval: PlanInterval;
  membersOnlyEvents: boolean;
  memberPrices: boolean;
  approvalRequired: boolean;
};

export type ValidPlan = {
  name: string;
  description: string;
  priceMinor: number;
  interval: PlanInterval;
  membersOnlyEvents: boolean;
  memberPrices: boolean;
  approvalRequired: boolean;
};

export function validatePlan(input: PlanInput): { value: ValidPlan; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const err = (field: string, code: string, message: string) => errors.push({ field, code, message });

  const name = input.name.trim();
  if (name === "") err("name", "REQUIRED", "Give the plan a name.");
  else if (name.length > PLAN_TEXT_LIMITS.name)
    err("name", "TOO_LONG", `Use at most ${PLAN_TEXT_LIMITS.name} characters.`);
  const nameProblem = nameCharactersProblem(name);
  if (nameProblem) err("name", nameProblem.code, nameProblem.message);
  const description = input.description?.trim() ?? "";
  if (description.length > PLAN_TEXT_LIMITS.description)
    err(
      "description",
      "TOO_LONG",
      `Use at most ${PLAN_TEXT_LIMITS.description.toLocaleString("en-US")} characters.`,
    );

  const interval = input.interval;
  if (!PLAN_INTERVALS.includes(interval)) err("interval", "INVALID", "Choose how often the plan is paid.");
  let priceMinor = 0;
  if (!isFreeInterval(interval)) {
    const price = input.priceMinor ?? null;
    const problem = price === null ? "MISSING" : amountProblem(price);
    if (problem === "TOO_LARGE")
      err(
        "priceMinor",
        "PRICE_TOO_LARGE",
        `A plan costs at most ${PRICE_MAX_MINOR.toLocaleString("en-US")} minor units.`,
      );
    else if (problem !== null || price === 0 || price === null)
      err("priceMinor", "INVALID_AMOUNT", "Give a price above zero, or make the plan free.");
    else priceMinor = price;
  }

  return {
    value: {
      name,
      description,
      priceMinor,
      interval,
      membersOnlyEvents: input.membersOnlyEvents,
      memberPrices: input.memberPrices,
      approvalRequired: input.approvalRequired,
    },
    errors,
  };
}

/** The benefits a plan gives, as memberships copy them. */
export const benefitsOf = (plan: { membersOnlyEvents: boolean; memberPrices: boolean }): PlanBenefit[] => [
  ...(plan.membersOnlyEvents ? (["members_only_events"] as const) : []),
  ...(plan.memberPrices ? (["member_prices"] as const) : []),
];
