// Initial JavaScript of /login, gzip-compressed here at level 9 so that the figure measures the
// bundle and not whatever compression the server happens to use.
import { gzipSync } from "node:zlib";
import type { Browser, Response } from "playwright-core";
import { ensureClientBuilt, startAppServer } from "../e2e/support/app-server.ts";
import { freePort } from "../scripts/with-postgres.ts";
import type { Benchmark } from "./types.ts";

const BUDGET_KB = 100;

type Row = { url: string; status: number; bytes: number; gzipBytes: number };

function isJavaScript(response: Response): boolean {
  const contentType = response.headers()["content-type"] ?? "";
  return response.request().resourceType() === "script" || /javascript|ecmascript/i.test(contentType);
}

async function measure(response: Response): Promise<Row> {
  // A redirect has no body of its own; the script it points to is measured as a response too.
  if (response.status() >= 300 && response.status() < 400) {
    return { url: response.url(), status: response.status(), bytes: 0, gzipBytes: 0 };
  }
  // Playwright hands back the decoded body, whatever Content-Encoding the server used.
  const body = await response.body();
  return {
    url: response.url(),
    status: response.status(),
    bytes: body.length,
    gzipBytes: gzipSync(body, { level: 9 }).length,
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

type Measured = { rows: Row[]; totalGzip: number; totalRaw: number };

/** The JavaScript a first visit to /login loads, printed script by script. */
async function measureLogin(browser: Browser, appUrl: string): Promise<Measured> {
  const browserContext = await browser.newContext({ reducedMotion: "reduce" });
  try {
    const page = await browserContext.newPage();
    const pending: Promise<Row>[] = [];
    page.on("response", (response) => {
      if (isJavaScript(response)) pending.push(measure(response));
    });
    const navigation = await page.goto(`${appUrl}/login`, { waitUntil: "networkidle" });
    if (!navigation?.ok()) throw new Error(`GET /login answered ${navigation?.status() ?? "nothing"}`);
    // A response can arrive while earlier bodies are being read: wait until no new ones appear.
    let settled: Row[] = [];
    while (settled.length < pending.length) settled = await Promise.all([...pending]);
    const rows = settled.sort((a, b) => b.gzipBytes - a.gzipBytes);

    const failed = rows.filter((row) => row.status >= 400);
    if (failed.length > 0) {
      throw new Error(`JavaScript requests failed: ${failed.map((r) => `${r.status} ${r.url}`).join(", ")}`);
    }
    if (rows.length === 0) throw new Error("no JavaScript was loaded for /login: is the client built?");

    const path = (url: string) => (url.startsWith(appUrl) ? url.slice(appUrl.length) : url);
    const width = Math.max(...rows.map((row) => path(row.url).length), 12);
    console.log(`${"script".padEnd(width)}  ${"raw KB".padStart(8)}  ${"gzip KB".padStart(8)}`);
    for (const row of rows) {
      console.log(
        `${path(row.url).padEnd(width)}  ${kb(row.bytes).padStart(8)}  ${kb(row.gzipBytes).padStart(8)}`,
      );
    }
    const totalGzip = rows.reduce((sum, row) => sum + row.gzipBytes, 0);
    const totalRaw = rows.reduce((sum, row) => sum + row.bytes, 0);
    console.log(`${"total".padEnd(width)}  ${kb(totalRaw).padStart(8)}  ${kb(totalGzip).padStart(8)}`);
    return { rows, totalGzip, totalRaw };
  } finally {
    await browserContext.close();
  }
}

// Every sign-in an operator can turn on: their buttons and code must load only when shown, and
// what is shown must still fit. The addresses are never reached: the first visit makes no sign-in.
const ALL_SIGN_INS = {
  GOOGLE_CLIENT_ID: "bench.apps.googleusercontent.com",
  GITHUB_CLIENT_ID: "bench",
  GITHUB_CLIENT_SECRET: "bench",
  FACEBOOK_CLIENT_ID: "bench",
  FACEBOOK_CLIENT_SECRET: "bench",
  TWITTER_CLIENT_ID: "bench",
  TWITTER_CLIENT_SECRET: "bench",
  TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "0".repeat(32),
  TWILIO_FROM: "+15005550006",
};

export const loginJavaScript: Benchmark = {
  name: "login-javascript",
  description: `initial JavaScript for /login, with no other sign-in configured and with all of them, gzip level 9 (budget ${BUDGET_KB} KB)`,
  async run(context) {
    const browser = await context.browser();
    console.log("/login as installed (email code only):");
    const plain = await measureLogin(browser, await context.appUrl());
    ensureClientBuilt();
    const configured = await startAppServer({
      port: await freePort(),
      name: "bench-all-sign-ins",
      env: ALL_SIGN_INS,
    });
    let all: Measured;
    try {
      console.log("\n/login with Google, GitHub, Facebook, X and phone sign-in configured:");
      all = await measureLogin(browser, configured.url);
    } finally {
      await configured.stop();
    }
    const budget = BUDGET_KB * 1024;
    const withinBudget = plain.totalGzip <= budget && all.totalGzip <= budget;
    const summary = `initial JavaScript for /login (gzip): ${kb(plain.totalGzip)} KB as installed, ${kb(all.totalGzip)} KB with every sign-in configured (budget ${BUDGET_KB} KB)`;
    console.log(`\n${summary}${withinBudget ? "" : "  <-- OVER BUDGET"}`);
    return {
      withinBudget,
      summary,
      data: {
        budgetBytes: budget,
        totalGzipBytes: plain.totalGzip,
        totalRawBytes: plain.totalRaw,
        scripts: plain.rows,
        allSignIns: { totalGzipBytes: all.totalGzip, totalRawBytes: all.totalRaw, scripts: all.rows },
      },
    };
  },
};
