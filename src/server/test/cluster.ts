// The production shape on this machine (issue 26, decision 040): a throwaway PostgreSQL, an
// S3-compatible server (s3rver), N app processes (src/server/main.ts) and HAProxy in front of them on
// loopback, round robin with health checks on /readyz. Used by the cross-process integration tests
// and by `npm run bench -- scale`. Every step is bounded by a deadline, and `dispose` removes
// everything, also after a failed start.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type ChildServer, freePort, killChildServer, startChildServer } from "./child-server.ts";
import { type PostgresCluster, startPostgresCluster } from "./postgres-cluster.ts";
import { type S3TestServer, startS3Server } from "./s3-server.ts";
import { type SmtpCapture, startSmtpCapture } from "./smtp-capture.ts";

export const HAPROXY_BIN = process.env.HAPROXY_BIN ?? "/usr/sbin/haproxy";
export const S3_BUCKET = "commons";

export type ClusterProcess = {
  /** The process's own address, to reach it past the balancer. */
  readonly url: string;
  /** HAProxy's name for it (app1, app2, ...). */
  readonly name: string;
  readonly pid: number;
  /** Whether it has exited (killed, crashed or stopped). */
  readonly exited: boolean;
  /** Sends `signal` and waits (bounded) until the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same port and settings (after `kill`), resolving once it listens. */
  restart(): Promise<void>;
  /** Resident memory in bytes, from /proc. */
  rss(): number;
  /** The last 20 kB of its stdout and stderr. */
  log(): string;
};

export type Cluster = {
  /** The balancer's address: APP_URL of every process. */
  readonly url: string;
  readonly processes: ClusterProcess[];
  readonly databaseUrl: string;
  readonly smtp: SmtpCapture;
  readonly s3: { endpoint: string; bucket: string };
  /** Each process's state as HAProxy's health checks see it, e.g. { app1: "UP", app2: "DOWN" }. */
  backendStates(): Promise<Record<string, string>>;
  /** How many requests HAProxy has sent to each process so far. */
  backendRequests(): Promise<Record<string, number>>;
  /** Resolves once HAProxy reports `name` in `state`, or throws after `timeoutMs`. */
  waitForBackend(name: string, state: "UP" | "DOWN", timeoutMs?: number): Promise<void>;
  /** Sends the next requests only to the first `count` processes (the others stay up, unused). */
  useProcesses(count: number): Promise<void>;
  stopDatabase(): Promise<void>;
  startDatabase(): Promise<void>;
  stopS3(): Promise<void>;
  startS3(): Promise<void>;
  dispose(): Promise<void>;
};

export type ClusterOptions = {
  /** App processes behind the balancer (1 to 3 in the tests). */
  processes: number;
  /** Extra settings for every process; they win over the cluster's. */
  env?: Record<string, string>;
  /** Bounds each start-up step (PostgreSQL, processes, HAProxy). */
  startTimeoutMs?: number;
  /** HAProxy's health-check interval: short in tests, so a dead process is out within a second or two. */
  checkIntervalMs?: number;
  /**
   * How the app processes reach PostgreSQL: "tcp" (loopback, the default, as across machines) or
   * "socket" (its Unix-domain socket, as an app beside its database on one machine connects).
   */
  database?: "tcp" | "socket";
};

/** Rejects with `label` if `promise` has not settled within `ms`. */
export async function withDeadline<T>(promise: Promise<T>, ms: number, label: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${label}: not done within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads `read` until `done` holds, or fails at the deadline (what it read last in the message). */
export async function waitUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms (${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One statement on a connection of its own (the cluster's database, past the app). */
export async function queryDatabase<T>(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Resolves once a loopback port, or a Unix socket at a path, accepts connections. */
async function waitForPort(port: number | string, timeoutMs: number, label: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = typeof port === "number" ? connect(port, "127.0.0.1") : connect(port);
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${label}: ${port} not open within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * HAProxy's configuration for the cluster: deploy/haproxy.cfg's settings (round robin, /readyz
 * checks, X-Forwarded-For, X-Request-Id, time-outs), on loopback, with the processes listed by
 * address instead of Docker's DNS, no request log, an admin socket for the tests, and the name of
 * the process that answered in `X-Served-By`.
 */
export function haproxyConfig(options: {
  port: number;
  socket: string;
  servers: { name: string; port: number; enabled: boolean }[];
  checkIntervalMs: number;
}): string {
  const servers = options.servers.map(
    (s) => `    server ${s.name} 127.0.0.1:${s.port}${s.enabled ? "" : " disabled"}`,
  );
  return `global
    maxconn 4096
    stats socket ${options.socket} mode 600 level admin

defaults
    mode http
    option redispatch
    retries 2
    timeout connect 5s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout queue 30s
    timeout client 60s
    timeout server 60s
    timeout client-fin 10s
    timeout server-fin 10s
    # A slow /readyz on a loaded machine is not an outage; a dead process is refused at once anyway.
    timeout check 5s

frontend http
    bind 127.0.0.1:${options.port}
    option forwardfor
    unique-id-format %{+X}o%ci:%cp_%fi:%fp_%Ts_%rt:%pid
    http-request set-header X-Request-Id %[unique-id] unless { req.hdr(x-request-id) -m reg ^[A-Za-z0-9_.:-]{1,128}$ }
    default_backend app

backend app
    balance roundrobin
    option httpchk
    http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host localhost
    http-check expect status 200
    # Which process answered, for the scale bench's count of slow answers by process.
    http-response set-header X-Served-By %[srv_name]
    # At most 20 requests at once per process (its database pool has 10 connections); the rest
    # wait here, so a burst queues instead of starving /readyz and taking every process out.
    default-server check inter ${options.checkIntervalMs} fall 2 rise 2 maxconn 20
${servers.join("\n")}
`;
}

/** Runs one command on HAProxy's admin socket and returns its answer. */
function haproxyCommand(socketPath: string, command: string, timeoutMs = 5_000): Promise<string> {
  return withDeadline(
    new Promise<string>((resolve, reject) => {
      const socket = connect(socketPath);
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString();
      });
      socket.once("error", reject);
      socket.once("end", () => resolve(answer));
      socket.once("connect", () => socket.end(`${command}\n`));
    }),
    timeoutMs,
    `haproxy "${command}"`,
  );
}

type HaproxyProcess = { child: ChildProcess; exited: Promise<void>; output: () => string };

function spawnHaproxy(configFile: string): HaproxyProcess {
  // -db: stays in the foreground, so it is this process's child and ends with it.
  const child = spawn(HAPROXY_BIN, ["-db", "-f", configFile], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  child.once("error", () => {});
  return { child, exited, output: () => output };
}

async function stopChild(child: ChildProcess, exited: Promise<void>, graceMs: number) {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

export type Balancer = {
  readonly url: string;
  /** HAProxy's admin socket. */
  readonly socket: string;
  readonly pid: number;
  stop(): Promise<void>;
};

/**
 * HAProxy on 127.0.0.1:`port` in front of `servers` (loopback ports), its configuration and admin
 * socket in `dir`; resolves once it accepts connections.
 */
export async function startBalancer(options: {
  dir: string;
  port: number;
  servers: { name: string; port: number; enabled?: boolean }[];
  checkIntervalMs: number;
  /** Called with HAProxy's process as soon as it is spawned, so a caller can kill it on exit. */
  onChild?: (child: ChildProcess) => void;
}): Promise<Balancer> {
  const socket = path.join(options.dir, "haproxy.sock");
  const configFile = path.join(options.dir, "haproxy.cfg");
  writeFileSync(
    configFile,
    haproxyConfig({
      port: options.port,
      socket,
      checkIntervalMs: options.checkIntervalMs,
      servers: options.servers.map((s) => ({ ...s, enabled: s.enabled ?? true })),
    }),
  );
  rmSync(socket, { force: true });
  const started = spawnHaproxy(configFile);
  options.onChild?.(started.child);
  const stop = () => stopChild(started.child, started.exited, 5_000);
  const failed = started.exited.then(() => {
    throw new Error(`haproxy exited:\n${started.output()}`);
  });
  failed.catch(() => {});
  try {
    await withDeadline(
      // HAProxy may open its port a moment before its admin socket, which the tests read at once.
      Promise.race([
        Promise.all([
          waitForPort(options.port, 20_000, "haproxy"),
          waitForPort(socket, 20_000, "haproxy's admin socket"),
        ]),
        failed,
      ]),
      20_000,
      "haproxy start",
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${options.port}`, socket, pid: started.child.pid ?? 0, stop };
}

/** Starts PostgreSQL, s3rver, SMTP capture, `processes` app processes at once, and HAProxy. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const startTimeoutMs = options.startTimeoutMs ?? 120_000;
  const checkIntervalMs = options.checkIntervalMs ?? 500;
  const dir = mkdtempSync(path.join(tmpdir(), "commons-cluster-"));
  const cleanups: (() => Promise<void>)[] = [];
  const cleanUp = async () => {
    for (const step of cleanups.splice(0).reverse()) {
      await step().catch((error: unknown) => console.error("cluster clean-up:", error));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A test runner that exits without running its hooks still leaves no process behind.
  const children = new Set<ChildProcess>();
  const killAll = () => {
    for (const child of children) child.kill("SIGKILL");
  };
  process.once("exit", killAll);
  cleanups.push(async () => {
    process.off("exit", killAll);
  });

  try {
    const smtp = await startSmtpCapture();
    cleanups.push(() => smtp.close());

    // PostgreSQL and s3rver start while the ports are chosen; neither needs the other.
    const [postgres, s3] = await Promise.all([
      withDeadline(startPostgresCluster(dir, startTimeoutMs), startTimeoutMs, "postgres start"),
      withDeadline(startS3Server({ bucket: S3_BUCKET }), 20_000, "s3rver start"),
    ]);
    cleanups.push(() => (postgres as PostgresCluster).dispose());
    cleanups.push(() => (s3 as S3TestServer).close());
    const stopS3 = () => withDeadline(s3.stop(), 20_000, "s3rver stop");
    const startS3 = () => withDeadline(s3.start(), 20_000, "s3rver start");

    const balancerPort = await freePort();
    const url = `http://127.0.0.1:${balancerPort}`;
    const authSecret = randomBytes(32).toString("hex");
    const env: Record<string, string> = {
      AUTH_SECRET: authSecret,
      ...s3.env,
      // The processes see HAProxy (loopback) as their peer and read the client from X-Forwarded-For.
      TRUST_PROXY: "loopback",
      ...options.env,
    };

    const ports: number[] = [];
    for (let i = 0; i < options.processes; i++) ports.push(await freePort());
    const processes: ClusterProcess[] = ports.map((port, i) => {
      const name = `app${i + 1}`;
      const dataDir = path.join(dir, name);
      mkdirSync(dataDir);
      let current: ChildServer | undefined;
      const start = async () => {
        const pending = startChildServer({
          port,
          url,
          dataDir,
          smtpUrl: smtp.url,
          databaseUrl: options.database === "socket" ? postgres.socketUrl : postgres.databaseUrl,
          env,
        });
        // A start past its deadline is killed once it answers, so nothing is left running.
        pending.then(
          (started) => children.add(started.process),
          () => {},
        );
        try {
          current = await withDeadline(pending, startTimeoutMs, `${name} start`);
        } catch (error) {
          void pending.then((started) => killChildServer(started)).catch(() => {});
          throw error;
        }
      };
      const live = () => {
        if (!current) throw new Error(`${name} is not started`);
        return current;
      };
      return {
        url: `http://127.0.0.1:${port}`,
        name,
        start,
        get pid() {
          return live().process.pid ?? 0;
        },
        get exited() {
          const child = live().process;
          return child.exitCode !== null || child.signalCode !== null;
        },
        async kill(signal: NodeJS.Signals = "SIGKILL") {
          const server = live();
          if (server.process.exitCode === null && server.process.signalCode === null)
            server.process.kill(signal);
          await withDeadline(server.exited, 40_000, `${name} exit after ${signal}`);
          children.delete(server.process);
        },
        async restart() {
          const server = live();
          if (server.process.exitCode === null && server.process.signalCode === null)
            throw new Error(`${name} still runs: kill it first`);
          await start();
        },
        rss() {
          const status = readFileSync(`/proc/${live().process.pid}/status`, "utf8");
          const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
          if (!kb) throw new Error(`${name}: no VmRSS in /proc`);
          return Number(kb) * 1024;
        },
        log: () => current?.log() ?? "",
      } satisfies ClusterProcess & { start: () => Promise<void> };
    });
    cleanups.push(async () => {
      await Promise.all(
        processes.map(async (p) => {
          try {
            if (!p.exited) await p.kill("SIGKILL");
          } catch {
            // Never started: nothing to stop.
          }
        }),
      );
    });
    // All at once, as replicas start after a deploy: the migrations must cope (an advisory lock).
    await Promise.all(processes.map((p) => (p as ClusterProcess & { start: () => Promise<void> }).start()));

    const socket = path.join(dir, "haproxy.sock");
    let haproxy: Balancer | undefined;
    const startHaproxy = async (enabled: number) => {
      haproxy = await startBalancer({
        dir,
        port: balancerPort,
        checkIntervalMs,
        servers: processes.map((p, i) => ({ name: p.name, port: ports[i] as number, enabled: i < enabled })),
        onChild: (child) => children.add(child),
      });
    };
    const stopHaproxy = async () => {
      const running = haproxy;
      haproxy = undefined;
      await running?.stop();
    };
    cleanups.push(stopHaproxy);
    await startHaproxy(processes.length);

    /** One column of `show stat` for each server of the app backend. */
    const serverStat = async (stat: string) => {
      const answer = await haproxyCommand(socket, "show stat");
      const header = (answer.split("\n")[0] ?? "").replace(/^# /, "").split(",");
      const column = (name: string) => header.indexOf(name);
      const values: Record<string, string> = {};
      for (const line of answer.split("\n").slice(1)) {
        const fields = line.split(",");
        if (fields[column("pxname")] !== "app") continue;
        const server = fields[column("svname")] ?? "";
        if (server === "FRONTEND" || server === "BACKEND" || server === "") continue;
        values[server] = fields[column(stat)] ?? "";
      }
      return values;
    };
    const backendStates = async () =>
      Object.fromEntries(
        Object.entries(await serverStat("status")).map(([name, status]) => [
          name,
          status.split(" ")[0] ?? "",
        ]),
      );
    const backendRequests = async () =>
      Object.fromEntries(Object.entries(await serverStat("stot")).map(([name, n]) => [name, Number(n)]));
    const waitForBackend = async (name: string, state: "UP" | "DOWN", timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      let last: Record<string, string> = {};
      while (Date.now() < deadline) {
        last = await backendStates();
        if (last[name] === state) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      const check = await serverStat("last_chk").catch(() => ({}));
      throw new Error(
        `haproxy: ${name} not ${state} within ${timeoutMs} ms (${JSON.stringify(last)}; last checks ${JSON.stringify(check)})`,
      );
    };
    // Servers start UP in HAProxy until a check says otherwise; wait for every one's first check.
    for (const p of processes) await waitForBackend(p.name, "UP", startTimeoutMs);

    let disposed = false;
    return {
      url,
      processes,
      databaseUrl: postgres.databaseUrl,
      smtp,
      s3: { endpoint: s3.config.endpoint ?? "", bucket: S3_BUCKET },
      backendStates,
      backendRequests,
      waitForBackend,
      async useProcesses(count: number) {
        await stopHaproxy();
        await startHaproxy(count);
        for (const p of processes.slice(0, count)) await waitForBackend(p.name, "UP");
      },
      stopDatabase: () => withDeadline(postgres.stop(), 60_000, "postgres stop"),
      startDatabase: () => withDeadline(postgres.start(), 60_000, "postgres start"),
      stopS3,
      startS3,
      async dispose() {
        if (disposed) return;
        disposed = true;
        await withDeadline(cleanUp(), 120_000, "cluster dispose");
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
