// The rungs of the request-path ladder: what each sends, exactly as the client sends it (the
// documents come from the client's generated src/client/gql), and how its answer is checked.
import {
  CommunityDocument,
  EventPageDocument,
  MyCommunitiesDocument,
  OverviewPageDocument,
} from "#client/gql/graphql.ts";
import type { SeededServer } from "./request-path-protocol.ts";
import type { Target } from "./request-path-report.ts";

export type Call = { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string };

export type Rung = {
  /** Short name for the summary line and file names. */
  key: string;
  name: string;
  target?: Target;
  signedIn: boolean;
  /**
   * One page's requests; a connection repeats them in turn. Rates, SQL statements and the ratio
   * count pages: the overview page sends two documents (its layout's Community, and its own
   * OverviewPage with the events and the member figures), so one overview page is two HTTP
   * requests. Latencies are per HTTP request.
   */
  calls: (server: SeededServer, cookie: string) => Call[];
  /** Throws when the answer is not what the page would show, so no rung measures an error path. */
  check: (body: string) => void;
};

function graphqlCall(server: SeededServer, cookie: string, query: string, variables: object = {}): Call {
  return {
    method: "POST",
    path: "/api/graphql",
    headers: {
      "content-type": "application/json",
      accept: "application/graphql-response+json",
      origin: server.appUrl,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify({ query, variables }),
  };
}

function expectData(predicate: (data: Record<string, unknown>) => boolean, what: string) {
  return (body: string) => {
    const parsed = JSON.parse(body) as { data?: Record<string, unknown>; errors?: unknown };
    if (parsed.errors || !parsed.data || !predicate(parsed.data)) {
      throw new Error(`expected ${what}, got ${body.slice(0, 300)}`);
    }
  };
}

export const rungs: Rung[] = [
  {
    key: "healthz",
    name: "GET /healthz",
    signedIn: false,
    calls: () => [{ method: "GET", path: "/healthz", headers: {} }],
    check: (body) => {
      if (!body.includes("ok")) throw new Error(`unexpected /healthz answer ${body}`);
    },
  },
  {
    key: "viewer",
    name: "viewer { id name }",
    target: { minRatio: 1 / 6 },
    signedIn: true,
    calls: (s, cookie) => [graphqlCall(s, cookie, "{ viewer { id name } }")],
    check: expectData((d) => (d.viewer as { name?: string } | null)?.name === "Bench Owner", "the viewer"),
  },
  {
    key: "myCommunities",
    name: "myCommunities",
    signedIn: true,
    calls: (s, cookie) => [graphqlCall(s, cookie, MyCommunitiesDocument.toString())],
    check: expectData((d) => Array.isArray(d.myCommunities) && d.myCommunities.length === 1, "one community"),
  },
  {
    key: "overview",
    name: "overview page data, 2 POSTs per page",
    target: { minRatio: 1 / 16, maxP99Ms: 15 },
    signedIn: true,
    calls: (s, cookie) => [
      graphqlCall(s, cookie, CommunityDocument.toString(), { id: s.communityId }),
      graphqlCall(s, cookie, OverviewPageDocument.toString(), { communityId: s.communityId }),
    ],
    check: expectData(
      (d) =>
        (d.community as { name?: string } | undefined)?.name === "Bench community" ||
        ((d.upcoming as { nodes?: unknown[] } | undefined)?.nodes?.length === 5 &&
          typeof (d.community as { memberStats?: { activeCount?: unknown } } | undefined)?.memberStats
            ?.activeCount === "number"),
      "the community, or its first five upcoming events with its member figures",
    ),
  },
  {
    key: "event-data",
    name: "EventPage, signed out",
    target: { minRatio: 1 / 3 },
    signedIn: false,
    calls: (s) => [graphqlCall(s, "", EventPageDocument.toString(), { id: s.publicEventId })],
    check: expectData((d) => (d.event as { title?: string } | null)?.title === "Open evening", "the event"),
  },
  {
    key: "event-page",
    // Rendered on the server once, then kept for every signed-out visitor (decisions 010 and 034).
    name: "GET /e/{id} HTML, rendered on the server",
    target: { minRatio: 1 / 3 },
    signedIn: false,
    calls: (s) => [{ method: "GET", path: `/e/${s.publicEventId}`, headers: PAGE_HEADERS }],
    check: renderedWith("Open evening"),
  },
  {
    key: "community-page",
    name: "GET /c/{slug} HTML, rendered on the server",
    target: { minRatio: 1 / 3 },
    signedIn: false,
    calls: (s) => [{ method: "GET", path: `/c/${s.communitySlug}`, headers: PAGE_HEADERS }],
    check: renderedWith("Bench community"),
  },
];

/**
 * A page is asked for as a browser asks: it accepts compressed HTML and gets the kept brotli bytes
 * (the checks' fetch decompresses them).
 */
const PAGE_HEADERS = { accept: "text/html", "accept-encoding": "gzip, deflate, br, zstd" };

/** The page came rendered from the server: `text` is inside #root, with the data beside it. */
function renderedWith(text: string) {
  return (body: string) => {
    const app = /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(body)?.[1];
    if (!app?.includes(text)) throw new Error(`the page lacks a rendered "${text}": ${body.slice(0, 300)}`);
  };
}

export const loopback = (url: string) => url.replace("//localhost:", "//127.0.0.1:");

/** The cookies a signed-in browser holds: the session token and better-auth's signed cookie cache. */
export async function signedInCookie(server: SeededServer): Promise<string> {
  const response = await fetch(`${loopback(server.appUrl)}/api/auth/get-session`, {
    headers: { cookie: server.sessionCookie, origin: server.appUrl },
  });
  if (response.status !== 200) throw new Error(`get-session answered ${response.status}`);
  const cached = response.headers.getSetCookie().map((header) => header.split(";")[0]);
  return [server.sessionCookie, ...cached].join("; ");
}
