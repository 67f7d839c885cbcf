// Run by bench/members-export.ts inside scripts/with-postgres.ts (DATABASE_URL set): the member
// table's fill (1,000,000 members of one community), then the real server started on that database,
// its owner signed in through the e-mailed code (read from the server's log), and
// GET /api/communities/{id}/members.csv read to the end. The server's resident memory is sampled
// through the download: its growth over the level just before is what the export costs. Prints one
// JSON line last.
import { readFileSync } from "node:fs";
import { ensureClientBuilt, startAppServer } from "../e2e/support/app-server.ts";
import { freePort } from "../scripts/with-postgres.ts";
import { signIn } from "./app-sign-in.ts";
import { BIG, COMMUNITY, openSeededDatabase } from "./members-seed.ts";

const log = (line: string) => console.error(`members-export: ${line}`);

/** Resident memory of a process in bytes, from /proc (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

async function main() {
  const { databaseUrl, client, seedMs } = await openSeededDatabase(log);
  const { rows } = await client.query<{ email: string }>(
    `select u.email from membership m join "user" u on u.id = m.user_id
     where m.community_id = $1 and m.role = 'owner'`,
    [COMMUNITY],
  );
  await client.end();
  const ownerEmail = rows[0]?.email;
  if (!ownerEmail) throw new Error("the seeded community has no owner");

  ensureClientBuilt();
  const app = await startAppServer({
    port: await freePort(),
    name: "members-export-server",
    env: { DATABASE_URL: databaseUrl },
    readyTimeoutMs: 120_000,
  });
  try {
    const cookie = await signIn(app.url, app.logFile, ownerEmail);
    const csvUrl = `${app.url}/api/communities/${COMMUNITY}/members.csv`;
    // A first small read warms the route and its statements, so the growth measured is the export's.
    const warm = await fetch(`${csvUrl}?status=banned`, { headers: { cookie } });
    if (!warm.ok) throw new Error(`warm-up export: ${warm.status} ${await warm.text()}`);
    await warm.arrayBuffer();
    const baseline = rssOf(app.pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(app.pid));
    }, 20);
    const started = performance.now();
    const response = await fetch(csvUrl, { headers: { cookie } });
    if (!response.ok || !response.body)
      throw new Error(`export: ${response.status} ${await response.text()}`);
    let bytes = 0;
    let lines = 0;
    let firstByteMs = 0;
    for await (const chunk of response.body) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const totalMs = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(app.pid));
    const rowsExported = lines - 1;
    log(
      `${rowsExported} rows, ${(bytes / 1e6).toFixed(1)} MB in ${(totalMs / 1000).toFixed(1)} s; ` +
        `server RSS ${(baseline / 1e6).toFixed(0)} MB before, peak ${(peak / 1e6).toFixed(0)} MB`,
    );
    console.log(
      JSON.stringify({
        seedMs,
        members: BIG,
        rows: rowsExported,
        bytes,
        firstByteMs,
        totalMs,
        baselineRss: baseline,
        peakRss: peak,
        growth: peak - baseline,
      }),
    );
  } finally {
    await app.stop();
  }
}

await main();
