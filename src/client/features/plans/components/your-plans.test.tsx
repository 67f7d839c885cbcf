import { screen, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  MyJoinRequestsDocument,
  MyMembershipsDocument,
  MyPlanMembershipsDocument,
  type MyPlanMembershipsQuery,
  MyRegistrationsDocument,
} from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { api } from "#client/test-network.ts";

type PlanMembership = MyPlanMembershipsQuery["myPlanMemberships"][number];

const supporter = (overrides: Partial<PlanMembership>): PlanMembership => ({
  membershipId: "m1",
  communityId: "c1",
  communityName: "Harbour Chess Club",
  communitySlug: "harbour-chess",
  status: "ACTIVE",
  renewsAt: null,
  endsAt: null,
  canManageBilling: true,
  plan: {
    id: "p1",
    name: "Supporter",
    description: "",
    priceMinor: 500,
    currency: "EUR",
    interval: "MONTH",
    membersOnlyEvents: true,
    memberPrices: false,
    approvalRequired: false,
    archived: false,
    position: 0,
  },
  ...overrides,
});

async function openMe(plans: PlanMembership[]) {
  await renderApp("/me", {
    signedInAs: adaUser,
    handlers: [
      api.query(MyRegistrationsDocument, () =>
        HttpResponse.json({
          data: {
            myRegistrations: { totalCount: 0, pageInfo: { endCursor: null, hasNextPage: false }, nodes: [] },
          },
        }),
      ),
      api.query(MyMembershipsDocument, () => HttpResponse.json({ data: { myCommunities: [] } })),
      api.query(MyJoinRequestsDocument, () => HttpResponse.json({ data: { myJoinRequests: [] } })),
      api.query(MyPlanMembershipsDocument, () => HttpResponse.json({ data: { myPlanMemberships: plans } })),
    ],
  });
  return screen.findByRole("region", { name: "Membership plans" });
}

describe("/me's membership plans", () => {
  it("says a canceled plan runs to the end of its period, as the community page does, and when that is", async () => {
    const section = await openMe([supporter({ status: "CANCELING", endsAt: "2036-06-30T12:00:00.000Z" })]);
    expect(await within(section).findByText("Ends at period end")).toBeTruthy();
    expect(within(section).getByText(/Ends on June 30, 2036/)).toBeTruthy();
    expect(within(section).queryByText("Canceled")).toBeNull();
  });

  it("shows a plan whose renewal failed as such, with Manage billing to fix the card", async () => {
    const section = await openMe([supporter({ status: "PAST_DUE", renewsAt: "2036-06-30T12:00:00.000Z" })]);
    expect(await within(section).findByText("Payment failed")).toBeTruthy();
    expect(
      within(section).getByRole("button", { name: "Manage billing for Supporter of Harbour Chess Club" }),
    ).toBeTruthy();
  });
});
