import { type GraphQLSchema, isObjectType } from "graphql";
import { builder } from "./builder.ts";
import "#server/modules/users/users.graphql.ts";
import "#server/modules/communities/communities.graphql.ts";
import "#server/modules/events/events.graphql.ts";
import "#server/modules/members/members-table.graphql.ts";
import "#server/modules/members/member-stats.graphql.ts";
import "#server/modules/members/announcements.graphql.ts";
import "#server/modules/notifications/announcement-deliveries.graphql.ts";
import "#server/modules/registrations/guest.graphql.ts";
import "#server/modules/registrations/registrations.graphql.ts";
import "#server/modules/membership/membership.graphql.ts";
import "#server/modules/membership/member-detail.graphql.ts";
import "#server/modules/membership/my-join-requests.graphql.ts";
import "#server/modules/membership/bulk-roles.graphql.ts";
import "#server/modules/membership/member-directory.graphql.ts";
import "#server/modules/membership/member-import.graphql.ts";
import "#server/modules/membership/plans.graphql.ts";
import "#server/modules/membership/follow.graphql.ts";
import "#server/modules/payments/ledger.graphql.ts";
import "#server/modules/payments/payments.graphql.ts";
import "#server/modules/payments/member-subscriptions.graphql.ts";
import "#server/modules/payments/billing-details.graphql.ts";
import "#server/modules/payments/registration-payments.graphql.ts";
import "#server/modules/pricing/promo-codes.graphql.ts";
import "#server/modules/pricing/quote.graphql.ts";
import "#server/modules/checkout/checkout.graphql.ts";
import "#server/modules/insights/insights.graphql.ts";
import "#server/modules/insights/event-insights.graphql.ts";
import "#server/modules/insights/forecast.graphql.ts";
import "#server/modules/agents/agents.graphql.ts";

/**
 * A field that shows its parent's property of the same name (Pothos's `t.expose…`) loses its
 * resolver, `(parent) => parent[name]`. graphql-jit then reads the property in the code it compiles
 * instead of calling a resolver for that field of every object (with its error and promise
 * handling): over half of what the overview's event lists cost to answer (decision 010). What the
 * field answers is the same property either way.
 */
function readExposedPropertiesInline(built: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(built.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.extensions?.pothosExposedField === field.name) field.resolve = undefined;
    }
  }
  return built;
}

export const schema = readExposedPropertiesInline(builder.toSchema({ sortSchema: true }));
