import { createServer, type Server } from "node:http";
import { createServer as createProbe } from "node:net";
import path from "node:path";
import type { ServerApp } from "./app.ts";
import { type ControlSocket, claimControlSocket, socketPathProblem } from "./backup/control-socket.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";

/** Where the data directory is, as a person would type it: `./data`, or its full path outside. */
function shownPath(directory: string): string {
  const relative = path.relative(process.cwd(), directory);
  if (relative === "") return ".";
  return relative.startsWith("..") || path.isAbsolute(relative) ? directory : `./${relative}`;
}

/** What `npm start` prints once the app answers: where it is, and where sign-in codes arrive. */
function startUpMessage(config: Config, database: "pglite" | "postgres"): string {
  const where = database === "pglite" ? `embedded database in ${shownPath(config.dataDir)}` : "PostgreSQL";
  const lines = [`Commons is running at ${config.appUrl} (${where})`];
  if (!config.smtpUrl) {
    lines.push("Sign-in codes and all other mail are printed below, in this log, until SMTP_URL is set.");
  }
  return lines.join("\n");
}

/** One line for a port the server cannot listen on, or null when the error is another kind. */
function portProblem(error: NodeJS.ErrnoException, port: number): string | null {
  if (error.code === "EADDRINUSE") {
    return `Port ${port} is already in use: stop what listens there, or set PORT to another port.`;
  }
  if (error.code === "EACCES")
    return `Port ${port} needs privileges this process lacks: set PORT above 1023.`;
  return null;
}

/** Tries the port before the database is opened and migrated, so a taken port fails at once. */
function probePort(port: number, host: string): Promise<string | null> {
  const probe = createProbe();
  return new Promise((resolve, reject) => {
    probe.once("error", (error: NodeJS.ErrnoException) => {
      const problem = portProblem(error, port);
      if (problem) resolve(problem);
      else reject(error);
    });
    probe.listen(port, host, () => probe.close(() => resolve(null)));
  });
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const refused = await probePort(config.port, config.host);
  if (refused) {
    console.error(refused);
    process.exit(1);
  }
  // The embedded database may be open in one process only: claim DATA_DIR before opening it. The
  // socket also lets `npm run backup` ask this process for a snapshot (decision 037).
  let control: ControlSocket | null = null;
  if (!config.databaseUrl) {
    const tooLong = socketPathProblem(config.dataDir);
    if (tooLong) {
      console.error(`${tooLong}; npm run backup needs a shorter one.`);
    } else {
      const claimed = await claimControlSocket(config.dataDir);
      if ("refused" in claimed) {
        console.error(claimed.refused);
        process.exit(1);
      }
      control = claimed;
    }
  }
  // Imported once the port is known to be free: the app's modules take seconds to load.
  const { createServerApp } = await import("./app.ts");
  const server = await createServerApp(config);
  if (control && server.database.pglite) {
    const { snapshotHandler } = await import("./backup/backup.ts");
    control.serve(snapshotHandler(server.database.pglite, config.dataDir));
  }
  let stopping = false;
  const http = createServer((request, response) => {
    // While shutting down, each connection ends after its answer instead of waiting for another.
    if (stopping) response.setHeader("Connection", "close");
    server.listener(request, response);
  });
  // A load balancer keeps idle connections to each process for later requests and closes them on
  // its own schedule (HAProxy within seconds). Node's default (5 s) could close one just as the
  // balancer sends a request on it, which then fails; so the balancer closes them, and a process
  // closes a connection only after a minute of nothing.
  http.keepAliveTimeout = 65_000;
  http.on("error", (error: NodeJS.ErrnoException) => {
    const problem = portProblem(error, config.port);
    if (!problem) throw error;
    console.error(problem);
    void server.close().finally(() => process.exit(1));
  });
  http.listen(config.port, config.host, () => {
    server.logger.print(startUpMessage(config, server.database.kind));
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void shutDown({ http, server, control, boundMs: config.shutdownTimeoutMs ?? 25_000 }).then((code) =>
      process.exit(code),
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/**
 * A graceful shutdown (decision 039): stop accepting connections and close the idle ones, answer
 * `/readyz` with 503, let requests, mail and job steps under way finish while background work
 * takes nothing new, then close the database last. Past `boundMs` whatever remains is cut off:
 * one line says so and the exit status is 1.
 */
async function shutDown(options: {
  http: Server;
  server: ServerApp;
  control: ControlSocket | null;
  boundMs: number;
}): Promise<number> {
  const { http, server, control } = options;
  const requestsDone = new Promise<void>((resolve) => http.close(() => resolve()));
  // Connections idle now are closed at once; those busy with a request end right after its answer
  // (an idle time-out of nothing) rather than lingering for the client's next request.
  http.keepAliveTimeout = 1;
  http.keepAliveTimeoutBuffer = 0;
  http.closeIdleConnections();
  const finished = Promise.all([requestsDone, server.beginShutdown()])
    .then(() => server.close())
    .then(() => control?.close())
    .then(() => "finished" as const);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), options.boundMs);
  });
  const outcome = await Promise.race([finished, late]).catch((error: unknown) => {
    console.error(`Shutdown failed: ${error instanceof Error ? error.message : error}`);
    return "failed" as const;
  });
  clearTimeout(timer);
  if (outcome === "finished") return 0;
  if (outcome === "late") {
    console.error(
      `Shutdown took longer than ${options.boundMs / 1000} s (SHUTDOWN_TIMEOUT_SECONDS): closing the connections and work still open.`,
    );
  }
  http.closeAllConnections();
  // The database and what else is open get a moment to close; the process ends either way.
  await Promise.race([
    server.close().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
  ]);
  return 1;
}

await main();
