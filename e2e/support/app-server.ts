// Starts the real app server (production mode, fresh data directory) for the e2e journeys and the
// benchmarks. One implementation, used by e2e/support/global-setup.ts and bench/run.ts.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nodeBin, repoRoot, scratchDir } from "./paths.ts";

/** Builds the client when dist/client/index.html is missing (`npm test` builds it before Playwright). */
export function ensureClientBuilt(): void {
  const built = ["client/index.html", "server/entry-server.js"].every((file) =>
    existsSync(join(repoRoot, "dist", file)),
  );
  if (built) return;
  console.log("dist/client/index.html or dist/server/entry-server.js is missing: running `npm run build`");
  const result = spawnSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
}

export type AppServer = {
  /** The origin the browser uses, e.g. http://localhost:4173 (equal to APP_URL). */
  url: string;
  port: number;
  logFile: string;
  /** The server process, for benchmarks that read its memory. */
  pid: number;
  stop: () => Promise<void>;
};

export type AppServerOptions = {
  port: number;
  /** smtp://host:port; without one the server prints mail to its log. */
  smtpUrl?: string;
  /** Extra environment, e.g. DATABASE_URL for benchmarks on PostgreSQL. */
  env?: Record<string, string>;
  /** Name for the log file in .tmp/. */
  name?: string;
  readyTimeoutMs?: number;
};

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolveCheck) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolveCheck(true);
    });
    socket.once("error", () => resolveCheck(false));
  });
}

export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const { port } = options;
  const url = `http://localhost:${port}`;
  // Another server on the port would answer /readyz for us and the tests would run against it.
  if (await portInUse(port)) {
    throw new Error(`port ${port} is already in use: stop whatever listens there (a previous run?)`);
  }

  mkdirSync(scratchDir, { recursive: true });
  const logFile = join(scratchDir, `${options.name ?? "app-server"}.log`);
  const log = createWriteStream(logFile);
  let logText = "";
  const dataDir = mkdtempSync(join(tmpdir(), "commons-data-"));

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: url,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    AUTH_SECRET: randomBytes(32).toString("hex"),
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  };
  if (!options.smtpUrl) delete env.SMTP_URL;
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;

  const child: ChildProcess = spawn(nodeBin, ["src/server/main.ts"], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const onOutput = (chunk: Buffer) => {
    log.write(chunk);
    logText = (logText + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on("data", onOutput);
  child.stderr?.on("data", onOutput);
  let exited: string | undefined;
  const exitedPromise = new Promise<void>((resolveExit) => {
    child.on("exit", (code, signal) => {
      exited = `exit code ${code ?? "none"}, signal ${signal ?? "none"}`;
      resolveExit();
    });
  });

  // Should this process die without calling stop(), do not leave a server holding the port.
  const killOnExit = () => {
    if (exited === undefined) child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once("exit", killOnExit);

  const stop = async () => {
    process.off("exit", killOnExit);
    if (exited === undefined) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exitedPromise;
      clearTimeout(timer);
    }
    await new Promise<void>((resolveClose) => log.end(() => resolveClose()));
    rmSync(dataDir, { recursive: true, force: true });
  };

  const timeoutMs = options.readyTimeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline && exited === undefined) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return { url, port, logFile, pid: child.pid ?? 0, stop };
      lastProblem = `GET /readyz answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const reason = exited
    ? `the server exited (${exited})`
    : `not ready within ${timeoutMs} ms (${lastProblem})`;
  await stop();
  throw new Error(
    `App server on port ${port}: ${reason}.\n` +
      `----- server log (${logFile}) -----\n${logText || "(empty)"}\n----- end of server log -----`,
  );
}
