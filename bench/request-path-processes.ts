// Starts the processes the request-path ladder measures: the bare node:http server and the app
// (bench/request-path-server.ts), each in its own process, apart from the load generator. On
// PostgreSQL the app runs under scripts/with-postgres.ts, which gives it a throwaway cluster and
// removes it when the app exits.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../e2e/support/paths.ts";
import { freePort } from "../scripts/with-postgres.ts";
import { READY_PREFIX, type RequestStats, type SeededServer } from "./request-path-protocol.ts";

export type Started<T> = { info: T; pid: number; stop: () => Promise<void> };

/** Spawns `args`, waits for a stdout line starting with `prefix`, and stops it with SIGTERM. */
function startProcess(
  label: string,
  args: string[],
  prefix: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<Started<string>> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let exited = false;
  const exitedPromise = new Promise<void>((resolveExit) =>
    child.once("exit", () => {
      exited = true;
      resolveExit();
    }),
  );
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const stop = async () => {
    process.off("exit", killOnExit);
    if (!exited) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      await exitedPromise;
      clearTimeout(timer);
    }
  };
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${label}: not ready within ${timeoutMs} ms\n${output.slice(-4000)}`));
    }, timeoutMs);
    let pending = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      const ready = lines.find((line) => line.startsWith(prefix));
      if (ready !== undefined) {
        clearTimeout(timer);
        resolveStart({ info: ready.slice(prefix.length), pid: child.pid ?? 0, stop });
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    });
    void exitedPromise.then(() => {
      clearTimeout(timer);
      reject(new Error(`${label}: exited before it was ready\n${output.slice(-4000)}`));
    });
  });
}

export async function startBareServer(): Promise<Started<string>> {
  const started = await startProcess(
    "bare server",
    ["bench/request-path-bare.ts"],
    "BARE_READY ",
    process.env,
    20_000,
  );
  return { ...started, info: `http://127.0.0.1:${started.info}` };
}

export type AppOptions = {
  database: "postgres" | "pglite";
  /** Writes a V8 CPU profile of the whole process to dir/name when it exits. */
  cpuProfile?: { dir: string; name: string };
  /** Settings for the app beside the bench's own (LOG_LEVEL, METRICS_TOKEN). */
  env?: Record<string, string>;
};

export async function startApp(options: AppOptions): Promise<Started<SeededServer>> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "commons-bench-request-path-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    AUTH_SECRET: randomBytes(32).toString("hex"),
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  // The app's defaults unless a run sets them: the bench's own environment does not leak in.
  for (const name of ["LOG_LEVEL", "METRICS_TOKEN"]) if (!options.env?.[name]) delete env[name];
  const nodeFlags = options.cpuProfile
    ? ["--cpu-prof", `--cpu-prof-dir=${options.cpuProfile.dir}`, `--cpu-prof-name=${options.cpuProfile.name}`]
    : [];
  const serverArgs = [...nodeFlags, "bench/request-path-server.ts"];
  const args =
    options.database === "postgres"
      ? ["scripts/with-postgres.ts", process.execPath, ...serverArgs]
      : serverArgs;
  try {
    const started = await startProcess(`app on ${options.database}`, args, READY_PREFIX, env, 180_000);
    return {
      info: JSON.parse(started.info) as SeededServer,
      pid: started.pid,
      stop: async () => {
        await started.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export async function readStats(server: SeededServer): Promise<RequestStats> {
  const response = await fetch(server.statsUrl);
  return (await response.json()) as RequestStats;
}
