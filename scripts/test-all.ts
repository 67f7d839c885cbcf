// `npm test`: everything CI checks, in order, stopping at the first failure.
// `npm test -- --from <id>` starts at a later step (ids: typecheck lint build vitest postgres e2e).
// Steps sharing a `phase` run at the same time: tests spend much of their time waiting on servers,
// browsers and timers, so even 2 cores have room for more than one step. Their output is held back
// and printed whole, one step after the other, so it never interleaves.
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
  // Node keeps the code it compiled (also of the type-stripped server sources) between processes:
  // every server a test starts as a child process, and the e2e app server, imports some 2,500
  // modules, and a warm cache takes about a quarter off that start's CPU time.
  NODE_COMPILE_CACHE:
    process.env.NODE_COMPILE_CACHE ?? join(repoRoot, "node_modules", ".cache", "node-compile"),
};

type Step = {
  id: string;
  name: string;
  command: string;
  args: string[];
  /** Returns a reason to skip the step, or throws to fail it before it runs. */
  precheck?: () => string | undefined;
  phase: number;
};

const steps: Step[] = [
  {
    id: "typecheck",
    name: "typecheck",
    command: bin("tsc"),
    args: ["--noEmit", "-p", "tsconfig.json"],
    phase: 1,
  },
  { id: "lint", name: "lint", command: bin("biome"), args: ["check", "."], phase: 1 },
  { id: "build", name: "client build", command: "npm", args: ["run", "build"], phase: 1 },
  {
    id: "vitest",
    name: "unit, integration (PGlite) and component tests",
    command: bin("vitest"),
    args: ["run"],
    phase: 2,
  },
  {
    id: "postgres",
    name: "integration tests on PostgreSQL",
    command: node,
    args: ["scripts/with-postgres.ts", bin("vitest"), "run", "--project", "integration"],
    phase: 3,
    precheck: () => {
      if (findPostgresBin()) return undefined;
      const message = process.env.PG_BIN
        ? `PG_BIN=${process.env.PG_BIN} has no initdb`
        : "PostgreSQL binaries not found (no PG_BIN, no /usr/lib/postgresql/*/bin/initdb)";
      if (process.env.REQUIRE_POSTGRES === "1") throw new Error(`${message} and REQUIRE_POSTGRES=1`);
      return `${message}; install the Debian package 'postgresql' to run them`;
    },
  },
  {
    id: "e2e",
    name: "end-to-end tests (Playwright)",
    command: bin("playwright"),
    args: ["test"],
    phase: 4,
  },
];

function banner(text: string) {
  const line = "=".repeat(Math.max(60, text.length + 8));
  console.log(`\n${line}\n=== ${text}\n${line}`);
}

type Outcome = { code: number; seconds: string; output: string };

/** Runs a step; with `quiet`, its output is collected instead of shown as it comes. */
function run(step: Step, quiet: boolean): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolveRun) => {
    let output = "";
    const done = (code: number) =>
      resolveRun({ code, seconds: ((Date.now() - started) / 1000).toFixed(1), output });
    const child = spawn(step.command, step.args, {
      cwd: repoRoot,
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: quiet ? { ...env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" } : env,
    });
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    child.on("error", (error) => {
      output += `could not start ${step.command}: ${error.message}\n`;
      done(127);
    });
    child.on("close", (code, signal) => done(code ?? (signal === "SIGINT" ? 130 : 1)));
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
const label = (step: Step) => `[${steps.indexOf(step) + 1}/${steps.length}] ${step.name}`;
const phases = [...new Set(steps.map((step) => step.phase))].sort((a, b) => a - b);

for (const phase of phases) {
  const runnable: Step[] = [];
  for (const step of steps.slice(firstIndex).filter((s) => s.phase === phase)) {
    let skipReason: string | undefined;
    try {
      skipReason = step.precheck?.();
    } catch (error) {
      console.error(
        `\n✖ npm test FAILED at step ${label(step)}: ${error instanceof Error ? error.message : error}`,
      );
      process.exit(1);
    }
    if (skipReason) {
      const warning = `!!! SKIPPED ${step.name}: ${skipReason} !!!`;
      console.warn(`\n${"!".repeat(warning.length)}\n${warning}\n${"!".repeat(warning.length)}\n`);
      skipped.push(step.name);
      continue;
    }
    runnable.push(step);
  }
  if (runnable.length === 0) continue;
  const together = runnable.length > 1;
  if (together) banner(`running together: ${runnable.map(label).join(", ")}`);
  else banner(label(runnable[0] as Step));
  const outcomes = await Promise.all(
    runnable.map(async (step) => {
      const outcome = await run(step, together);
      if (together) {
        banner(`${label(step)} (output)`);
        process.stdout.write(outcome.output);
      }
      console.log(`\n${outcome.code === 0 ? "✔" : "✖"} ${step.name} (${outcome.seconds} s)`);
      return { step, ...outcome };
    }),
  );
  const failed = outcomes.find((outcome) => outcome.code !== 0);
  if (failed) {
    console.error(
      `\n✖ npm test FAILED at step ${label(failed.step)} (exit code ${failed.code}, ${failed.seconds} s)`,
    );
    console.error(`  command: ${[failed.step.command, ...failed.step.args].join(" ")}`);
    process.exit(failed.code);
  }
}

const total = ((Date.now() - started) / 1000).toFixed(1);
banner(`npm test: all steps passed in ${total} s`);
if (skipped.length > 0) console.warn(`!!! but these steps were SKIPPED: ${skipped.join("; ")}`);
