// What the scale bench's simulated people do (bench/scale.ts), and their worker thread: the worker
// (scale-load-worker.ts) builds the same steps from this module without loading the harness.

import { Worker } from "node:worker_threads";
import {
  CancelMyRegistrationDocument,
  CheckInDocument,
  CommunityDocument,
  MembersDocument,
  OverviewPageDocument,
  RegisterForEventDocument,
  UndoCheckInDocument,
} from "#client/gql/graphql.ts";
import type { LoadResult, Step, ThinkTime } from "./scale-load.ts";
import type { ScaleSeed } from "./scale-seed.ts";

/** The issue's latency target: answers over it are counted by second, rows by whether their p99 is. */
export const TARGET_MS = 300;

const graphql = (document: { toString(): string }, variables: Record<string, unknown>): string =>
  JSON.stringify({ query: document.toString(), variables });

/** Throws unless a GraphQL answer has data at `field` and no errors. */
function dataAt(field: string) {
  return (body: string) => {
    const parsed = JSON.parse(body) as { data?: Record<string, unknown> | null; errors?: unknown };
    if (parsed.errors || !parsed.data?.[field]) throw new Error(`expected ${field}: ${body.slice(0, 300)}`);
    return parsed.data[field] as Record<string, unknown>;
  };
}

/** What each simulated person does, in a loop, for the length of a window. */
export function userSteps(seed: ScaleSeed, index: number): Step[] {
  const user = seed.users[index];
  if (!user) throw new Error(`no user ${index}`);
  const organizer = seed.organizerCheckIns[index];
  if (organizer !== undefined) {
    return [
      {
        kind: "dashboard",
        signedIn: true,
        graphql: true,
        body: graphql(CommunityDocument, { id: seed.communityId }),
        check: dataAt("community"),
      },
      {
        kind: "dashboard",
        signedIn: true,
        graphql: true,
        body: graphql(OverviewPageDocument, { communityId: seed.communityId }),
        check: dataAt("community"),
      },
      {
        kind: "member-search",
        signedIn: true,
        graphql: true,
        body: graphql(MembersDocument, {
          communityId: seed.communityId,
          first: 20,
          search: `Person ${index % 10}`,
        }),
        check: dataAt("members"),
      },
      {
        kind: "check-in",
        signedIn: true,
        graphql: true,
        body: graphql(CheckInDocument, { registrationId: organizer }),
        check: dataAt("checkIn"),
      },
      {
        kind: "check-in",
        signedIn: true,
        graphql: true,
        body: graphql(UndoCheckInDocument, { registrationId: organizer }),
        check: dataAt("undoCheckIn"),
      },
    ];
  }
  const eventId = seed.eventIds[index % seed.eventIds.length] as string;
  let registrationId = "";
  return [
    {
      kind: "event-page",
      signedIn: false,
      graphql: false,
      path: `/e/${eventId}`,
      check: (body) => {
        if (!body.includes('<div id="root">')) throw new Error(`not a rendered page: ${body.slice(0, 200)}`);
      },
    },
    {
      kind: "registration",
      signedIn: true,
      graphql: true,
      body: graphql(RegisterForEventDocument, { eventId, input: { answers: [], origin: "event_page" } }),
      check: (body) => {
        registrationId = String(dataAt("register")(body).id);
      },
    },
    {
      kind: "registration",
      signedIn: true,
      graphql: true,
      body: () => graphql(CancelMyRegistrationDocument, { id: registrationId }),
      check: dataAt("cancelRegistration"),
    },
  ];
}

/**
 * Where a people window's slow answers (over the 300 ms target) came: counted per second of the
 * window, per kind of step and per process that answered (of all its answers), so that a few
 * bursts tell apart from a steady tail, and one process's from all of them.
 */
export function slowSeconds() {
  let first: number | null = null;
  const bySecond = new Map<number, number>();
  const byKind = new Map<string, number>();
  const byProcess = new Map<string, { answers: number; slow: number }>();
  let slow = 0;
  return {
    record(sentAt: number, tookMs: number, kind: string, servedBy: string) {
      first ??= sentAt;
      let process = byProcess.get(servedBy);
      if (!process) {
        process = { answers: 0, slow: 0 };
        byProcess.set(servedBy, process);
      }
      process.answers += 1;
      if (tookMs <= TARGET_MS) return;
      slow += 1;
      process.slow += 1;
      const second = Math.max(0, Math.floor((sentAt - first) / 1000));
      bySecond.set(second, (bySecond.get(second) ?? 0) + 1);
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
    },
    summary() {
      const worst = [...bySecond].sort((a, b) => b[1] - a[1]).slice(0, 5);
      const kinds = [...byKind].sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${kind} ${n}`);
      const processes = [...byProcess]
        .sort((a, b) => a[0].localeCompare(b[0]))
        .map(([name, p]) => `${name} ${p.slow} of ${p.answers}`);
      return slow === 0
        ? `no answer over ${TARGET_MS} ms`
        : `${slow} answers over ${TARGET_MS} ms (${kinds.join(", ")}) in ${bySecond.size} of its seconds; most in second ${worst.map(([s, n]) => `${s} (${n})`).join(", ")}; by process ${processes.join(", ")}`;
    },
  };
}

/** What the worker thread is started with. */
export type PeopleData = { baseUrl: string; seed: ScaleSeed };
/** One window: `slow` asks for the summary of its answers over the target. */
export type PeopleWindow = {
  seconds: number;
  rounds?: number;
  strict?: boolean;
  think?: ThinkTime;
  slow?: boolean;
};

export type People = {
  /** One window of the people's load; `slow` in the answer when the window asked for it. */
  run(window: PeopleWindow): Promise<{ result: LoadResult; slow: string | null }>;
  stop(): Promise<number>;
};

/**
 * The people on a worker thread of their own (`scale-load-worker.ts`), one window at a time: the
 * SMTP capture, the settles' queries and everything else of the harness stay on this thread, whose
 * garbage collections would otherwise hold up the answers under way and count in their times.
 */
export function startPeople(baseUrl: string, seed: ScaleSeed): People {
  const data: PeopleData = { baseUrl, seed };
  const worker = new Worker(new URL("./scale-load-worker.ts", import.meta.url), { workerData: data });
  return {
    run(window) {
      return new Promise((resolve, reject) => {
        const detach = () => {
          worker.off("message", onMessage);
          worker.off("error", onError);
          worker.off("exit", onExit);
        };
        const onMessage = (answer: { result: LoadResult; slow: string | null }) => {
          detach();
          resolve(answer);
        };
        const onError = (error: Error) => {
          detach();
          reject(error);
        };
        const onExit = (code: number) => {
          detach();
          reject(new Error(`the people's worker thread exited (code ${code})`));
        };
        worker.on("message", onMessage);
        worker.on("error", onError);
        worker.on("exit", onExit);
        worker.postMessage(window);
      });
    },
    stop: () => worker.terminate(),
  };
}
