import { builder } from "#server/graphql/builder.ts";
import { Community } from "#server/modules/communities/communities.graphql.ts";
import {
  type BillingDetailsView,
  billingDetailsFor,
  updateBillingDetails,
} from "./billing-details.service.ts";

const BillingDetailsRef = builder.objectRef<BillingDetailsView>("BillingDetails").implement({
  description: "Who sells, as the community's receipts name them. Empty strings are unset.",
  fields: (t) => ({
    communityId: t.exposeID("communityId"),
    legalName: t.exposeString("legalName", {
      description: "The seller's legal name; receipts use the community's name when it is empty.",
    }),
    address: t.exposeString("address", { description: "One line of the address per line of text." }),
    taxNote: t.exposeString("taxNote", {
      description: "Printed under the total, e.g. what tax the prices include and the VAT ID.",
    }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
  }),
});

const BillingDetailsInput = builder.inputType("BillingDetailsInput", {
  description: "All three fields at once; an empty one is unset.",
  fields: (t) => ({
    legalName: t.string({ required: true }),
    address: t.string({ required: true }),
    taxNote: t.string({ required: true }),
  }),
});

builder.objectFields(Community, (t) => ({
  billingDetails: t.field({
    type: BillingDetailsRef,
    nullable: true,
    description: "What receipts say of the seller. Null unless the viewer manages payments.",
    resolve: (c, _args, ctx) => billingDetailsFor(ctx, c.id),
  }),
}));

builder.mutationFields((t) => ({
  updateBillingDetails: t.field({
    type: BillingDetailsRef,
    description: "Sets what the community's receipts say of the seller. Owners and admins.",
    args: {
      communityId: t.arg.id({ required: true }),
      input: t.arg({ type: BillingDetailsInput, required: true }),
    },
    resolve: (_root, args, ctx) => updateBillingDetails(ctx, String(args.communityId), args.input),
  }),
}));
