import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { MembershipPlanInput } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";

export const PlanFieldsFragment = graphql(`
  fragment PlanFields on MembershipPlan {
    id
    name
    description
    priceMinor
    currency
    interval
    membersOnlyEvents
    memberPrices
    approvalRequired
    archived
    position
  }
`);

const MembershipPlansQuery = graphql(`
  query MembershipPlans($communityId: ID!) {
    membershipPlans(communityId: $communityId) {
      ...PlanFields
    }
    community(id: $communityId) {
      id
      canTakePayments
    }
  }
`);

const CreatePlanMutation = graphql(`
  mutation CreateMembershipPlan($communityId: ID!, $input: MembershipPlanInput!) {
    createMembershipPlan(communityId: $communityId, input: $input) {
      ...PlanFields
    }
  }
`);

const UpdatePlanMutation = graphql(`
  mutation UpdateMembershipPlan($id: ID!, $input: MembershipPlanInput!) {
    updateMembershipPlan(id: $id, input: $input) {
      ...PlanFields
    }
  }
`);

const ArchivePlanMutation = graphql(`
  mutation ArchiveMembershipPlan($id: ID!) {
    archiveMembershipPlan(id: $id) {
      ...PlanFields
    }
  }
`);

const MyPlanMembershipsQuery = graphql(`
  query MyPlanMemberships {
    myPlanMemberships {
      membershipId
      communityId
      communityName
      communitySlug
      status
      renewsAt
      endsAt
      canManageBilling
      plan {
        ...PlanFields
      }
    }
  }
`);

const BillingPortalMutation = graphql(`
  mutation BillingPortalLink($communityId: ID!) {
    billingPortalLink(communityId: $communityId) {
      url
    }
  }
`);

export const planKeys = {
  all: ["membership-plans"] as const,
  community: (communityId: string) => [...planKeys.all, communityId] as const,
  mine: ["membership-plans", "mine"] as const,
};

/** Every plan of a community (archived ones too) and whether it can charge for them. Admins. */
export function membershipPlansQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: planKeys.community(communityId),
    queryFn: async () => {
      const data = await request(MembershipPlansQuery, { communityId });
      return { plans: data.membershipPlans, canTakePayments: data.community.canTakePayments };
    },
  });
}

function useInvalidatePlans() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: planKeys.all });
}

export function useSavePlan(communityId: string) {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: MembershipPlanInput }) =>
      id
        ? (await request(UpdatePlanMutation, { id, input })).updateMembershipPlan
        : (await request(CreatePlanMutation, { communityId, input })).createMembershipPlan,
    onSuccess: invalidate,
  });
}

export function useArchivePlan() {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: async (id: string) => (await request(ArchivePlanMutation, { id })).archiveMembershipPlan,
    onSuccess: invalidate,
  });
}

/** The signed-in person's plans, for /me. */
export function myPlanMembershipsQueryOptions() {
  return queryOptions({
    queryKey: planKeys.mine,
    queryFn: async () => (await request(MyPlanMembershipsQuery)).myPlanMemberships,
  });
}

/** Stripe's customer portal for the person's plan in a community: the address to go to. */
export function useBillingPortal() {
  return useMutation({
    mutationFn: async (communityId: string) =>
      (await request(BillingPortalMutation, { communityId })).billingPortalLink.url,
  });
}
