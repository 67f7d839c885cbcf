import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const viteBin = fileURLToPath(new URL("../node_modules/vite/bin/vite.js", import.meta.url));

const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: "inherit",
  });
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

start("api", ["--watch", "src/server/main.ts"], {
  PORT: "3001",
  APP_URL: "http://localhost:3000",
  NODE_ENV: "development",
});
start("vite", [viteBin, "--port", "3000", "--strictPort"], { NODE_ENV: "development" });
