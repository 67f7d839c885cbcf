import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";

const main = fileURLToPath(new URL("./main.ts", import.meta.url));
let child: ChildProcess | null = null;
afterEach(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await once(child, "exit");
  }
  child = null;
});

/** Starts `npm run stripe:standin`'s script and waits for the address it prints. */
async function startCommandLine(env: Record<string, string>): Promise<{ output: () => string; url: string }> {
  const started = spawn(process.execPath, [main], {
    env: { PATH: process.env.PATH ?? "", STRIPE_STANDIN_PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = started;
  let output = "";
  started.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    started.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const found = /STRIPE_API_URL=(\S+)/.exec(output)?.[1];
      if (found) resolve(found);
    });
    started.once("exit", (code) => reject(new Error(`stand-in exited (${code}):\n${output}`)));
  });
  return { output: () => output, url };
}

// Each test starts Node on the stand-in: on a busy machine that alone can take several seconds.
describe("npm run stripe:standin", { timeout: 60_000 }, () => {
  it("serves the library with the keys from the environment and prints what the app needs", async () => {
    const { url, output } = await startCommandLine({
      STRIPE_SECRET_KEY: "sk_test_local",
      STRIPE_WEBHOOK_SECRET: "whsec_local",
    });
    expect(output()).toContain("STRIPE_WEBHOOK_SECRET=whsec_local");
    const address = new URL(url);
    const stripe = new Stripe("sk_test_local", {
      host: address.hostname,
      port: Number(address.port),
      protocol: "http",
      maxNetworkRetries: 0,
    });
    const account = await stripe.accounts.create({ type: "express" });
    expect(account.charges_enabled).toBe(false);
    const other = new Stripe("sk_test_other", {
      host: address.hostname,
      port: Number(address.port),
      protocol: "http",
    });
    await expect(other.accounts.create({ type: "express" })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });

  it("refuses a live key", async () => {
    const started = spawn(process.execPath, [main], {
      env: { PATH: process.env.PATH ?? "", STRIPE_STANDIN_PORT: "0", STRIPE_SECRET_KEY: "sk_live_real" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = started;
    let errors = "";
    started.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const [code] = await once(started, "exit");
    expect(code).toBe(1);
    expect(errors).toContain("STRIPE_SECRET_KEY must be a test key");
  });
});
