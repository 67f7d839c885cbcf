// Run by bench/agents.ts inside scripts/with-postgres.ts (DATABASE_URL set): the app's composition
// root (`createServerApp`, so its jobs run the agents as in production) on that PostgreSQL, mail to
// a real SMTP server in this process, twenty agents switched on (agents-seed.ts), then the entries
// arrive at a steady pace through the domain services a signed-in person's request calls: people
// join, register and cancel. Once every run has ended, each run's lag is its end (finished_at, or
// when its proposals were queued) minus its entry's occurred_at, all on real clocks. Prints one
// JSON line last.
// Knobs (environment): AGENTS_BENCH_ENTRIES (10,000), AGENTS_BENCH_RATE (100 entries per second),
// AGENTS_BENCH_DRAIN_MS (how long to wait for the runs after the last entry, 600,000),
// AGENTS_BENCH_STATEMENTS=1 (list the jobs' most frequent SQL statements).
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { createServerApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { createEmit, hasEntriesAfter } from "#server/modules/log/log.service.ts";
import { joinCommunity } from "#server/modules/membership/join.service.ts";
import { cancelRegistration, register } from "#server/modules/registrations/registrations.service.ts";
import { startSmtpCapture } from "#server/test/smtp-capture.ts";
import { COMMUNITIES, seedAgentsBench } from "./agents-seed.ts";

const ENTRIES = Number(process.env.AGENTS_BENCH_ENTRIES ?? 10_000);
const RATE = Number(process.env.AGENTS_BENCH_RATE ?? 100);
const DRAIN_MS = Number(process.env.AGENTS_BENCH_DRAIN_MS ?? 600_000);
/** Requests in flight at once, as a server's connection pool allows; more and the pace slips. */
const IN_FLIGHT = 16;
/** Per ten entries: four joins, five registrations, one cancellation (of a registration made earlier). */
const MIX = [
  "join",
  "register",
  "join",
  "register",
  "register",
  "join",
  "register",
  "cancel",
  "join",
  "register",
] as const;
type Operation = (typeof MIX)[number];

const log = (line: string) => console.error(`agents: ${line}`);

type Latencies = { count: number; p50: number; p99: number; max: number };

function latencies(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const TICKS_PER_SECOND = 100;

/** utime, stime, cutime and cstime of a process (/proc/<pid>/stat), in clock ticks; null when gone. */
function cpuTicks(pid: number): { own: number; children: number; ppid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: the fields after it are fixed.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const at = (field: number) => Number(fields[field - 3] ?? 0);
    return { own: at(14) + at(15), children: at(16) + at(17), ppid: at(4) };
  } catch {
    return null;
  }
}

/**
 * CPU milliseconds PostgreSQL has used so far: the postmaster's own and its reaped children's, plus
 * its live children's (the backends, background writer, WAL writer). Linux only; null elsewhere.
 */
function postgresCpuMs(postmaster: number | null): number | null {
  if (postmaster === null) return null;
  const main = cpuTicks(postmaster);
  if (!main) return null;
  let ticks = main.own + main.children;
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const child = cpuTicks(pid);
    if (child?.ppid === postmaster) ticks += child.own;
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

const nodeCpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

export type AgentsMeasured = {
  entries: number;
  rate: number;
  agents: number;
  /** Operations the arrival tried and those a service refused (each refusal is one entry fewer). */
  operations: Record<Operation, number>;
  refused: number;
  /** How long each person's request (join, register, cancel) took while the agents ran. */
  requests: Latencies;
  /** Requests the arrival keeps in flight at most, and how long entries waited in all for a free slot. */
  inFlight: number;
  slotWaitMs: number;
  /** Log entries the people's requests wrote, and those the agents' own actions wrote (tags). */
  arrivedEntries: number;
  agentEntries: number;
  /** Entries the agents' subscriber read whose runs all ended (or wait for approval). */
  handledEntries: number;
  /** First entry to last: the pace the entries really arrived at. */
  arrivalMs: number;
  /** First entry to the last run's end. */
  windowMs: number;
  /** Whether every run ended and the agents' log position caught up before the drain time ran out. */
  drained: boolean;
  runs: number;
  /** Runs still queued or running when the wait ran out: counted in `lag` with the time they had waited. */
  unfinished: number;
  runsByStatus: Record<string, number>;
  /** Entry's occurred_at to the run's end (proposals queued, for a run awaiting approval). */
  lag: Latencies;
  /** The same for the runs that ended, by how they ended. */
  lagByStatus: Record<string, Latencies>;
  mail: {
    /** Agent mail the outbox holds, and how much of it it has sent. */
    queued: number;
    sent: number;
    /** Every mail the SMTP server received meanwhile: the app's own (tickets) besides the agents'. */
    delivered: number;
    /** A newcomer's join to the welcome mail arriving at the SMTP server. */
    welcome: Latencies;
  };
  /** SQL statements sent from the first entry until the runs were waited for: the people's, and the jobs'. */
  statements: { arrival: number; jobs: number };
  /** CPU used from the first entry until the runs were waited for: this process (arrival and jobs) and PostgreSQL. */
  cpu: { nodeMs: number; postgresMs: number | null; wallMs: number };
  /** The machine's one-minute load average when the runs were waited for, and its cores: others' work shows here. */
  loadAverage: number;
  cores: number;
  seedMs: number;
};

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL is not set");
  const joinedAt = new Map<string, number>();
  const welcomeLags: number[] = [];
  let delivered = 0;
  const smtp = await startSmtpCapture((mail) => {
    delivered++;
    if (!mail.subject.startsWith("Welcome to ")) return;
    for (const to of mail.to) {
      const at = joinedAt.get(to);
      if (at !== undefined) welcomeLags.push(mail.receivedAt - at);
    }
  });
  const dataDir = mkdtempSync(join(tmpdir(), "agents-bench-"));
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    APP_URL: "http://localhost:3000",
    DATA_DIR: dataDir,
    AUTH_SECRET: "agents-bench-secret-that-is-long-enough-0123456789",
    NODE_ENV: "production",
  });
  // Statements are counted apart: the arrival's (people's requests), this script's own looks at
  // how far the runs are, and the rest: the jobs'.
  const arrival = new AsyncLocalStorage<"arrival" | "bench">();
  const statements = { arrival: 0, jobs: 0 };
  // With AGENTS_BENCH_STATEMENTS=1, the jobs' statements are also tallied by their text, shown last.
  const tally = process.env.AGENTS_BENCH_STATEMENTS === "1" ? new Map<string, number>() : null;
  const logger = {
    logQuery: (query: string) => {
      const store = arrival.getStore();
      if (store === "arrival") statements.arrival++;
      else if (store === undefined) {
        statements.jobs++;
        const key = query.replace(/\s+/g, " ").slice(0, 140);
        if (tally) tally.set(key, (tally.get(key) ?? 0) + 1);
      }
    },
  };
  const database = await openDatabase({ databaseUrl, dataDir: null, logger });
  await database.migrate();
  const { db } = database;

  const joins = Math.ceil((ENTRIES * MIX.filter((m) => m === "join").length) / MIX.length);
  const registrations = Math.ceil((ENTRIES * MIX.filter((m) => m === "register").length) / MIX.length);
  const membersPerCommunity = Math.max(100, Math.ceil(registrations / COMMUNITIES.length / 3) + 50);
  const seeding = performance.now();
  const enabledAt = new Date();
  const seeded = await seedAgentsBench(db, { membersPerCommunity, newcomers: joins, enabledAt });
  const seedMs = performance.now() - seeding;
  log(
    `seeded ${seeded.agentIds.length} agents in ${COMMUNITIES.length} communities in ${Math.round(seedMs)} ms`,
  );

  const server = await createServerApp(config, { database, distDir: join(dataDir, "no-client") });
  // As the app's own emit: the entry is appended with the real clock and the jobs are woken.
  // The wake-up leaves the arrival's context, so the work it starts counts as the jobs'.
  const emit = createEmit({ clock: () => new Date(), onEmit: () => arrival.exit(() => server.jobs.wake()) });
  const clock = () => new Date();
  const viewer = (id: string, email = `${id}@agents-bench.test`) => ({ id, name: id, email, image: null });

  const operations: Record<Operation, number> = { join: 0, register: 0, cancel: 0 };
  const registered = seeded.communities.map(() => 0);
  // Registrations in the order they were asked for; a cancellation waits for the one it takes back.
  const cancelable: Promise<{ userId: string; registrationId: string } | null>[][] = seeded.communities.map(
    () => [],
  );
  const requestMs: number[] = [];
  /** How long entries waited past their due time for a free slot: the arrival falling behind. */
  let slotWaitMs = 0;
  let newcomer = 0;
  let refused = 0;

  const operate = async (i: number) => {
    const kind = MIX[i % MIX.length] ?? "join";
    const c = Math.floor(i / MIX.length) % seeded.communities.length;
    const community = seeded.communities[c];
    if (!community) return;
    operations[kind]++;
    const began = performance.now();
    try {
      if (kind === "join") {
        newcomer++;
        const id = `${seeded.newcomerPrefix}${newcomer}`;
        const email = `newcomer${newcomer}@agents-bench.test`;
        joinedAt.set(email, Date.now());
        await joinCommunity(
          { db, viewer: viewer(id, email), clock, emit, authSecret: config.authSecret },
          community.id,
          [],
        );
      } else if (kind === "register") {
        const r = registered[c] ?? 0;
        registered[c] = r + 1;
        // The events take turns (the workshop every third time); each member registers for each once.
        const events = community.eventIds.length;
        const userId = community.memberIds[Math.floor(r / events) % community.memberIds.length];
        const eventId = community.eventIds[r % events];
        if (!userId) return;
        if (!eventId) return;
        const placed = register({ db, viewer: viewer(userId), emit, clock }, eventId, {
          ticketTypeId: `${eventId}-free`,
          answers: [],
        });
        cancelable[c]?.push(placed.then((view) => ({ userId, registrationId: view.id })).catch(() => null));
        await placed;
      } else {
        const earlier = await cancelable[c]?.shift();
        if (!earlier) {
          refused++;
          return;
        }
        await cancelRegistration({ db, viewer: viewer(earlier.userId), emit, clock }, earlier.registrationId);
      }
      requestMs.push(performance.now() - began);
    } catch (error) {
      refused++;
      if (refused <= 5) log(`${kind} refused: ${error instanceof Error ? error.message : error}`);
    }
  };

  // An open arrival: each entry starts at its time whatever the earlier ones take, up to IN_FLIGHT.
  log(`${ENTRIES} entries at ${RATE} per second`);
  const [backend] = rowsOf<{ pid: number }>(await db.execute(sql`select pg_backend_pid() as pid`));
  const postmaster = backend ? (cpuTicks(Number(backend.pid))?.ppid ?? null) : null;
  const cpuAtStart = { node: nodeCpuMs(), postgres: postgresCpuMs(postmaster) };
  const started = Date.now();
  statements.jobs = 0;
  const inFlight = new Set<Promise<void>>();
  for (let i = 0; i < ENTRIES; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const waiting = performance.now();
    while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
    slotWaitMs += performance.now() - waiting;
    const op = arrival.run("arrival", () => operate(i)).finally(() => inFlight.delete(op));
    inFlight.add(op);
    if (i > 0 && i % (RATE * 10) === 0) log(`${i} entries, ${Math.round((Date.now() - started) / 1000)} s`);
  }
  await Promise.all(inFlight);
  log(`arrival done in ${Date.now() - started} ms; waiting for the runs`);

  // Done when the agents' subscriber has read the whole log and no run is queued or running.
  const agentIds = seeded.agentIds;
  const drainDeadline = Date.now() + DRAIN_MS;
  let drained = false;
  let subscribed = false;
  // Drizzle's queries run when awaited: awaited here, inside the context that marks them.
  const look = <T>(read: () => PromiseLike<T>) => arrival.run("bench", async () => await read());
  while (Date.now() < drainDeadline) {
    const [position] = rowsOf<{ tx_id: string; position: string }>(
      await look(() => db.execute(sql`select tx_id, position from log_subscriber where name = 'agents'`)),
    );
    subscribed = Boolean(position);
    const behind = position
      ? await look(() =>
          hasEntriesAfter(db, { txId: Number(position.tx_id), position: Number(position.position) }),
        )
      : true;
    const [open] = rowsOf<{ n: number }>(
      await look(() =>
        db.execute(sql`select count(*)::int as n from agent_run
          where status in ('queued', 'running') and agent_id in ${agentIds}`),
      ),
    );
    if (!behind && (open?.n ?? 0) === 0) {
      drained = true;
      break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!subscribed) log("no log subscriber named 'agents': this build does not run agents yet");
  // The mail the runs queued, handed to the SMTP server: waited for within what is left of the drain.
  const communityIds = seeded.communities.map((c) => c.id);
  const mailQueued = async () =>
    rowsOf<{ n: number; unsent: number }>(
      await db.execute(sql`select count(*)::int as n, count(*) filter (where sent_at is null)::int as unsent
        from outbox_message where kind = 'agent_mail'`),
    )[0] ?? { n: 0, unsent: 0 };
  const waitedUntil = Date.now();
  const postgresAtEnd = postgresCpuMs(postmaster);
  const cpu = {
    nodeMs: nodeCpuMs() - cpuAtStart.node,
    postgresMs:
      postgresAtEnd === null || cpuAtStart.postgres === null ? null : postgresAtEnd - cpuAtStart.postgres,
    wallMs: waitedUntil - started,
  };
  const jobsStatements = statements.jobs;
  let mail = await mailQueued();
  while (mail.unsent > 0 && Date.now() < drainDeadline) {
    await server.jobs.drain();
    mail = await mailQueued();
  }

  const runRows = rowsOf<{ status: string; lag_ms: number | null; ended: string | null }>(
    await db.execute(sql`
      select r.status,
        extract(epoch from (coalesce(r.finished_at, a.queued_at, ${new Date(waitedUntil).toISOString()}::timestamptz) - e.occurred_at)) * 1000 as lag_ms,
        coalesce(r.finished_at, a.queued_at) as ended
      from agent_run r
      join domain_event e on r.trigger_key = 'log:' || e.position
      left join lateral (select max(created_at) as queued_at from agent_approval where run_id = r.id) a on true
      where r.agent_id in ${agentIds}`),
  );
  const runsByStatus: Record<string, number> = {};
  const lagsByStatus: Record<string, number[]> = {};
  const lags: number[] = [];
  let lastEnd = 0;
  let unfinished = 0;
  for (const row of runRows) {
    runsByStatus[row.status] = (runsByStatus[row.status] ?? 0) + 1;
    // A run that has not ended counts with the time it had waited when the wait ran out: its lag
    // is at least that, and leaving it out would flatter the percentiles.
    const lag = Number(row.lag_ms);
    lags.push(lag);
    if (row.ended === null) {
      unfinished++;
      continue;
    }
    const ofStatus = lagsByStatus[row.status] ?? [];
    ofStatus.push(lag);
    lagsByStatus[row.status] = ofStatus;
    lastEnd = Math.max(lastEnd, new Date(row.ended).getTime());
  }
  const [entryFacts] = rowsOf<{ people: number; agents: number; first: string | null; last: string | null }>(
    await db.execute(sql`
      select count(*) filter (where actor_id is not null)::int as people,
        count(*) filter (where actor_id is null)::int as agents,
        min(occurred_at) filter (where actor_id is not null) as first,
        max(occurred_at) filter (where actor_id is not null) as last
      from domain_event where community_id in ${communityIds} and occurred_at >= ${enabledAt.toISOString()}::timestamptz`),
  );
  // Entries carried all the way: read by the agents' subscriber, and every run of theirs ended.
  const [handled] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from domain_event e
      where e.community_id in ${communityIds} and e.actor_id is not null
        and e.occurred_at >= ${enabledAt.toISOString()}::timestamptz
        and (e.tx_id, e.position) <= (select tx_id, position from log_subscriber where name = 'agents')
        and not exists (
          select 1 from agent_run r
          where r.trigger_key = 'log:' || e.position and r.agent_id in ${agentIds}
            and r.finished_at is null
            and not exists (select 1 from agent_approval a where a.run_id = r.id))`),
  );
  const first = entryFacts?.first ? new Date(entryFacts.first).getTime() : started;
  const last = entryFacts?.last ? new Date(entryFacts.last).getTime() : started;

  const result: AgentsMeasured = {
    entries: ENTRIES,
    rate: RATE,
    agents: agentIds.length,
    operations,
    refused,
    requests: latencies(requestMs),
    inFlight: IN_FLIGHT,
    slotWaitMs,
    arrivedEntries: entryFacts?.people ?? 0,
    handledEntries: handled?.n ?? 0,
    agentEntries: entryFacts?.agents ?? 0,
    arrivalMs: last - first,
    windowMs: Math.max(lastEnd, last) - first,
    drained,
    runs: runRows.length,
    unfinished,
    runsByStatus,
    lag: latencies(lags),
    lagByStatus: Object.fromEntries(Object.entries(lagsByStatus).map(([s, l]) => [s, latencies(l)])),
    mail: { queued: mail.n, sent: mail.n - mail.unsent, delivered, welcome: latencies(welcomeLags) },
    statements: { arrival: statements.arrival, jobs: jobsStatements },
    cpu,
    loadAverage: loadavg()[0] ?? 0,
    cores: cpus().length,
    seedMs,
  };
  if (tally)
    for (const [query, n] of [...tally].sort(([, a], [, b]) => b - a).slice(0, 40))
      log(`${String(n).padStart(7)}  ${query}`);
  await server.close();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
  log(JSON.stringify(result));
  console.log(JSON.stringify(result));
}

await main();
