import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { useDisableIntrospection } from "@graphql-yoga/plugin-disable-introspection";
import { createYoga } from "graphql-yoga";
import type { GraphQLContext } from "./context.ts";
import { schema } from "./schema.ts";

export function createGraphQLHandler(options: {
  production: boolean;
  context: (request: Request, clientIp: string) => Promise<GraphQLContext>;
}) {
  return createYoga<{ clientIp: string }, GraphQLContext>({
    schema,
    graphqlEndpoint: "/api/graphql",
    context: ({ request, clientIp }) => options.context(request, clientIp),
    // Unexpected errors become "Unexpected error." with no stack; domain errors keep their code.
    maskedErrors: { isDev: !options.production },
    graphiql: !options.production,
    landingPage: false,
    logging: options.production ? "warn" : "info",
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: 8 },
        costLimit: { maxCost: 3000 },
        maxAliases: { n: 15 },
        maxDirectives: { n: 10 },
        maxTokens: { n: 2000 },
      }),
      useDisableIntrospection({ isDisabled: () => options.production }),
    ],
  });
}
