// Run by bench/member-import.ts, once on PGlite and once on PostgreSQL (DATABASE_URL set): the real
// server started on that database, its owner signed in, a community created and a 5,000-row CSV
// uploaded through the app's own routes; then the import started while three clients poll the
// server back to back (`/readyz`, the static `/login` page, and the GraphQL query the import's
// progress bar polls). Their latencies during the import say whether one import leaves room for
// everyone else. Prints one JSON line last.
import { ensureClientBuilt, startAppServer } from "../e2e/support/app-server.ts";
import { freePort } from "../scripts/with-postgres.ts";
import { signIn } from "./app-sign-in.ts";
import { importCsvOf } from "./member-import-csv.ts";

const ROWS = Number(process.env.IMPORT_LATENCY_ROWS ?? 5_000);
/** Pause between one answer and a poller's next request. */
const POLL_GAP_MS = 20;

const log = (line: string) => console.error(`member-import-latency: ${line}`);

type Latencies = { count: number; p50: number; p99: number; max: number };

function latencies(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0 };
}

const csvOf = (rows: number) =>
  importCsvOf(rows, (i) =>
    i % 250 === 0
      ? { line: `Broken ${i},not-an-address-${i},`, refused: true }
      : { line: `Person ${i},p${i}@bench.example,${i % 7 === 0 ? "vip" : ""}`, refused: false },
  );

async function main() {
  const databaseUrl = process.env.IMPORT_LATENCY_DB === "postgres" ? process.env.DATABASE_URL : undefined;
  if (process.env.IMPORT_LATENCY_DB === "postgres" && !databaseUrl)
    throw new Error("DATABASE_URL is not set");
  ensureClientBuilt();
  const app = await startAppServer({
    port: await freePort(),
    name: `member-import-latency-${databaseUrl ? "postgres" : "pglite"}`,
    env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
    readyTimeoutMs: 120_000,
  });
  try {
    const cookie = await signIn(app.url, app.logFile, `owner-${Date.now()}@bench.example`);
    const headers = { cookie, origin: app.url };
    const graphql = async <T>(query: string, variables: Record<string, unknown>): Promise<T> => {
      const response = await fetch(`${app.url}/api/graphql`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data?: T; errors?: unknown };
      if (!body.data || body.errors) throw new Error(`graphql: ${JSON.stringify(body.errors)}`);
      return body.data;
    };
    const slug = `import-latency-${Date.now().toString(36)}`;
    const { createCommunity } = await graphql<{ createCommunity: { id: string } }>(
      "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
      {
        input: {
          name: "Import latency",
          slug,
          description: "",
          timeZone: "UTC",
          currency: "EUR",
          visibility: "PUBLIC",
          joinPolicy: "OPEN",
        },
      },
    );
    const communityId = createCommunity.id;
    const { text, refused } = csvOf(ROWS);
    const filePath = `${communityId}/people.csv`;
    const form = new FormData();
    form.set("file", new Blob([text], { type: "text/csv" }), "people.csv");
    const uploaded = await fetch(
      `${app.url}/api/storage/v0/b/member-imports/o?name=${encodeURIComponent(filePath)}`,
      { method: "POST", headers, body: form },
    );
    if (!uploaded.ok) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);

    const statusQuery = `query ($id: ID!) { memberImport(id: $id) {
      id status totalRows rowsDone added invited skipped rejected error createdAt finishedAt reportUrl
      rejectedRows(first: 20) { line email reason } } }`;
    type Status = {
      memberImport: {
        status: string;
        rowsDone: number;
        added: number;
        rejected: number;
        createdAt: string;
        finishedAt: string | null;
      };
    };
    let failures = 0;
    // A request that fails (a connection reset) counts with the time it took, and as a failure.
    const timed = async (request: () => Promise<unknown>, into: number[]) => {
      const started = performance.now();
      try {
        await request();
      } catch (error) {
        failures++;
        log(`request failed: ${error instanceof Error ? error.message : error}`);
      }
      into.push(performance.now() - started);
    };
    const readyz = () => fetch(`${app.url}/readyz`).then((r) => r.arrayBuffer());
    const login = () => fetch(`${app.url}/login`).then((r) => r.arrayBuffer());
    // Warm-up: statements prepared and caches filled, as on a server that has been up for a while.
    for (let i = 0; i < 20; i++) {
      await readyz();
      await login();
    }

    const samples = { readyz: [] as number[], login: [] as number[], graphql: [] as number[] };
    const { startMemberImport } = await graphql<{ startMemberImport: { id: string } }>(
      "mutation ($communityId: ID!, $input: MemberImportInput!) { startMemberImport(communityId: $communityId, input: $input) { id } }",
      {
        communityId,
        input: { filePath, emailColumn: 1, nameColumn: 0, tagsColumn: 2, role: "MEMBER", mode: "ADD" },
      },
    );
    const importId = startMemberImport.id;
    const started = performance.now();
    let last: Status["memberImport"] | undefined;
    let running = true;
    const poll = async (request: () => Promise<unknown>, into: number[]) => {
      while (running) {
        await timed(request, into);
        await new Promise((r) => setTimeout(r, POLL_GAP_MS));
      }
    };
    const watch = async () => {
      while (running) {
        await timed(async () => {
          last = (await graphql<Status>(statusQuery, { id: importId })).memberImport;
        }, samples.graphql);
        if (last?.status === "DONE" || last?.status === "FAILED") running = false;
        else await new Promise((r) => setTimeout(r, POLL_GAP_MS));
      }
    };
    await Promise.all([poll(readyz, samples.readyz), poll(login, samples.login), watch()]);
    const seenDoneMs = performance.now() - started;
    const serverMs =
      last?.finishedAt && last.createdAt
        ? Date.parse(last.finishedAt) - Date.parse(last.createdAt)
        : seenDoneMs;
    const result = {
      database: databaseUrl ? "postgres" : "pglite",
      rows: ROWS,
      importMs: serverMs,
      expected: { added: ROWS - refused, rejected: refused },
      failures,
      result: last && { status: last.status, added: last.added, rejected: last.rejected },
      readyz: latencies(samples.readyz),
      login: latencies(samples.login),
      graphql: latencies(samples.graphql),
    };
    log(JSON.stringify(result));
    console.log(JSON.stringify(result));
  } finally {
    await app.stop();
  }
}

await main();
