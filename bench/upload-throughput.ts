// A 100 MiB resumable upload (tus, as the browser client sends it) against one plain request with
// the same bytes to the same server over loopback. Compares chunk-size policies: fixed 256 KiB,
// 8 MiB and 31 MiB, and the seed's growing policy (256 KiB doubling while under 32 MiB).
// Runs the app in this process with the bucket limit raised, plus a bench-only raw PUT route.
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { serve } from "@hono/node-server";
import { createServerApp } from "#server/app.ts";
import type { Config } from "#server/config.ts";
import { openDatabase } from "#server/db/client.ts";
import { createCommunity, md5, startTus, tusHeaders } from "#server/modules/files/storage-test-support.ts";
import { TestBrowser, uniqueEmail } from "#server/test/harness.ts";
import { startSmtpCapture } from "#server/test/smtp-capture.ts";
import type { Benchmark } from "./types.ts";

const MiB = 1024 * 1024;
const SIZE = 100 * MiB;
const RUNS = 3;
/** The resumable upload may cost at most this much of a plain request's throughput. */
const MIN_RATIO = 0.5;

type Policy = { name: string; first: number; grow: boolean };
const POLICIES: Policy[] = [
  { name: "fixed 256 KiB", first: 256 * 1024, grow: false },
  { name: "fixed 8 MiB", first: 8 * MiB, grow: false },
  { name: "fixed 31 MiB", first: 31 * MiB, grow: false },
  { name: "growing 256 KiB→16 MiB", first: 256 * 1024, grow: true },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);

async function startServer() {
  const smtp = await startSmtpCapture();
  const dataDir = mkdtempSync(path.join(tmpdir(), "commons-bench-upload-"));
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  let handler: (request: Request, env: unknown) => Response | Promise<Response> = () =>
    new Response(null, { status: 503 });
  const http = serve({ fetch: (request, env) => handler(request, env), port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => http.once("listening", resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const config: Config = {
    port: 0,
    host: "127.0.0.1",
    appUrl: url,
    dataDir,
    databaseUrl: null,
    smtpUrl: smtp.url,
    mailFrom: "Commons <bench@commons.test>",
    authSecret: randomBytes(32).toString("hex"),
    trustProxy: { kind: "addresses", addresses: ["loopback"] },
    production: true,
    google: null,
    legalDir: path.resolve("content/legal"),
    operator: { name: "Commons Test Operator", contact: "hello@commons.test" },
    storage: { s3: null, maxBytes: { "member-imports": 128 * MiB } },
  };
  const server = await createServerApp(config, { database, distDir: path.join(dataDir, "no-client") });
  // The plain upload: the body streamed to a file on the same disk, hashed on the way, as a
  // single-request store would do.
  const raw = async (request: Request) => {
    const file = path.join(dataDir, `raw-${randomBytes(6).toString("hex")}`);
    const hash = createHash("md5");
    const body = Readable.fromWeb(request.body as never);
    body.on("data", (chunk: Buffer) => hash.update(chunk));
    await pipeline(body, createWriteStream(file));
    await rm(file);
    return Response.json({ md5Hash: hash.digest("base64") });
  };
  handler = (request, env) =>
    new URL(request.url).pathname === "/bench/raw" ? raw(request) : server.app.fetch(request, env as never);
  return {
    url,
    smtp,
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await server.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const uploadThroughput: Benchmark = {
  name: "upload-throughput",
  description: `100 MiB resumable upload vs one plain request over loopback (tus ≥ ${MIN_RATIO}× plain)`,
  async run() {
    const server = await startServer();
    try {
      const browser = new TestBrowser(server.url, server.smtp);
      await browser.signIn(uniqueEmail("bench"), "Bench Uploader");
      const communityId = await createCommunity(browser);
      const data = Buffer.from(randomBytes((SIZE / 4) * 3).toString("base64"));
      const expected = md5(data);

      const plainMs: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        const response = await fetch(`${server.url}/bench/raw`, { method: "PUT", body: data });
        const body = (await response.json()) as { md5Hash: string };
        plainMs.push(performance.now() - started);
        if (body.md5Hash !== expected) throw new Error("plain upload: md5 mismatch");
      }

      const results: { policy: string; ms: number; requests: number; mbps: number }[] = [];
      for (const policy of POLICIES) {
        const times: number[] = [];
        let requests = 0;
        for (let run = 0; run < RUNS; run++) {
          requests = 0;
          const started = performance.now();
          const outcome = await startTus(server.url, data, {
            headers: tusHeaders(browser),
            metadata: { bucket: "member-imports", name: `${communityId}/bench.csv`, contentType: "text/csv" },
            chunkSize: policy.first,
            onChunk: (_accepted, upload) => {
              requests += 1;
              const next = (upload.options.chunkSize ?? policy.first) * 2;
              // The seed: 256 KiB, doubling while the chunk stays under 32 MiB.
              if (policy.grow && next < 32 * MiB) upload.options.chunkSize = next;
            },
          }).done;
          times.push(performance.now() - started);
          if (!outcome.ok)
            throw new Error(`${policy.name}: upload failed (${outcome.status}) ${outcome.body}`);
          if ((JSON.parse(outcome.body) as { md5Hash: string }).md5Hash !== expected) {
            throw new Error(`${policy.name}: md5 mismatch`);
          }
        }
        const ms = median(times);
        results.push({ policy: policy.name, ms, requests, mbps: mbps(SIZE, ms) });
      }

      const plain = { ms: median(plainMs), mbps: mbps(SIZE, median(plainMs)) };
      console.log(
        `plain single request: ${plain.mbps.toFixed(0)} MB/s (${plain.ms.toFixed(0)} ms, median of ${RUNS})`,
      );
      for (const r of results) {
        console.log(
          `tus ${r.policy.padEnd(24)} ${r.mbps.toFixed(0).padStart(5)} MB/s  ${r.ms.toFixed(0).padStart(6)} ms  ${String(r.requests).padStart(4)} PATCHes  ratio ${(r.mbps / plain.mbps).toFixed(2)}`,
        );
      }
      const best = results.reduce((a, b) => (b.mbps > a.mbps ? b : a));
      const growing = results.find((r) => r.policy.startsWith("growing"));
      const ratio = (growing?.mbps ?? 0) / plain.mbps;
      return {
        withinBudget: ratio >= MIN_RATIO,
        summary: `plain ${plain.mbps.toFixed(0)} MB/s; tus growing ${growing?.mbps.toFixed(0)} MB/s (×${ratio.toFixed(2)}); best ${best.policy} ${best.mbps.toFixed(0)} MB/s`,
        data: { sizeBytes: SIZE, runs: RUNS, plain, tus: results, best: best.policy },
      };
    } finally {
      await server.close();
    }
  },
};
