import { AsyncLocalStorage } from "node:async_hooks";
import { startTestServer, type TestServer } from "./harness.ts";

/**
 * A test server for caches: its clock stands still unless the test moves it (a slow machine never
 * ages an entry), its background jobs wait, and it counts the SQL a request sends.
 */
export async function startStillClockServer() {
  let nowMs = Date.now();
  const statements: string[] = [];
  // Only what a request sends itself counts: the background jobs (log subscribers, outbox, digests,
  // imports) send theirs outside any request's context.
  const inRequest = new AsyncLocalStorage<true>();
  const t: TestServer = await startTestServer({
    clock: () => new Date(nowMs),
    logger: {
      logQuery: (query) => {
        if (inRequest.getStore()) statements.push(query);
      },
    },
    requestContext: inRequest,
    overrides: { jobs: { pollIntervalMs: 3_600_000, logPollIntervalMs: 3_600_000, testHoldMs: 3_600_000 } },
  });
  return {
    t,
    now: () => nowMs,
    advance: (ms: number) => {
      nowMs += ms;
    },
    /**
     * The statements the requests `run` makes send. The background work earlier changes started
     * is finished first: a write's request wakes the log's dispatcher, whose passes would otherwise
     * go on in that request's context.
     */
    async countedStatements(run: () => Promise<unknown>) {
      await t.drain();
      statements.length = 0;
      await run();
      return statements.length;
    },
  };
}
