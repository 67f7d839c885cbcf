import type { RequestContext } from "#server/request-context.ts";

/** Resolvers see the request context the composition root builds (`src/server/request-context.ts`). */
export type GraphQLContext = RequestContext;
