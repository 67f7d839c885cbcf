import type { MembershipPlanInput, PlanFieldsFragment, PlanInterval } from "#client/gql/graphql.ts";
import { amountForInput, parsePrice } from "#client/lib/money.ts";
import { hasUnsafeNameCharacters, INVALID_CHARACTERS_MESSAGE } from "#shared/names.ts";
import { PLAN_TEXT_LIMITS } from "#shared/plans.ts";

/** The plan dialog's fields, as typed. */
export type PlanValues = {
  name: string;
  description: string;
  interval: PlanInterval;
  price: string;
  membersOnlyEvents: boolean;
  memberPrices: boolean;
  approvalRequired: boolean;
};

export type PlanField = "name" | "description" | "interval" | "price";
export type PlanErrors = Partial<Record<PlanField | "form", string>>;

export const INTERVAL_CHOICES: readonly { value: PlanInterval; label: string }[] = [
  { value: "MONTH", label: "Every month" },
  { value: "YEAR", label: "Every year" },
  { value: "ONCE", label: "One payment" },
  { value: "FREE", label: "Free" },
];

export const emptyPlan = (): PlanValues => ({
  name: "",
  description: "",
  interval: "MONTH",
  price: "",
  membersOnlyEvents: true,
  memberPrices: true,
  approvalRequired: false,
});

export const valuesOf = (plan: PlanFieldsFragment): PlanValues => ({
  name: plan.name,
  description: plan.description,
  interval: plan.interval,
  price: plan.interval === "FREE" ? "" : amountForInput(plan.priceMinor, plan.currency),
  membersOnlyEvents: plan.membersOnlyEvents,
  memberPrices: plan.memberPrices,
  approvalRequired: plan.approvalRequired,
});

/** The input to send, or what to say beside each field; nothing is sent while anything is wrong. */
export function checkPlan(
  values: PlanValues,
  currency: string,
): { input: MembershipPlanInput; errors: PlanErrors } {
  const errors: PlanErrors = {};
  const name = values.name.trim();
  if (name === "") errors.name = "Give the plan a name.";
  else if (name.length > PLAN_TEXT_LIMITS.name)
    errors.name = `Use at most ${PLAN_TEXT_LIMITS.name} characters.`;
  else if (hasUnsafeNameCharacters(name)) errors.name = INVALID_CHARACTERS_MESSAGE;
  const description = values.description.trim();
  if (description.length > PLAN_TEXT_LIMITS.description)
    errors.description = `Use at most ${PLAN_TEXT_LIMITS.description.toLocaleString("en-US")} characters.`;
  let priceMinor: number | null = null;
  if (values.interval !== "FREE") {
    const parsed = parsePrice(values.price, currency);
    if (!parsed.ok)
      errors.price = values.price.trim() === "" ? "Give the price, or make the plan free." : parsed.message;
    else if (parsed.amount === 0) errors.price = "Give a price above zero, or make the plan free.";
    else priceMinor = parsed.amount;
  }
  return {
    input: {
      name,
      description,
      interval: values.interval,
      priceMinor,
      membersOnlyEvents: values.membersOnlyEvents,
      memberPrices: values.memberPrices,
      approvalRequired: values.approvalRequired,
    },
    errors,
  };
}

/** The form's field for a field the server names. */
export const planFieldFor = (field: string): PlanField | "form" =>
  field === "priceMinor"
    ? "price"
    : field === "name" || field === "description" || field === "interval"
      ? field
      : "form";
