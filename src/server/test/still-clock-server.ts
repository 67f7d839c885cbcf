import { BACKGROUND_STATEMENT } from "./background-statements.ts";
import { startTestServer, type TestServer } from "./harness.ts";

/**
 * A test server for caches: its clock stands still unless the test moves it (a slow machine never
 * ages an entry), its background jobs wait, and it counts the SQL a request sends.
 */
export async function startStillClockServer() {
  let nowMs = Date.now();
  const statements: string[] = [];
  const t: TestServer = await startTestServer({
    clock: () => new Date(nowMs),
    logger: { logQuery: (query) => statements.push(query) },
    overrides: { jobs: { pollIntervalMs: 3_600_000, logPollIntervalMs: 3_600_000, testHoldMs: 3_600_000 } },
  });
  return {
    t,
    now: () => nowMs,
    advance: (ms: number) => {
      nowMs += ms;
    },
    /**
     * The statements `run` sends. The background work earlier changes started (log subscribers,
     * mail) is finished first, and any it still sends is left out.
     */
    async countedStatements(run: () => Promise<unknown>) {
      await t.drain();
      statements.length = 0;
      await run();
      return statements.filter((statement) => !BACKGROUND_STATEMENT.test(statement)).length;
    },
  };
}
