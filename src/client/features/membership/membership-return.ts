/**
 * What `/c/{slug}` is opened with: `membership` when Stripe sends the buyer of a plan back (paid
 * or canceled), `plan` when the approval mail's link names the plan to pay for.
 */
export type MembershipReturnSearch = {
  membership?: "paid" | "canceled" | undefined;
  plan?: string | undefined;
};

/** The community route's validateSearch: kept tiny, it ships in the entry chunk. */
export const keepMembershipReturn = (search: Record<string, unknown>): MembershipReturnSearch => ({
  membership:
    search.membership === "paid" || search.membership === "canceled" ? search.membership : undefined,
  plan: typeof search.plan === "string" && search.plan.length <= 64 ? search.plan : undefined,
});
