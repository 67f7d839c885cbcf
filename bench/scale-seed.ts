// The people and data of `npm run bench -- scale`: everyone signs in through the balancer with the
// e-mail code flow (codes read from the cluster's SMTP capture); the community, memberships and
// events are inserted set-based; each organizer registers through GraphQL for the evening they
// check people in at, so check-in has a registration of its own to toggle.
import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { RegisterForEventDocument } from "#client/gql/graphql.ts";
import type { Cluster } from "#server/test/cluster.ts";
import { TestBrowser } from "#server/test/harness.ts";

export type ScaleSeed = {
  communityId: string;
  /** Public upcoming events the attendees register for, in turn. */
  eventIds: string[];
  users: { id: string; cookies: Map<string, string>; address: string }[];
  /** By user index: the organizer's own registration at the check-in evening. */
  organizerCheckIns: Record<number, string>;
  organizerCount: number;
};

const EVENTS = 10;
const SIGN_IN_CONCURRENCY = 12;

async function inBatches<T>(
  count: number,
  concurrency: number,
  make: (i: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await make(i);
      }
    }),
  );
  return results;
}

export async function seedScale(cluster: Cluster, userCount: number): Promise<ScaleSeed> {
  const tag = randomBytes(4).toString("hex");
  const signedIn = await inBatches(userCount, SIGN_IN_CONCURRENCY, async (i) => {
    const browser = new TestBrowser(cluster.url, cluster.smtp);
    const user = await browser.signIn(`person-${i}-${tag}@scale.test`, `Person ${i} ${tag}`);
    return { browser, id: user.id };
  });
  const owner = signedIn[0];
  if (!owner) throw new Error("scale: no users");
  const organizerCount = Math.max(1, Math.floor(userCount / 10));

  const communityId = `scale-community-${tag}`;
  const eventIds = Array.from({ length: EVENTS }, () => randomUUID());
  const checkInEventId = randomUUID();
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into community (id, slug, name, description, time_zone, currency, visibility, join_policy, member_count, created_by)
       values ($1, $2, 'Scale community', 'Talks and pizza every week.', 'Europe/Berlin', 'EUR', 'public', 'open', $3, $4)`,
      [communityId, `scale-${tag}`, userCount, owner.id],
    );
    await client.query(
      `insert into membership (id, community_id, user_id, role, status, source)
       select gen_random_uuid()::text, $1, u.id,
         case when u.n = 1 then 'owner' when u.n <= $3 then 'organizer' else 'member' end, 'active', 'created'
       from unnest($2::text[]) with ordinality as u(id, n)`,
      [communityId, signedIn.map((s) => s.id), organizerCount],
    );
    await client.query(
      `insert into event (id, community_id, title, description, starts_at, ends_at, time_zone, venue_name,
         status, visibility, capacity, created_at, updated_at, published_at)
       select e.id, $1, case when e.n = 0 then 'Check-in evening' else 'Evening number ' || e.n end, 'Everyone is **welcome**.',
         case when e.n = 0 then now() - interval '1 hour' else date_trunc('hour', now()) + e.n * interval '1 day' end,
         case when e.n = 0 then now() + interval '3 hours' else date_trunc('hour', now()) + e.n * interval '1 day' + interval '2 hours' end,
         'Europe/Berlin', 'Main hall', 'published', 'public', 100000, now(), now(), now()
       from (select id, (n0 - 1)::int as n from unnest($2::text[]) with ordinality as t(id, n0)) e`,
      [communityId, [checkInEventId, ...eventIds]],
    );
    await client.query(
      `insert into ticket_type (id, event_id, name, currency, position)
       select e.id || '-tt', e.id, 'General', 'EUR', 0 from event e where e.community_id = $1`,
      [communityId],
    );
    await client.query("analyze");
  } finally {
    await client.end();
  }

  const organizerCheckIns: Record<number, string> = {};
  await inBatches(organizerCount, SIGN_IN_CONCURRENCY, async (i) => {
    const organizer = signedIn[i];
    if (!organizer) return;
    const registered = await organizer.browser.graphql<{ register: { id: string } }>(
      RegisterForEventDocument.toString(),
      { eventId: checkInEventId, input: { answers: [] } },
    );
    if (!registered.data?.register) throw new Error(`scale: register: ${JSON.stringify(registered.errors)}`);
    organizerCheckIns[i] = registered.data.register.id;
  });

  return {
    communityId,
    eventIds,
    users: signedIn.map(({ browser, id }) => ({
      id,
      cookies: new Map(browser.cookies),
      address: browser.address,
    })),
    organizerCheckIns,
    organizerCount,
  };
}
