// Runs a command against a throwaway PostgreSQL cluster:
//   node scripts/with-postgres.ts vitest run --project integration
// The command gets DATABASE_URL=postgres://postgres@127.0.0.1:PORT/commons_test. The cluster and its
// directory are removed afterwards, also on failure or Ctrl-C, and the command's exit code is ours.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join, resolve } from "node:path";

const repoRoot = resolve(import.meta.dirname, "..");

/** PG_BIN, else the newest /usr/lib/postgresql/<version>/bin that has initdb; undefined when none. */
export function findPostgresBin(): string | undefined {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return existsSync(join(fromEnv, "initdb")) ? fromEnv : undefined;
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, "bin", "initdb")) && existsSync(join(base, v, "bin", "pg_ctl")))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? join(base, versions[0], "bin") : undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolvePort(address.port);
        else reject(new Error("could not determine a free port"));
      });
    });
  });
}

type Captured = { code: number; output: string };

/** Runs a setup step with its output captured, so a failure can show what the tool said. */
function capture(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Captured> {
  return new Promise((resolveRun) => {
    const child = spawn(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", (error) => resolveRun({ code: 127, output: `${output}${error.message}\n` }));
    child.on("close", (code, signal) => resolveRun({ code: code ?? (signal ? 128 : 1), output }));
  });
}

async function mustRun(label: string, cmd: string, args: string[], env?: NodeJS.ProcessEnv): Promise<void> {
  const result = await capture(cmd, args, env);
  if (result.code !== 0) {
    throw new Error(`with-postgres: ${label} failed (exit ${result.code}):\n${result.output}`);
  }
}

const signalNumbers: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

/** initdb's arguments for a throwaway cluster in `dataDir`: trust on loopback, UTF-8, C locale. */
export function initdbArgs(dataDir: string): string[] {
  return ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"];
}

/**
 * The server options (`pg_ctl -o`) of a throwaway cluster on loopback `port` with its socket in
 * `socketDir`. It needs no durability: these settings make the test suite much faster.
 */
export function throwawayServerOptions(port: number, socketDir: string, maxConnections: number): string {
  return [
    `-p ${port}`,
    "-h 127.0.0.1",
    `-k ${socketDir}`,
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    `-c max_connections=${maxConnections}`,
  ].join(" ");
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0) {
    console.error("usage: node scripts/with-postgres.ts <command> [args...]");
    return 2;
  }
  const bin = findPostgresBin();
  if (!bin) {
    console.error(
      "with-postgres: no PostgreSQL binaries found (set PG_BIN, or `apt-get install -y postgresql`).",
    );
    return 1;
  }

  // initdb and pg_ctl refuse to run as root, so as root the cluster belongs to the postgres OS user.
  const asRoot = process.getuid?.() === 0;
  const asOwner = (cmd: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];

  const dir = mkdtempSync(join(tmpdir(), "commons-pg-"));
  const dataDir = join(dir, "data");
  const logFile = join(dir, "postgres.log");
  let started = false;
  let child: ChildProcess | undefined;
  let interrupted: string | undefined;

  const cleanup = async () => {
    if (started) {
      const [cmd, args] = asOwner(join(bin, "pg_ctl"), [
        "stop",
        "-D",
        dataDir,
        "-m",
        "fast",
        "-w",
        "-t",
        "30",
      ]);
      const stopped = await capture(cmd, args);
      if (stopped.code !== 0) {
        const [kcmd, kargs] = asOwner(join(bin, "pg_ctl"), ["stop", "-D", dataDir, "-m", "immediate", "-w"]);
        await capture(kcmd, kargs);
      }
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = signal;
    // Ctrl-C reaches the whole process group already; other signals are passed on by hand.
    if (child && child.exitCode === null && signal !== "SIGINT") child.kill(signal);
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, onSignal);

  try {
    if (asRoot) {
      const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
      const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
      chownSync(dir, uid, gid);
      chmodSync(dir, 0o700);
    }

    const [initCmd, initArgs] = asOwner(join(bin, "initdb"), initdbArgs(dataDir));
    await mustRun("initdb", initCmd, initArgs);
    if (interrupted) return 130;

    const port = await freePort();
    const serverOptions = throwawayServerOptions(port, dir, 200);
    const [startCmd, startArgs] = asOwner(join(bin, "pg_ctl"), [
      "start",
      "-D",
      dataDir,
      "-l",
      logFile,
      "-w",
      "-t",
      "60",
      "-o",
      serverOptions,
    ]);
    started = true;
    const start = await capture(startCmd, startArgs);
    if (start.code !== 0) {
      const log = existsSync(logFile) ? readFileSync(logFile, "utf8") : "";
      throw new Error(`with-postgres: pg_ctl start failed (exit ${start.code}):\n${start.output}\n${log}`);
    }
    if (interrupted) return 130;

    await mustRun("createdb", join(bin, "createdb"), [
      "-h",
      "127.0.0.1",
      "-p",
      String(port),
      "-U",
      "postgres",
      "commons_test",
    ]);
    if (interrupted) return 130;

    const databaseUrl = `postgres://postgres@127.0.0.1:${port}/commons_test`;
    console.error(`with-postgres: PostgreSQL (${bin}) ready at ${databaseUrl}`);

    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      // So `with-postgres.ts vitest ...` works outside npm scripts too; psql and friends are found as well.
      PATH: [join(repoRoot, "node_modules", ".bin"), bin, process.env.PATH ?? ""].join(delimiter),
    };
    const [command, ...args] = argv as [string, ...string[]];
    const exit = await new Promise<number>((resolveExit) => {
      child = spawn(command, args, { stdio: "inherit", env });
      child.on("error", (error) => {
        console.error(`with-postgres: could not start ${command}: ${error.message}`);
        resolveExit(127);
      });
      child.on("exit", (code, signal) => {
        resolveExit(code ?? 128 + (signal ? (signalNumbers[signal] ?? 1) : 1));
      });
    });
    return exit;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await cleanup();
  }
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2));
}
