import { builder } from "./builder.ts";

/** The Relay page info every connection shares, so modules that cannot import each other agree. */
type PageInfoShape = { endCursor: string | null; hasNextPage: boolean };
export const PageInfo = builder.objectRef<PageInfoShape>("PageInfo").implement({
  fields: (t) => ({
    endCursor: t.exposeString("endCursor", { nullable: true }),
    hasNextPage: t.exposeBoolean("hasNextPage"),
  }),
});
