import { expect } from "vitest";
import type { TestBrowser } from "#server/test/harness.ts";

export const PLAN_FIELDS =
  "id communityId name description priceMinor currency interval membersOnlyEvents memberPrices approvalRequired archived position";

export type PlanResult = {
  id: string;
  communityId: string;
  name: string;
  description: string;
  priceMinor: number;
  currency: string;
  interval: "MONTH" | "YEAR" | "ONCE" | "FREE";
  membersOnlyEvents: boolean;
  memberPrices: boolean;
  approvalRequired: boolean;
  archived: boolean;
  position: number;
};

export type PlanInputShape = {
  name: string;
  description?: string;
  priceMinor?: number | null;
  interval: PlanResult["interval"];
  membersOnlyEvents?: boolean;
  memberPrices?: boolean;
  approvalRequired?: boolean;
};

const withDefaults = (input: PlanInputShape) => ({
  membersOnlyEvents: true,
  memberPrices: true,
  approvalRequired: false,
  ...input,
});

export const createPlanAs = (browser: TestBrowser, communityId: string, input: PlanInputShape) =>
  browser.graphql<{ createMembershipPlan: PlanResult }>(
    `mutation ($id: ID!, $input: MembershipPlanInput!) { createMembershipPlan(communityId: $id, input: $input) { ${PLAN_FIELDS} } }`,
    { id: communityId, input: withDefaults(input) },
  );

/** A plan made by someone allowed to, checked to have worked. */
export async function plan(
  browser: TestBrowser,
  communityId: string,
  input: PlanInputShape,
): Promise<PlanResult> {
  const made = await createPlanAs(browser, communityId, input);
  expect(made.errors, JSON.stringify(made.errors)).toBeUndefined();
  return made.data?.createMembershipPlan as PlanResult;
}

export const updatePlanAs = (browser: TestBrowser, id: string, input: PlanInputShape) =>
  browser.graphql<{ updateMembershipPlan: PlanResult }>(
    `mutation ($id: ID!, $input: MembershipPlanInput!) { updateMembershipPlan(id: $id, input: $input) { ${PLAN_FIELDS} } }`,
    { id, input: withDefaults(input) },
  );

export const archivePlanAs = (browser: TestBrowser, id: string) =>
  browser.graphql<{ archiveMembershipPlan: PlanResult }>(
    `mutation ($id: ID!) { archiveMembershipPlan(id: $id) { ${PLAN_FIELDS} } }`,
    { id },
  );

export const managedPlansOf = (browser: TestBrowser, communityId: string) =>
  browser.graphql<{ membershipPlans: PlanResult[] }>(
    `query ($id: ID!) { membershipPlans(communityId: $id) { ${PLAN_FIELDS} } }`,
    { id: communityId },
  );

export type PageMembership = {
  id: string;
  status: string;
  planStatus: string | null;
  plan: { id: string; name: string } | null;
};

/** What `/c/{slug}` reads: the plans on offer and the viewer's membership with its plan. */
export const communityPage = (browser: TestBrowser, slug: string) =>
  browser.graphql<{
    communityBySlug: {
      id: string;
      plans: PlanResult[];
      viewerMembership: PageMembership | null;
    } | null;
  }>(
    `query ($slug: String!) { communityBySlug(slug: $slug) { id plans { ${PLAN_FIELDS} } viewerMembership { id status planStatus plan { id name } } } }`,
    { slug },
  );

export const joinWithPlan = (
  browser: TestBrowser,
  communityId: string,
  planId: string | null,
  answers: unknown[] = [],
) =>
  browser.graphql<{ joinCommunity: PageMembership }>(
    "mutation ($id: ID!, $planId: ID, $answers: [AnswerInput!]) { joinCommunity(communityId: $id, planId: $planId, answers: $answers) { id status planStatus plan { id name } } }",
    { id: communityId, planId, answers },
  );

/** The field errors of a refused operation, as [field, code] pairs. */
export const fieldErrors = (result: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  ((result.errors?.[0]?.extensions?.fields ?? []) as { field: string; code: string }[]).map((f) => [
    f.field,
    f.code,
  ]);

export const errorCode = (result: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  result.errors?.[0]?.extensions?.code;
