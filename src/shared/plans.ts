/**
 * Membership plans: what a community offers people who join, and what holding a plan is worth.
 * Shared by the settings form, the community page and the server's rules.
 */

/** How often a plan is paid: every month, every year, once for good, or never (free). */
export const PLAN_INTERVALS = ["month", "year", "once", "free"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

/** What a plan gives its members on top of belonging to the community. */
export const PLAN_BENEFITS = ["members_only_events", "member_prices"] as const;
export type PlanBenefit = (typeof PLAN_BENEFITS)[number];

/**
 * Where a member stands with their plan.
 * - `requested`: asked to join with the plan; an admin decides first (nothing charged).
 * - `awaiting_payment`: approved, or checkout started; benefits start once paid.
 * - `active`: paid up (or free).
 * - `past_due`: a renewal failed; benefits go on while Stripe retries (the grace period).
 * - `canceling`: canceled at the period's end; benefits go on until then.
 * - `ended`: the plan is over; its benefits stopped.
 */
export const PLAN_STATUSES = [
  "requested",
  "awaiting_payment",
  "active",
  "past_due",
  "canceling",
  "ended",
] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** The statuses whose holders have their plan's benefits. */
export const BENEFIT_STATUSES: readonly PlanStatus[] = ["active", "past_due", "canceling"];

export const grantsBenefits = (status: PlanStatus | null): boolean =>
  status !== null && BENEFIT_STATUSES.includes(status);

/** The most plans one community may offer (archived ones included): a page, not a catalogue. */
export const MAX_PLANS = 20;

export const PLAN_TEXT_LIMITS = { name: 80, description: 2_000 } as const;

/** Free plans cost nothing; every other interval costs at least one minor unit. */
export const isFreeInterval = (interval: PlanInterval): boolean => interval === "free";

/** Recurring plans are Stripe subscriptions; `once` is a single payment. */
export const isRecurringInterval = (interval: PlanInterval): interval is "month" | "year" =>
  interval === "month" || interval === "year";

/** What follows a plan's price: "€12.00 a month", "€300.00 once", "Free". */
export const PLAN_CADENCE: Record<PlanInterval, string> = {
  month: "a month",
  year: "a year",
  once: "once",
  free: "",
};
