// The app under test for bench/request-path.ts, in its own process: the production app
// (createServerApp, built client, production config from the environment, as src/server/main.ts
// starts it) with two additions that live only here:
// - every SQL statement sent through Drizzle while an HTTP request is being answered is counted
//   (background work such as the outbox and the revocation poll runs outside a request and is not);
// - a second listener on STATS_PORT answers GET /stats with those counts, so the load generator
//   can divide statements by requests per rung without a bench route in the app itself.
// It seeds one owner, one community with upcoming, past and draft events, and a session, then
// prints one line `REQUEST_PATH_READY {json}` on stdout. SIGTERM ends it cleanly, so that
// `node --cpu-prof` writes its profile.
import { AsyncLocalStorage } from "node:async_hooks";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { createServerApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { READY_PREFIX, type SeededServer } from "./request-path-protocol.ts";

const UPCOMING_EVENTS = 25;

const inRequest = new AsyncLocalStorage<true>();
const counts = { requests: 0, statements: 0 };

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    logger: {
      logQuery() {
        if (inRequest.getStore()) counts.statements += 1;
      },
    },
  });
  const server = await createServerApp(config, { database });
  const seeded = await seed(server.database.db, config.authSecret);

  const http = createServer((request, response) => {
    counts.requests += 1;
    inRequest.run(true, () => server.listener(request, response));
  });
  await new Promise<void>((resolve) => http.listen(config.port, config.host, resolve));

  const stats = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    const cpu = process.cpuUsage();
    response.end(
      JSON.stringify({
        ...counts,
        nowUs: Number(process.hrtime.bigint() / 1000n),
        cpuUs: cpu.user + cpu.system,
      }),
    );
  });
  await new Promise<void>((resolve) => stats.listen(0, "127.0.0.1", resolve));

  const ready: SeededServer = {
    database: server.database.kind,
    appUrl: config.appUrl,
    statsUrl: `http://127.0.0.1:${(stats.address() as AddressInfo).port}/stats`,
    ...seeded,
  };
  console.log(`${READY_PREFIX}${JSON.stringify(ready)}`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    stats.close();
    http.close();
    void server.close().finally(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/** Set-based inserts; ids are text like the app's. */
async function seed(db: Awaited<ReturnType<typeof openDatabase>>["db"], authSecret: string) {
  const tag = randomBytes(4).toString("hex");
  const owner = `bench-owner-${tag}`;
  const communityId = `bench-community-${tag}`;
  // The /e/{id} route answers 404 for anything but a UUID, as event ids are.
  const publicEventId = randomUUID();
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    values (${owner}, 'Bench Owner', ${`owner-${tag}@bench.test`}, true)`);
  await db.execute(sql`insert into community (id, slug, name, description, time_zone, currency, visibility,
      join_policy, member_count, created_by)
    values (${communityId}, ${`bench-${tag}`}, 'Bench community', 'Talks and pizza every week.',
      'Europe/Berlin', 'EUR', 'public', 'open', 1, ${owner})`);
  await db.execute(sql`insert into membership (id, community_id, user_id, role, status, source)
    values (${randomUUID()}, ${communityId}, ${owner}, 'owner', 'active', 'created')`);
  // g > 0: upcoming, one a day; g <= 0: past; every seventh upcoming one members-only, plus two drafts.
  await db.execute(sql`insert into event (id, community_id, title, description, starts_at, ends_at, time_zone,
      venue_name, status, visibility, capacity, created_at, updated_at, published_at)
    select gen_random_uuid()::text, ${communityId}, 'Meetup number ' || (g + 100), 'Talks and pizza',
      date_trunc('hour', now()) + g * interval '1 day',
      date_trunc('hour', now()) + g * interval '1 day' + interval '2 hours',
      'Europe/Berlin', 'Hall ' || (g % 7),
      case when g in (3, 9) then 'draft' else 'published' end,
      case when g % 7 = 0 then 'members' else 'public' end,
      100, now(), now(), now()
    from generate_series(-10, ${UPCOMING_EVENTS + 2}) g`);
  await db.execute(sql`insert into event (id, community_id, title, description, starts_at, ends_at, time_zone,
      venue_name, venue_address, status, visibility, capacity, going_count, created_at, updated_at, published_at)
    values (${publicEventId}, ${communityId}, 'Open evening', 'Everyone is **welcome**.',
      date_trunc('hour', now()) + interval '12 hours', date_trunc('hour', now()) + interval '14 hours',
      'Europe/Berlin', 'Main hall', 'Example street 1', 'published', 'public', 200, 40, now(), now(), now())`);
  await db.execute(sql`insert into ticket_type (id, event_id, name, currency, position)
    select e.id || '-tt', e.id, 'General', 'EUR', 0 from event e where e.community_id = ${communityId}`);
  await db.execute(sql`analyze`);

  const token = randomBytes(24).toString("base64url");
  await db.execute(sql`insert into session (id, token, user_id, expires_at, created_at, updated_at)
    values (${randomUUID()}, ${token}, ${owner}, now() + interval '1 day', now(), now())`);
  const signature = createHmac("sha256", authSecret).update(token).digest("base64");
  const sessionCookie = `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
  return { communityId, communitySlug: `bench-${tag}`, publicEventId, sessionCookie };
}

await main();
