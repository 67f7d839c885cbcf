import { createHash } from "node:crypto";
import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { useDisableIntrospection } from "@graphql-yoga/plugin-disable-introspection";
import { type Cache, useResponseCache } from "@graphql-yoga/plugin-response-cache";
import { getOperationAST } from "graphql";
import { createYoga, type Plugin } from "graphql-yoga";
import type { GraphQLContext } from "./context.ts";
import { maskError } from "./errors.ts";
import { armorCode, refuseNulCharacters } from "./input-guards.ts";
import { schema } from "./schema.ts";

/** A mutation's fields each change state: none may answer from what an earlier one cached. */
function noSharedLoadersInMutations(): Plugin<GraphQLContext> {
  return {
    onExecute({ args }) {
      const operation = getOperationAST(args.document, args.operationName ?? undefined);
      if (operation?.operation === "mutation") args.contextValue.loaders = null;
    },
  };
}

export function createGraphQLHandler(options: {
  production: boolean;
  /** The only origin allowed to read answers cross-origin; the app itself is same-origin. */
  appOrigin: string;
  context: (request: Request, clientIp: string) => Promise<GraphQLContext>;
  /**
   * Answers shared by every signed-out visitor (decision 010): the store, and which requests are
   * signed out. Signed-in requests neither read nor fill it.
   */
  publicCache: { cache: Cache; isSignedOut: (headers: Headers) => boolean };
}) {
  const { publicCache } = options;
  return createYoga<{ clientIp: string }, GraphQLContext>({
    schema,
    graphqlEndpoint: "/api/graphql",
    context: ({ request, clientIp }) => options.context(request, clientIp),
    // Unexpected errors become "Unexpected error." with no stack; domain errors keep their code.
    maskedErrors: { isDev: !options.production, maskError },
    graphiql: !options.production,
    landingPage: false,
    // Yoga's default echoes any Origin with credentials, letting another site read a viewer's data.
    cors: (request) =>
      request.headers.get("origin") === options.appOrigin
        ? { origin: options.appOrigin, credentials: true, methods: ["POST"] }
        : false,
    logging: options.production ? "warn" : "info",
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: 8, ...armorCode("QUERY_TOO_DEEP") },
        costLimit: { maxCost: 3000, ...armorCode("QUERY_TOO_COSTLY") },
        maxAliases: { n: 15, ...armorCode("TOO_MANY_ALIASES") },
        maxDirectives: { n: 10, ...armorCode("TOO_MANY_DIRECTIVES") },
        maxTokens: { n: 2000, ...armorCode("QUERY_TOO_LARGE") },
      }),
      refuseNulCharacters(),
      noSharedLoadersInMutations(),
      useDisableIntrospection({ isDisabled: () => options.production }),
      useResponseCache({
        cache: publicCache.cache,
        enabled: (request) => publicCache.isSignedOut(request.headers),
        session: () => null,
        // The plugin's own key is an asynchronous WebCrypto digest for every request, signed in or
        // not: it was the top entry of the viewer's profile. Only a shared answer needs a key.
        buildResponseCacheKey: ({ request, documentString, operationName, variableValues }) =>
          publicCache.isSignedOut(request.headers)
            ? createHash("sha256")
                .update(`${documentString}|${operationName ?? ""}|${JSON.stringify(variableValues ?? {})}`)
                .digest("base64url")
            : "",
        // Only the public event query is shared; everything else is answered fresh.
        ttl: 0,
        ttlPerSchemaCoordinate: { "Query.event": 1_000 },
        // Writes invalidate through their domain events, not by the shape of a mutation's answer.
        invalidateViaMutation: false,
        includeExtensionMetadata: false,
      }),
    ],
  });
}
