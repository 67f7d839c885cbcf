import { HttpResponse } from "msw";
import { BillingDetailsDocument, type BillingDetailsQuery } from "#client/gql/graphql.ts";
import { api } from "#client/test-network.ts";

export type BillingDetailsFixture = NonNullable<BillingDetailsQuery["community"]["billingDetails"]>;

export const billingDetailsFixture = (
  overrides: Partial<BillingDetailsFixture> = {},
): BillingDetailsFixture => ({
  communityId: "c1",
  legalName: "",
  address: "",
  taxNote: "",
  updatedAt: null,
  ...overrides,
});

/** The settings page's read of the receipt details, as the server answers one who manages payments. */
export const billingDetailsHandler = (
  details: BillingDetailsFixture = billingDetailsFixture(),
  name = "Book Club",
) =>
  api.query(BillingDetailsDocument, () =>
    HttpResponse.json({ data: { community: { id: details.communityId, name, billingDetails: details } } }),
  );
