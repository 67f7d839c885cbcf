// The scale bench's people, run on a worker thread of their own (bench/scale.ts, `startPeople`):
// the harness beside them in the main thread (the SMTP capture that receives the people's mail,
// the seed's and the settle's database reads) collects its own garbage without holding up the
// answers being timed here.
import { parentPort, workerData } from "node:worker_threads";
import { runLoad, type VirtualUser } from "./scale-load.ts";
import { type PeopleData, type PeopleWindow, slowSeconds, userSteps } from "./scale-people.ts";

const { baseUrl, seed } = workerData as PeopleData;
const users: VirtualUser[] = seed.users.map((user, i) => ({
  cookies: user.cookies,
  address: user.address,
  steps: userSteps(seed, i),
}));

parentPort?.on("message", async (window: PeopleWindow) => {
  const slow = window.slow ? slowSeconds() : null;
  const result = await runLoad(baseUrl, users, window.seconds, {
    ...(window.rounds === undefined ? {} : { rounds: window.rounds }),
    ...(window.strict ? { strict: true } : {}),
    ...(window.think ? { think: window.think } : {}),
    ...(slow ? { onAnswer: slow.record } : {}),
  });
  parentPort?.postMessage({ result, slow: slow?.summary() ?? null });
});
