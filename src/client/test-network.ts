import { HttpResponse, http } from "msw";
import { type GraphQLQuery, type GraphQLResponseBody, graphql } from "msw/graphql";
import { setupServer } from "msw/node";
import {
  MyJoinRequestsDocument,
  MyMembershipsDocument,
  MyPlanMembershipsDocument,
  MyRegistrationsDocument,
} from "#client/gql/graphql.ts";
import type { AuthUser } from "#client/lib/auth-client.ts";

/**
 * The network every client test runs against: test-setup.ts starts it, fails the test on any
 * request no handler answers, and drops the handlers a test added with `server.use` after it.
 */
export const server = setupServer();

/**
 * GraphQL handlers for the app's endpoint. Pass the generated document (`XDocument` from
 * #client/gql/graphql.ts) as the predicate, and the resolver's variables and `data` are typed from it.
 */
export const api = graphql.link("/api/graphql");

type FieldError = { field: string; code: string; message: string };

/**
 * A GraphQL error answer with a stable `code`, the way the server refuses an operation. It fits
 * any operation's resolver, which is what `Query` is inferred from.
 */
export function graphqlError<Query extends GraphQLQuery>(
  code: string,
  message = code,
  fields?: FieldError[],
): HttpResponse<GraphQLResponseBody<Query>> {
  return HttpResponse.json({
    data: null,
    errors: [{ message, extensions: fields ? { code, fields } : { code } }],
  });
}

/** The server's answer to bad input: one field's error (its code and message) under BAD_USER_INPUT. */
export function fieldError<Query extends GraphQLQuery>(
  field: string,
  code: string,
  message: string,
  summary = message,
): HttpResponse<GraphQLResponseBody<Query>> {
  return graphqlError<Query>("BAD_USER_INPUT", summary, [{ field, code, message }]);
}

/** Who is signed in: a person, `null` for a visitor, or a function read on every session request. */
export type SessionUser = AuthUser | null | (() => AuthUser | null);

/** The auth server's session endpoint, answering for `who`. */
export function sessionHandler(who: SessionUser) {
  return http.get("/api/auth/get-session", () => {
    const user = typeof who === "function" ? who() : who;
    return HttpResponse.json(user ? { user, session: { id: `session-${user.id}`, userId: user.id } } : null);
  });
}

/** /me's Second factor section asks for this; by default the factor is off. */
export const secondFactorOffHandler = http.get("/api/auth/second-factor/status", () =>
  HttpResponse.json({ enabled: false, recoveryCodesLeft: 0, required: false }),
);

/**
 * What /me's account sections ask for, answered as for a new account: no passkeys, no other
 * sessions listed, no linked providers, no communities standing in the way of deleting it.
 */
export const accountDefaultHandlers = [
  secondFactorOffHandler,
  http.get("/api/auth/passkey/list", () => HttpResponse.json({ passkeys: [] })),
  http.get("/api/auth/list-sessions", () => HttpResponse.json({ sessions: [] })),
  http.get("/api/auth/list-accounts", () => HttpResponse.json([])),
  http.get("/api/auth/ways-in", () => HttpResponse.json({ email: null, phoneNumber: null, providers: [] })),
  http.get("/api/account/deletion", () => HttpResponse.json({ ownedCommunities: [] })),
];

/** /me's lists below the account sections, empty: no registrations, communities, requests or plans. */
export const emptyProfilePageHandlers = [
  api.query(MyRegistrationsDocument, () =>
    HttpResponse.json({
      data: {
        myRegistrations: { totalCount: 0, pageInfo: { endCursor: null, hasNextPage: false }, nodes: [] },
      },
    }),
  ),
  api.query(MyMembershipsDocument, () => HttpResponse.json({ data: { myCommunities: [] } })),
  api.query(MyJoinRequestsDocument, () => HttpResponse.json({ data: { myJoinRequests: [] } })),
  api.query(MyPlanMembershipsDocument, () => HttpResponse.json({ data: { myPlanMemberships: [] } })),
];
