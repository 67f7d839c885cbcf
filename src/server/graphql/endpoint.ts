import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
} from "graphql";
import { createHandler, type Response as HandlerResponse, type RequestParams } from "graphql-http";
import { type CompiledQuery, compileQuery, isCompiledQuery } from "graphql-jit";
import { isDatabaseUnavailable } from "#server/db/unavailable.ts";
import { unavailable } from "#server/errors.ts";
import type { HeaderReader } from "#server/request-context.ts";
import { createTextMap, textKey } from "#server/text-key.ts";
import type { GraphQLContext } from "./context.ts";
import { createDocumentCache } from "./documents.ts";
import { errorMasks } from "./errors.ts";
import { acceptable, answerType, deepFreeze, isJsonBody, requestParams } from "./protocol.ts";

export type EndpointRequest = { headers: HeaderReader; body: string; clientIp: string };
export type EndpointResponse = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** On a shared answer (decision 010), the request body it answers; it goes out again as it is. */
  sharedFor?: string;
};

/** An answer that may be shared, with the ids it shows and was asked for. */
type Shareable = { value: EndpointResponse; ids: Set<string> };

/**
 * Finished answers shared by every signed-out visitor (decision 010). An answer is kept with the
 * ids it shows and was asked for, so a change to any of them drops it. `get` starts `reload` in
 * the background when the kept answer nears its end.
 */
export type SharedAnswers = {
  isSignedOut: (headers: HeaderReader) => boolean;
  /** The cache's clock: an answer is kept by when its request started. */
  now: () => number;
  get: (key: string, reload: () => Promise<Shareable | null>) => EndpointResponse | undefined;
  set: (key: string, answer: EndpointResponse, ids: Set<string>, startedAt: number) => void;
};

/** Only reads of one event are shared: what a popular event's link brings in by the thousand. */
const SHAREABLE_ROOT_FIELDS = new Set(["event"]);

const isShareable = (operation: OperationDefinitionNode) =>
  operation.operation === "query" &&
  operation.selectionSet.selections.every(
    (selection) =>
      selection.kind === Kind.FIELD &&
      (SHAREABLE_ROOT_FIELDS.has(selection.name.value) || selection.name.value === "__typename"),
  );

/**
 * Carries NUL: PostgreSQL text cannot hold it, so it would fail deep in SQL as an internal error.
 * Read from the body as sent, where a NUL in the query or any variable is one (JSON-escaped).
 */
const carriesNul = (body: string) => body.includes("\\u0000") || body.includes("\u0000");

/** The ids an answer shows: a change to any of them changes the answer. */
function idsShown(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) for (const item of value) idsShown(item, into);
  else if (value && typeof value === "object") {
    for (const [name, inner] of Object.entries(value)) {
      if (name === "id" && typeof inner === "string") into.add(inner);
      else idsShown(inner, into);
    }
  }
  return into;
}

/** The ids a request asks about: an answer of "nothing there" changes once one is made. */
function stringsIn(value: unknown, into: Set<string>) {
  if (typeof value === "string") into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, into);
  else if (value && typeof value === "object")
    for (const inner of Object.values(value)) stringsIn(inner, into);
  return into;
}

/**
 * Runs each operation as graphql-jit compiled it, once per process per document (decision 011):
 * the same few documents are executed over and over, and a compiled one skips graphql-js's
 * per-request walk of the document (field collection, argument and variable coercion).
 */
function compiledExecutor() {
  const compiled = new WeakMap<DocumentNode, Map<string | null, CompiledQuery>>();
  return (args: ExecutionArgs) => {
    let operations = compiled.get(args.document);
    if (!operations) {
      operations = new Map();
      compiled.set(args.document, operations);
    }
    const name = args.operationName ?? null;
    let query = operations.get(name);
    if (!query) {
      const made = compileQuery(args.schema, args.document, name ?? undefined);
      if (!isCompiledQuery(made)) return made;
      query = made;
      operations.set(name, query);
    }
    return query.query(args.rootValue, args.contextValue, args.variableValues);
  };
}

/** What one request learned on its way, for deciding whether its answer may be shared. */
type Run = { shareable: boolean; variables: unknown; data: unknown; clean: boolean };

/** The answer while the database cannot be reached: 503 with the `UNAVAILABLE` code. */
function unavailableAnswer(accept: string | null): HandlerResponse {
  const { message, code } = unavailable();
  return [
    JSON.stringify({ errors: [{ message, extensions: { code } }] }),
    { status: 503, statusText: "Service Unavailable", headers: { "content-type": answerType(accept) } },
  ];
}

/** A request's document and the operation it runs, once both are known to be answerable. */
type Checked = { document: DocumentNode; operation: OperationDefinitionNode };

/** A query's body as graphql-http parsed it (frozen) and what the checks found it asks to run. */
type Known = Checked & { params: RequestParams };

/** Distinct query bodies remembered: a client sends a few documents with a few sets of variables. */
const MAX_KNOWN_BODIES = 1_000;

/**
 * GraphQL over HTTP for the app's POST /api/graphql (decision 011): graphql-http's handler for the
 * protocol (content negotiation, parameters, status codes), documents parsed and validated once
 * per process, errors masked in one place, and signed-out reads of an event answered from memory.
 * A request's cost is reading its viewer and running its resolvers, little else.
 */
export function createGraphQLEndpoint(options: {
  schema: GraphQLSchema;
  production: boolean;
  /** The only origin allowed to read answers cross-origin; the app itself is same-origin. */
  appOrigin: string;
  context: (headers: HeaderReader, clientIp: string) => Promise<GraphQLContext>;
  shared?: SharedAnswers;
  logUnexpected?: (error: unknown) => void;
}) {
  const documents = createDocumentCache({ schema: options.schema, production: options.production });
  const { mask, refuseVariable } = errorMasks({
    isDev: !options.production,
    logUnexpected: options.logUnexpected ?? ((error: unknown) => console.error(error)),
  });
  const runs = new WeakMap<EndpointRequest, Run>();
  const execute = compiledExecutor();
  // Bodies of queries answered before, with what graphql-http and the checks below made of them.
  const known = createTextMap<Known>(MAX_KNOWN_BODIES);

  /** What the request asks to run, or the errors that refuse it before anything runs. */
  function check(raw: EndpointRequest, params: RequestParams): Checked | readonly GraphQLError[] {
    if (carriesNul(raw.body)) {
      return [
        new GraphQLError("Text must not contain NUL characters.", {
          extensions: { code: "BAD_USER_INPUT" },
        }),
      ];
    }
    const document = documents.get(params.query);
    if (!document.ok) return document.errors;
    const operation = document.operations.get(params.operationName ?? null);
    if (!operation) {
      return [
        new GraphQLError(
          params.operationName
            ? `Unknown operation "${params.operationName}".`
            : "Name the operation to run.",
        ),
      ];
    }
    if (operation.operation !== "query" && operation.operation !== "mutation") {
      return [new GraphQLError("Only queries and mutations are answered here.")];
    }
    return { document: document.document, operation };
  }

  async function argsFor(raw: EndpointRequest, params: RequestParams, checked: Checked) {
    const contextValue = await options.context(raw.headers, raw.clientIp);
    // A mutation's fields each change state: none may answer from what an earlier one cached.
    if (checked.operation.operation === "mutation") contextValue.loaders = null;
    const run = runs.get(raw);
    if (run) {
      run.shareable = isShareable(checked.operation);
      run.variables = params.variables;
    }
    return {
      schema: options.schema,
      document: checked.document,
      operationName: params.operationName ?? null,
      variableValues: params.variables ?? null,
      contextValue,
    };
  }

  /** The answer to a run operation: written here, as graphql-http's JSON replacer visits every value. */
  function answerOf(raw: EndpointRequest, result: ExecutionResult): HandlerResponse {
    const run = runs.get(raw);
    if (run) {
      run.data = result.data;
      run.clean = !result.errors;
    }
    // Without `data`, nothing ran: the errors are the variables' refusals (graphql-jit's coercion).
    const errors = result.errors?.map("data" in result ? mask : refuseVariable);
    // The database out of reach is the service's state, not the operation's: 503, as a balancer
    // and the client's retries understand it.
    const unavailable = errors?.some((error) => error.extensions.code === "UNAVAILABLE") ?? false;
    return [
      JSON.stringify(errors ? { ...result, errors } : result),
      {
        status: unavailable ? 503 : 200,
        statusText: unavailable ? "Service Unavailable" : "OK",
        headers: { "content-type": answerType(raw.headers.get("accept")) },
      },
    ];
  }

  const handler = createHandler<EndpointRequest, undefined, GraphQLContext>({
    schema: options.schema,
    formatError: mask,
    parseRequestParams: requestParams,
    async onSubscribe(request, params) {
      const checked = check(request.raw, params);
      if (!("operation" in checked)) return checked;
      if (checked.operation.operation === "query") {
        known.set(request.raw.body, { params: deepFreeze(params), ...checked });
      }
      return argsFor(request.raw, params, checked);
    },
    async onOperation(request, _args, result) {
      return answerOf(request.raw, result as ExecutionResult);
    },
    execute,
  });

  /**
   * A query whose body this process has answered before, sent with headers graphql-http takes as
   * they are: what graphql-http and the checks made of that body still holds (the same text parses
   * to the same parameters and document), so the request goes straight to its run, by the steps
   * graphql-http takes for it (context, execution, the answer), without parsing it again or
   * passing through the handler's promise chain.
   */
  async function runKnown(raw: EndpointRequest, entry: Known): Promise<HandlerResponse> {
    const result = await execute(await argsFor(raw, entry.params, entry));
    return answerOf(raw, result as ExecutionResult);
  }

  const knownEntry = (request: EndpointRequest) =>
    acceptable(request.headers.get("accept")) && isJsonBody(request.headers.get("content-type"))
      ? known.get(request.body)
      : undefined;

  async function respond(request: EndpointRequest): Promise<EndpointResponse> {
    const entry = knownEntry(request);
    let answered: HandlerResponse;
    try {
      answered = await (entry
        ? runKnown(request, entry)
        : handler({
            method: "POST",
            url: "/api/graphql",
            headers: request.headers,
            body: request.body,
            raw: request,
            context: undefined,
          }));
    } catch (error) {
      // Reading the viewer (the context) failed before any resolver ran.
      if (!isDatabaseUnavailable(error)) throw error;
      answered = unavailableAnswer(request.headers.get("accept"));
    }
    const [body, init] = answered;
    const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
    const origin = request.headers.get("origin");
    if (origin === options.appOrigin) {
      headers["access-control-allow-origin"] = origin;
      headers["access-control-allow-credentials"] = "true";
      headers.vary = "Origin";
    }
    return { status: init.status ?? 200, headers, body: body ?? "" };
  }

  /** Answers a signed-out request, and tells whether its answer may be shared. */
  async function respondShared(request: EndpointRequest): Promise<Shareable | { value: EndpointResponse }> {
    // Only a signed-out request's run is followed: nobody else's answer is ever shared.
    const run: Run = { shareable: false, variables: undefined, data: undefined, clean: false };
    runs.set(request, run);
    const value = await respond(request);
    if (!run.shareable || !run.clean || value.status !== 200) return { value };
    return {
      value: { ...value, sharedFor: request.body },
      ids: stringsIn(run.variables, idsShown(run.data, new Set())),
    };
  }
  const shareable = (answered: Shareable | { value: EndpointResponse }) =>
    "ids" in answered ? answered : null;

  /**
   * A signed-out request's key among the shared answers: what decides the answer's bytes (the
   * body, and `Origin` and `Accept` for its headers). The body is looked up by its stand-in
   * (`textKey`) and confirmed against the body the kept answer was made for: hashing the whole
   * kilobyte of a client's document on every request was the largest cost of a kept answer.
   */
  const keyOf = (request: EndpointRequest) =>
    `${request.headers.get("origin") ?? ""}\n${request.headers.get("accept") ?? ""}\n${textKey(request.body)}`;

  /**
   * The answer to a request. A kept answer for a signed-out visitor comes back as it is, without a
   * promise (the route writes it at once); everything else is answered by running the operation.
   */
  return function answer(request: EndpointRequest): EndpointResponse | Promise<EndpointResponse> {
    const shared = options.shared;
    if (!shared?.isSignedOut(request.headers)) return respond(request);
    const key = keyOf(request);
    // Only a kept answer is read again, so only a query known to be shareable runs in the background.
    const known = shared.get(key, async () => shareable(await respondShared(request)));
    if (known?.sharedFor === request.body) return known;
    const startedAt = shared.now();
    return respondShared(request).then((answered) => {
      if ("ids" in answered) shared.set(key, answered.value, answered.ids, startedAt);
      return answered.value;
    });
  };
}
