import { writeFileSync } from "node:fs";
import { lexicographicSortSchema, printSchema } from "graphql";
import { schema } from "#server/graphql/schema.ts";

const target = new URL("../src/server/graphql/schema.graphql", import.meta.url);
writeFileSync(target, `${printSchema(lexicographicSortSchema(schema))}\n`);
console.log(`wrote ${target.pathname}`);
