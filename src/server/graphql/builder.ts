import SchemaBuilder from "@pothos/core";
import type { GraphQLContext } from "./context.ts";

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: { DateTime: { Input: Date; Output: Date } };
}>({ defaultFieldNullability: false });

builder.scalarType("DateTime", {
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError("DateTime must be an ISO 8601 string");
    return date;
  },
});

builder.queryType({});
builder.mutationType({});
