import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import pretty from "pino-pretty";

const root = fileURLToPath(new URL("..", import.meta.url));
const viteBin = fileURLToPath(new URL("../node_modules/vite/bin/vite.js", import.meta.url));

const children: ChildProcess[] = [];
let stopping = false;

type LogRecord = Record<string, unknown>;

/**
 * The server writes JSON lines (decision 038); here they read as "12:01:02.345 INFO: GET /e/abc
 * 200 3.1 ms". Lines that are not JSON (the start-up message, mail printed without SMTP) pass
 * through as they are.
 */
const readableLog = () =>
  pretty({
    colorize: process.stdout.isTTY,
    translateTime: "HH:MM:ss.l",
    ignore: "pid,hostname,reqId,method,path,route,status,ms,bytes",
    messageFormat: (record: LogRecord, messageKey: string) =>
      typeof record.status === "number"
        ? `${String(record.method)} ${String(record.path)} ${record.status} ${String(record.ms)} ms`
        : String(record[messageKey] ?? ""),
  });

function start(name: string, args: string[], env: NodeJS.ProcessEnv, log?: "readable"): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["inherit", log ? "pipe" : "inherit", "inherit"],
  });
  if (log) child.stdout?.pipe(readableLog());
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`[dev] ${name} exited (${signal ?? code}); stopping the other process.`);
    stop(code ?? 1);
  });
  children.push(child);
  return child;
}

function stop(exitCode: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  }
  // Give both a moment to close their ports, then leave even if one hangs.
  setTimeout(() => process.exit(exitCode), 3000).unref();
  Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? Promise.resolve()
        : new Promise((resolve) => child.once("exit", resolve)),
    ),
  ).then(() => process.exit(exitCode));
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

start(
  "api",
  ["--watch", "src/server/main.ts"],
  { PORT: "3001", APP_URL: "http://localhost:3000", NODE_ENV: "development" },
  "readable",
);
start("vite", [viteBin, "--port", "3000", "--strictPort"], { NODE_ENV: "development" });
