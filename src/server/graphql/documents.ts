import { costLimitRule } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { maxDirectivesRule } from "@escape.tech/graphql-armor-max-directives";
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type OperationDefinitionNode,
  parse,
  specifiedRules,
  type ValidationContext,
  type ValidationRule,
  validate,
} from "graphql";
import { createTextMap } from "#server/text-key.ts";

const MAX_TOKENS = 2000;

/** A document as this process keeps it: parsed and checked once, then reused by every request. */
export type PreparedDocument =
  | { ok: true; document: DocumentNode; operations: Map<string | null, OperationDefinitionNode> }
  | { ok: false; errors: readonly GraphQLError[] };

/**
 * graphql-armor's refusals carry no code: each gets a stable one the client can tell apart, and is
 * reported as a validation error (the rules would otherwise throw out of validation).
 */
const coded = (code: string) => ({
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) => {
      (error.extensions as Record<string, unknown>).code = code;
      context?.reportError(error);
    },
  ],
});

/** Validation names fields it knows; a stranger probing the schema learns nothing from it. */
const hideSuggestions = (error: GraphQLError) => {
  error.message = error.message.replace(/Did you mean ".+"\?/g, "[Suggestion hidden]").trim();
  return error;
};

function operationsOf(document: DocumentNode) {
  const operations = new Map<string | null, OperationDefinitionNode>();
  const all = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  for (const operation of all) operations.set(operation.name?.value ?? null, operation);
  // With one operation, a request may leave its name out.
  const [only] = all;
  if (all.length === 1 && only && only.name) operations.set(null, only);
  return operations;
}

/**
 * Parses and validates GraphQL documents once per process: the client sends the same few
 * documents over and over, so after the first request each costs a map lookup. The limits on
 * depth, cost, aliases, directives and size (graphql-armor's rules, graphql-js's token limit) and,
 * in production, the refusal of introspection are part of validation, so they are kept with it.
 */
export function createDocumentCache(options: {
  schema: GraphQLSchema;
  production: boolean;
  maxEntries?: number;
}) {
  const maxEntries = options.maxEntries ?? 1_000;
  // The limits run first and alone: a document past them is refused for that, not checked further.
  const limits: ValidationRule[] = [
    maxDepthRule({ n: 8, ...coded("QUERY_TOO_DEEP") }),
    costLimitRule({ maxCost: 3000, ...coded("QUERY_TOO_COSTLY") }),
    maxAliasesRule({ n: 15, ...coded("TOO_MANY_ALIASES") }),
    maxDirectivesRule({ n: 10, ...coded("TOO_MANY_DIRECTIVES") }),
  ];
  const rules: ValidationRule[] = [
    ...specifiedRules,
    ...(options.production ? [NoSchemaIntrospectionCustomRule] : []),
  ];
  // Looked up by each request's own copy of the document's text (see text-key.ts).
  const prepared = createTextMap<PreparedDocument>(maxEntries);

  function prepare(query: string): PreparedDocument {
    let document: DocumentNode;
    try {
      document = parse(query, { maxTokens: MAX_TOKENS });
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      if (/Document contains more th\w+ \d+ tokens/.test(error.message)) {
        (error.extensions as Record<string, unknown>).code = "QUERY_TOO_LARGE";
      }
      return { ok: false, errors: [error] };
    }
    const refused = validate(options.schema, document, limits);
    const errors = refused.length > 0 ? refused : validate(options.schema, document, rules);
    if (errors.length > 0) return { ok: false, errors: errors.map(hideSuggestions) };
    return { ok: true, document, operations: operationsOf(document) };
  }

  return {
    get(query: string): PreparedDocument {
      const known = prepared.get(query);
      if (known) return known;
      const made = prepare(query);
      prepared.set(query, made);
      return made;
    },
  };
}

export type DocumentCache = ReturnType<typeof createDocumentCache>;
