import SchemaBuilder from "@pothos/core";
import { isoTime } from "#server/db/iso-time.ts";
import type { GraphQLContext } from "./context.ts";

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: { DateTime: { Input: Date; Output: Date }; MinorUnits: { Input: number; Output: number } };
}>({ defaultFieldNullability: false });

builder.scalarType("DateTime", {
  serialize: isoTime,
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError("DateTime must be an ISO 8601 string");
    return date;
  },
});

/**
 * Money as an integer of a currency's minor units. Int is 32 bits, less than a year of a large
 * community's takings in cents; JSON numbers are exact up to 2^53, which `money.ts` never passes.
 */
builder.scalarType("MinorUnits", {
  description: "A whole number of a currency's minor units (cents, yen, fils), exact up to 2^53 − 1.",
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== "number" || !Number.isSafeInteger(value))
      throw new TypeError("MinorUnits must be a whole number");
    return value;
  },
});

builder.queryType({});
builder.mutationType({});
