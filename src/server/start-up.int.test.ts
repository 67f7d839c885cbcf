// What a new user sees from `npm start` on a fresh data directory: where the app is and where the
// sign-in codes appear, nothing that looks like a problem, and a code that really arrives there.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type ChildServer, freePort, killChildServer, startChildServer } from "#server/test/child-server.ts";
import { SERVER_PER_TEST_TIMEOUT } from "#server/test/harness.ts";

let dataDir = "";
let port = 0;
let server: ChildServer | undefined;
let blocker: Server | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "commons-start-up-"));
  port = await freePort();
  // A fresh data directory: PGlite's initdb and every migration, slow on a busy machine.
  server = await startAsNpmStart(port);
}, 180_000);

afterAll(async () => {
  await killChildServer(server);
  await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

/** As `npm start` runs it: production, no SMTP_URL, the embedded database. */
async function startAsNpmStart(port: number, data = dataDir): Promise<ChildServer> {
  return startChildServer({
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir: data,
    smtpUrl: null,
    databaseUrl: null,
    env: { NODE_ENV: "production" },
  });
}

const lines = (text: string) => text.split("\n").filter((line) => line.trim() !== "");

it("prints where the app is and where sign-in codes appear, and the code from the log signs in", {
  timeout: SERVER_PER_TEST_TIMEOUT,
}, async () => {
  const url = `http://127.0.0.1:${port}`;
  if (!server) throw new Error("the server did not start");
  const printed = lines(server.log());
  expect(printed).toEqual([
    `Commons is running at ${url} (embedded database in ${dataDir})`,
    "Sign-in codes and all other mail are printed below, in this log, until SMTP_URL is set.",
  ]);

  const email = "first-user@example.test";
  const headers = { "content-type": "application/json", origin: url };
  const sent = await fetch(`${url}/api/auth/email-otp/send-verification-otp`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, type: "sign-in" }),
  });
  expect(sent.status).toBe(200);
  const codeInLog = () =>
    /is your Commons sign-in code\n[\s\S]*?\n\s+(\d{6})\n/.exec(server?.log() ?? "")?.[1];
  await expect.poll(codeInLog, { timeout: 10_000 }).toMatch(/^\d{6}$/);
  expect(server.log()).toContain(`--- mail to ${email} ---`);

  const signedIn = await fetch(`${url}/api/auth/sign-in/email-otp`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, otp: codeInLog() }),
  });
  expect(signedIn.status).toBe(200);
  expect(lines(server.log()).filter((line) => /warn|error|deprecat|fail/i.test(line))).toEqual([]);
});

it("says in one line that the port is taken, with no stack trace, and exits", {
  timeout: SERVER_PER_TEST_TIMEOUT,
}, async () => {
  const taken = await freePort();
  blocker = createServer();
  await new Promise<void>((resolve) => blocker?.listen(taken, "127.0.0.1", resolve));

  const failure = await startAsNpmStart(taken, path.join(dataDir, "second")).then(
    () => "started",
    (error: Error) => error.message,
  );
  const printed = lines(failure.replace(/^server exited before it was ready:\n/, ""));
  expect(printed).toEqual([
    `Port ${taken} is already in use: stop what listens there, or set PORT to another port.`,
  ]);
});
