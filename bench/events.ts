// Event lists at size: a community with 2,000 events and one event with 50,000 registrations,
// seeded with generate_series. Times GraphQL requests through the HTTP endpoint on loopback
// (signed-in organizer, sequential, after a warm-up) and reports median and p95 per query.
// Runs on PostgreSQL when DATABASE_URL is set, else on a fresh PGlite.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createServerApp, type ServerApp } from "#server/app.ts";
import type { Config } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { startSmtpCapture } from "#server/test/smtp-capture.ts";
import type { Benchmark } from "./types.ts";

const EVENTS = 2_000;
const REGISTRATIONS = 50_000;
const ITERATIONS = 60;
const WARMUP = 5;
/** Budget per list request, p95 on loopback. */
const P95_BUDGET_MS = 100;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function startServer() {
  const smtp = await startSmtpCapture();
  const dataDir = mkdtempSync(path.join(tmpdir(), "commons-bench-events-"));
  const databaseUrl = process.env.DATABASE_URL || null;
  const database = await openDatabase({ databaseUrl, dataDir: null });
  let listener: ServerApp["listener"] = (_request, response) => {
    response.writeHead(503).end();
  };
  const http = createServer((request, response) => listener(request, response));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const config: Config = {
    port: 0,
    host: "127.0.0.1",
    appUrl: url,
    dataDir,
    databaseUrl,
    smtpUrl: smtp.url,
    mailFrom: "Commons <bench@commons.test>",
    authSecret: randomBytes(32).toString("hex"),
    trustProxy: { kind: "addresses", addresses: ["loopback"] },
    production: true,
    google: null,
    legalDir: path.resolve("content/legal"),
    operator: { name: "Commons Test Operator", contact: "hello@commons.test" },
    storage: { s3: null },
  };
  const server = await createServerApp(config, { database, distDir: path.join(dataDir, "no-client") });
  listener = server.listener;
  return {
    url,
    config,
    db: database.db,
    kind: database.kind,
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await server.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** Everything in a few set-based statements; ids are text like the app's. */
async function seed(server: Server) {
  const { db } = server;
  const tag = randomBytes(4).toString("hex");
  const owner = `bench-owner-${tag}`;
  const communityId = `bench-community-${tag}`;
  const bigEvent = `bench-big-${tag}`;
  const started = performance.now();
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    values (${owner}, 'Bench Owner', ${`owner-${tag}@bench.test`}, true)`);
  await db.execute(sql`insert into community (id, slug, name, time_zone, currency, visibility, join_policy, member_count, created_by)
    values (${communityId}, ${`bench-${tag}`}, 'Bench community', 'Europe/Berlin', 'EUR', 'public', 'open', 1, ${owner})`);
  await db.execute(sql`insert into membership (id, community_id, user_id, role, status, source)
    values (${randomUUID()}, ${communityId}, ${owner}, 'owner', 'active', 'created')`);
  // Half the events in the past, half ahead, one per 4 hours; a few drafts and canceled ones.
  await db.execute(sql`insert into event (id, community_id, title, description, starts_at, ends_at, time_zone,
      venue_name, status, visibility, capacity, created_at, updated_at, published_at)
    select ${`bench-ev-${tag}-`} || g, ${communityId}, 'Meetup number ' || g, 'Talks and pizza',
      date_trunc('hour', now()) + ((g - ${EVENTS / 2}) * interval '4 hours'),
      date_trunc('hour', now()) + ((g - ${EVENTS / 2}) * interval '4 hours') + interval '2 hours',
      'Europe/Berlin', 'Hall ' || (g % 7),
      case when g % 50 = 0 then 'draft' when g % 97 = 0 then 'canceled' else 'published' end,
      case when g % 3 = 0 then 'members' else 'public' end,
      100, date_trunc('milliseconds', now()) - g * interval '1 minute', now(), now()
    from generate_series(1, ${EVENTS}) g`);
  await db.execute(sql`insert into ticket_type (id, event_id, name, currency, position)
    select e.id || '-tt', e.id, 'General', 'EUR', 0 from event e where e.community_id = ${communityId}`);
  await db.execute(sql`insert into event (id, community_id, title, starts_at, ends_at, time_zone, status, visibility,
      capacity, going_count, waitlist_count, pending_count, created_at, updated_at, published_at)
    values (${bigEvent}, ${communityId}, 'The big conference', now() + interval '30 days',
      now() + interval '31 days', 'Europe/Berlin', 'published', 'public', 40000, 40000, 10000, 0, now(), now(), now())`);
  await db.execute(sql`insert into ticket_type (id, event_id, name, currency, position, going_count)
    values (${`${bigEvent}-a`}, ${bigEvent}, 'Standard', 'EUR', 0, 30000),
           (${`${bigEvent}-b`}, ${bigEvent}, 'Student', 'EUR', 1, 10000)`);
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select ${`bench-u-${tag}-`} || g, 'Person ' || g || case when g % 100 = 0 then ' Smith' else '' end,
      'person' || g || ${`-${tag}@bench.test`}, true
    from generate_series(1, ${REGISTRATIONS}) g`);
  await db.execute(sql`insert into registration (id, event_id, user_id, ticket_type_id, status, check_in_code,
      queued_at, created_at, updated_at)
    select ${`bench-r-${tag}-`} || g, ${bigEvent}, ${`bench-u-${tag}-`} || g,
      case when g % 4 = 0 then ${`${bigEvent}-b`} else ${`${bigEvent}-a`} end,
      case when g <= 40000 then 'going' else 'waitlisted' end,
      ${`C${tag}`} || g,
      date_trunc('milliseconds', now()) - (${REGISTRATIONS} - g) * interval '1 second',
      date_trunc('milliseconds', now()) - (${REGISTRATIONS} - g) * interval '1 second', now()
    from generate_series(1, ${REGISTRATIONS}) g`);
  await db.execute(sql`analyze`);
  const seededMs = performance.now() - started;

  // A session for the owner, signed like better-auth's cookie.
  const token = randomBytes(24).toString("base64url");
  await db.execute(sql`insert into session (id, token, user_id, expires_at, created_at, updated_at)
    values (${randomUUID()}, ${token}, ${owner}, now() + interval '1 day', now(), now())`);
  const signature = createHmac("sha256", server.config.authSecret).update(token).digest("base64");
  const cookie = `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
  return { communityId, bigEvent, cookie, seededMs };
}

async function gql(server: Server, cookie: string, query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${server.url}/api/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: server.url },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Record<string, unknown>; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data ?? {};
}

const EVENTS_QUERY = `query ($c: ID!, $f: EventListFilter!, $after: String, $search: String) {
  events(communityId: $c, filter: $f, first: 20, after: $after, search: $search) {
    nodes { id title startsAt endsAt timeZone status visibility goingCount capacity spotsLeft coverUrl }
    pageInfo { endCursor hasNextPage } } }`;
const REGISTRATIONS_QUERY = `query ($e: ID!, $status: RegistrationStatus, $t: ID, $search: String, $after: String) {
  eventRegistrations(eventId: $e, status: $status, ticketTypeId: $t, search: $search, first: 50, after: $after) {
    totalCount pageInfo { endCursor hasNextPage }
    nodes { id status createdAt checkedInAt waitlistPosition person { id name email } ticketType { id name } } } }`;
const EVENT_QUERY = `query ($id: ID!) { event(id: $id) {
  id title description startsAt endsAt timeZone venueName venueAddress hasOnlineLink coverUrl status visibility
  capacity spotsLeft waitlistEnabled approvalRequired goingCount waitlistCount publicPath viewerCanManage
  host { id name slug logoUrl brandColor } ticketTypes { id name remaining } questions { id kind label options }
  viewerRegistration { id status } } }`;

export const eventsBench: Benchmark = {
  name: "events",
  description: `events and registrations lists at ${EVENTS} events / ${REGISTRATIONS} registrations (p95 ≤ ${P95_BUDGET_MS} ms)`,
  async run() {
    const server = await startServer();
    try {
      const { communityId, bigEvent, cookie, seededMs } = await seed(server);
      console.log(`seeded on ${server.kind} in ${(seededMs / 1000).toFixed(1)} s`);

      // A deep keyset page: walk 40 pages of past events once to get a cursor far in.
      let deepCursor: string | null = null;
      for (let page = 0; page < 40; page++) {
        const data = (
          await gql(server, cookie, EVENTS_QUERY, { c: communityId, f: "PAST", after: deepCursor })
        ).events as { pageInfo: { endCursor: string | null } };
        deepCursor = data.pageInfo.endCursor;
      }
      let regCursor: string | null = null;
      for (let page = 0; page < 400; page++) {
        const data = (await gql(server, cookie, REGISTRATIONS_QUERY, { e: bigEvent, after: regCursor }))
          .eventRegistrations as { pageInfo: { endCursor: string | null } };
        regCursor = data.pageInfo.endCursor;
      }

      const cases: { name: string; query: string; variables: Record<string, unknown> }[] = [
        {
          name: "events UPCOMING, first page",
          query: EVENTS_QUERY,
          variables: { c: communityId, f: "UPCOMING" },
        },
        {
          name: "events PAST, page 41 (keyset)",
          query: EVENTS_QUERY,
          variables: { c: communityId, f: "PAST", after: deepCursor },
        },
        {
          name: "events search 'number 19'",
          query: EVENTS_QUERY,
          variables: { c: communityId, f: "PAST", search: "number 19" },
        },
        { name: "registrations, first page", query: REGISTRATIONS_QUERY, variables: { e: bigEvent } },
        {
          name: "registrations, page 401 (keyset)",
          query: REGISTRATIONS_QUERY,
          variables: { e: bigEvent, after: regCursor },
        },
        {
          name: "registrations WAITLISTED + ticket",
          query: REGISTRATIONS_QUERY,
          variables: { e: bigEvent, status: "WAITLISTED", t: `${bigEvent}-b` },
        },
        {
          name: "registrations search 'smith'",
          query: REGISTRATIONS_QUERY,
          variables: { e: bigEvent, search: "smith" },
        },
        { name: "event (public page)", query: EVENT_QUERY, variables: { id: bigEvent } },
      ];
      const rows: { name: string; medianMs: number; p95Ms: number }[] = [];
      for (const c of cases) {
        for (let i = 0; i < WARMUP; i++) await gql(server, cookie, c.query, c.variables);
        const times: number[] = [];
        for (let i = 0; i < ITERATIONS; i++) {
          const started = performance.now();
          await gql(server, cookie, c.query, c.variables);
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        rows.push({ name: c.name, medianMs: quantile(times, 0.5), p95Ms: quantile(times, 0.95) });
      }
      const width = Math.max(...rows.map((r) => r.name.length));
      console.log(`${"query".padEnd(width)}  median ms    p95 ms`);
      for (const r of rows) {
        console.log(
          `${r.name.padEnd(width)}  ${r.medianMs.toFixed(1).padStart(9)}  ${r.p95Ms.toFixed(1).padStart(8)}`,
        );
      }
      const worst = rows.reduce((a, b) => (b.p95Ms > a.p95Ms ? b : a));
      return {
        withinBudget: worst.p95Ms <= P95_BUDGET_MS,
        summary: `${server.kind}: worst p95 ${worst.p95Ms.toFixed(1)} ms (${worst.name}); ${rows
          .map((r) => `${r.name} ${r.medianMs.toFixed(1)}/${r.p95Ms.toFixed(1)}`)
          .join("; ")}`,
        data: {
          database: server.kind,
          events: EVENTS,
          registrations: REGISTRATIONS,
          iterations: ITERATIONS,
          rows,
        },
      };
    } finally {
      await server.close();
    }
  },
};
