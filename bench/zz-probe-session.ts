import http from "node:http";
import { startApp } from "./request-path-processes.ts";
import { loopback, signedInCookie } from "./request-path-rungs.ts";

const app = await startApp({
  database: "postgres",
  cpuProfile: process.env.PROF ? { dir: "/work/perf", name: "session.cpuprofile" } : undefined,
});
const server = app.info;
const copy = await signedInCookie(server);
const agent = new http.Agent({ keepAlive: true });
const url = new URL(`${loopback(server.appUrl)}/api/auth/get-session`);
function get(cookie: string) {
  return new Promise<number>((resolve, reject) => {
    const req = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        agent,
        headers: { cookie, origin: server.appUrl },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
  });
}
async function run(label: string, cookie: string, n: number, conc = 4) {
  let i = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: conc }, async () => {
      while (i++ < n) {
        const s = await get(cookie);
        if (s !== 200) throw new Error(String(s));
      }
    }),
  );
  const ms = performance.now() - t;
  console.log(
    `${label}: ${n} in ${ms.toFixed(0)} ms, ${(ms / n).toFixed(2)} ms each, ${((n / ms) * 1000).toFixed(0)}/s`,
  );
}
for (let r = 0; r < 2; r++) {
  if (!process.env.PROF) await run("with copy", copy, 3000);
  await run("token only (database)", server.sessionCookie, 3000);
}
await app.stop();
