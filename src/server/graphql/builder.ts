import SchemaBuilder from "@pothos/core";
import { valueFromASTUntyped } from "graphql";
import { isoTime } from "#server/db/iso-time.ts";
import type { GraphQLContext } from "./context.ts";
import { dateTimeInput, literalValue, minorUnitsInput } from "./scalars.ts";

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    MinorUnits: { Input: number; Output: number };
    JSON: { Input: unknown; Output: unknown };
  };
}>({ defaultFieldNullability: false });

builder.scalarType("DateTime", {
  serialize: isoTime,
  parseValue: (value) => dateTimeInput(value),
  parseLiteral: (node) => dateTimeInput(literalValue(node), node),
});

/**
 * Money as an integer of a currency's minor units. Int is 32 bits, less than a year of a large
 * community's takings in cents; JSON numbers are exact up to 2^53, which `money.ts` never passes.
 */
builder.scalarType("MinorUnits", {
  description: "A whole number of a currency's minor units (cents, yen, fils), exact up to 2^53 − 1.",
  serialize: (value) => value,
  parseValue: (value) => minorUnitsInput(value),
  parseLiteral: (node) => minorUnitsInput(literalValue(node), node),
});

/**
 * Structured values whose shape a service validates itself (an agent's definition, a run's
 * trigger and plan): any JSON value in, the stored value out.
 */
builder.scalarType("JSON", {
  description: "Any JSON value; the operation that takes one says what shape it must have.",
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => valueFromASTUntyped(node, variables ?? undefined),
});

builder.queryType({});
builder.mutationType({});
