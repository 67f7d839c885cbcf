// `npm test`: everything CI checks, in order, stopping at the first failure.
// `npm test -- --from <id>` starts at a later step (ids: typecheck lint vitest postgres build e2e).
import { spawn } from "node:child_process";
import { delimiter, join, resolve } from "node:path";
import { findPostgresBin } from "./with-postgres.ts";

const repoRoot = resolve(import.meta.dirname, "..");
const bin = (name: string) => join(repoRoot, "node_modules", ".bin", name);
const node = bin("node");
// The tools' `#!/usr/bin/env node` must find the project's Node 24, also outside npm scripts.
const env = {
  ...process.env,
  PATH: [join(repoRoot, "node_modules", ".bin"), process.env.PATH ?? ""].join(delimiter),
};

type Step = {
  id: string;
  name: string;
  command: string;
  args: string[];
  /** Returns a reason to skip the step, or throws to fail it before it runs. */
  precheck?: () => string | undefined;
};

const steps: Step[] = [
  { id: "typecheck", name: "typecheck", command: bin("tsc"), args: ["--noEmit", "-p", "tsconfig.json"] },
  { id: "lint", name: "lint", command: bin("biome"), args: ["check", "."] },
  {
    id: "vitest",
    name: "unit, integration (PGlite) and component tests",
    command: bin("vitest"),
    args: ["run"],
  },
  {
    id: "postgres",
    name: "integration tests on PostgreSQL",
    command: node,
    args: ["scripts/with-postgres.ts", bin("vitest"), "run", "--project", "integration"],
    precheck: () => {
      if (findPostgresBin()) return undefined;
      const message = process.env.PG_BIN
        ? `PG_BIN=${process.env.PG_BIN} has no initdb`
        : "PostgreSQL binaries not found (no PG_BIN, no /usr/lib/postgresql/*/bin/initdb)";
      if (process.env.REQUIRE_POSTGRES === "1") throw new Error(`${message} and REQUIRE_POSTGRES=1`);
      return `${message}; install the Debian package 'postgresql' to run them`;
    },
  },
  { id: "build", name: "client build", command: "npm", args: ["run", "build"] },
  { id: "e2e", name: "end-to-end tests (Playwright)", command: bin("playwright"), args: ["test"] },
];

function banner(text: string) {
  const line = "=".repeat(Math.max(60, text.length + 8));
  console.log(`\n${line}\n=== ${text}\n${line}`);
}

function run(step: Step): Promise<number> {
  return new Promise((resolveRun) => {
    const child = spawn(step.command, step.args, { cwd: repoRoot, stdio: "inherit", env });
    child.on("error", (error) => {
      console.error(`could not start ${step.command}: ${error.message}`);
      resolveRun(127);
    });
    child.on("exit", (code, signal) => resolveRun(code ?? (signal === "SIGINT" ? 130 : 1)));
  });
}

// Ctrl-C reaches the running step directly; we only wait for it to end and then stop.
process.on("SIGINT", () => {});

const fromFlag = process.argv.indexOf("--from");
const fromId = fromFlag === -1 ? undefined : process.argv[fromFlag + 1];
const firstIndex = fromId === undefined ? 0 : steps.findIndex((step) => step.id === fromId);
if (firstIndex === -1) {
  console.error(`unknown step "${fromId}"; steps: ${steps.map((step) => step.id).join(", ")}`);
  process.exit(2);
}

const started = Date.now();
const skipped: string[] = steps.slice(0, firstIndex).map((step) => `${step.name} (--from ${fromId})`);
for (const [index, step] of steps.entries()) {
  if (index < firstIndex) continue;
  const label = `[${index + 1}/${steps.length}] ${step.name}`;
  banner(label);
  let skipReason: string | undefined;
  try {
    skipReason = step.precheck?.();
  } catch (error) {
    console.error(`\n✖ npm test FAILED at step ${label}: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  if (skipReason) {
    const warning = `!!! SKIPPED ${step.name}: ${skipReason} !!!`;
    console.warn(`\n${"!".repeat(warning.length)}\n${warning}\n${"!".repeat(warning.length)}\n`);
    skipped.push(step.name);
    continue;
  }
  const stepStart = Date.now();
  const code = await run(step);
  const seconds = ((Date.now() - stepStart) / 1000).toFixed(1);
  if (code !== 0) {
    console.error(`\n✖ npm test FAILED at step ${label} (exit code ${code}, ${seconds} s)`);
    console.error(`  command: ${[step.command, ...step.args].join(" ")}`);
    process.exit(code);
  }
  console.log(`\n✔ ${step.name} (${seconds} s)`);
}

const total = ((Date.now() - started) / 1000).toFixed(1);
banner(`npm test: all steps passed in ${total} s`);
if (skipped.length > 0) console.warn(`!!! but these steps were SKIPPED: ${skipped.join("; ")}`);
