// What an operator gets from the Dockerfile, compose.yaml and deploy/haproxy.cfg, checked as far as
// this machine allows: images cannot be built here, but the files can be read, the app's own
// configuration can judge every setting, HAProxy can validate and run its file, and the container's
// health check can be run against a real server.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { builtinModules } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { configVariables, loadConfig } from "#server/config.ts";
import { serverMallocEnvironment, serverNodeFlags } from "#server/node-settings.ts";
import { freePort } from "#server/test/child-server.ts";
import { startTestServer, type TestServer } from "#server/test/harness.ts";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(repoRoot, file), "utf8");

type Service = {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number | boolean>;
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }> | string[];
};
const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Service> };
const app = compose.services.app as Service;

/**
 * Compose's own interpolation of `.env` values: `${NAME}`, `${NAME:-default}`, `${NAME:?error}` and
 * `$$`, with `given` standing in for the operator's `.env`.
 */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(/\$\$|\$\{(\w+)(?:(:-|:\?)([^}]*))?\}/g, (match, name, operator, rest) => {
    if (match === "$$") return "$";
    const set = given[name as string];
    if (set !== undefined && set !== "") return set;
    if (operator === ":?") throw new Error(`compose.yaml requires ${name}: ${rest}`);
    return operator === ":-" ? (rest as string) : "";
  });
}

/** What an operator's `.env` must give at the least: the three secrets compose.yaml requires. */
const operatorEnv = {
  AUTH_SECRET: "a-secret-of-at-least-thirty-two-characters",
  POSTGRES_PASSWORD: "postgres-password",
  MINIO_ROOT_PASSWORD: "minio-password",
};

describe("compose.yaml", () => {
  it("runs PostgreSQL, MinIO with its bucket, two app replicas and HAProxy", () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(["postgres", "minio", "minio-bucket", "app", "haproxy"]),
    );
    expect(app.deploy?.replicas).toBe(2);
    expect(app.depends_on).toMatchObject({
      postgres: { condition: "service_healthy" },
      "minio-bucket": { condition: "service_completed_successfully" },
    });
    expect(compose.services.haproxy?.image).toMatch(/^haproxy:/);
  });

  it("sets only variables the app reads, with values the app accepts", () => {
    const environment = app.environment ?? {};
    const unknown = Object.keys(environment).filter((name) => !configVariables.includes(name));
    expect(unknown).toEqual([]);

    const env = Object.fromEntries(
      Object.entries(environment).map(([name, value]) => [name, interpolate(String(value), operatorEnv)]),
    );
    const config = loadConfig(env);
    expect(config.production).toBe(true);
    expect(config.databaseUrl).toBe("postgres://commons:postgres-password@postgres:5432/commons");
    expect(config.storage.s3).toMatchObject({
      bucket: "commons",
      endpoint: "http://minio:9000",
      accessKeyId: "commons",
      secretAccessKey: "minio-password",
      forcePathStyle: true,
    });
    expect(config.trustProxy).toEqual({ kind: "hops", hops: 1 });
    expect(config.authSecret).toBe(operatorEnv.AUTH_SECRET);
    // Left empty in `.env`, mail goes to the log and payments stay off, as without compose.
    expect(config.smtpUrl).toBeNull();
    expect(config.stripe).toBeNull();
  });

  it("refuses to start without the secrets it requires", () => {
    const { AUTH_SECRET: _omitted, ...withoutSecret } = operatorEnv;
    expect(() => interpolate(String(app.environment?.AUTH_SECRET), withoutSecret)).toThrow(/AUTH_SECRET/);
  });
});

/** HAProxy from PATH or Debian's /usr/sbin, or null when it is not installed. */
function findHaproxy(): string | null {
  const directories = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/sbin", "/usr/local/sbin"];
  for (const directory of directories) {
    const candidate = path.join(directory, "haproxy");
    if (directory && existsSync(candidate)) return candidate;
  }
  return null;
}

const haproxy = findHaproxy();
// CI installs HAProxy (.ci/run), so there a missing binary fails instead of skipping.
const skipHaproxy = haproxy === null && process.env.CI !== "1";

describe("deploy/haproxy.cfg", () => {
  it.skipIf(skipHaproxy)(
    skipHaproxy
      ? "validates with haproxy -c (skipped: haproxy is not installed; apt-get install haproxy)"
      : "validates with haproxy -c",
    () => {
      expect(haproxy, "haproxy is not installed (apt-get install haproxy)").not.toBeNull();
      const result = spawnSync(haproxy as string, ["-c", "-f", "deploy/haproxy.cfg"], {
        cwd: repoRoot,
        encoding: "utf8",
      });
      const output = `${result.stdout}${result.stderr}`;
      expect(result.status, output).toBe(0);
      expect(output).toContain("Configuration file is valid");
      // Outside compose the replicas' name does not resolve; that is the one warning expected.
      const warnings = output
        .split("\n")
        .filter((line) => line.includes("[WARNING]"))
        .filter((line) => !line.includes("could not resolve address 'app'"));
      expect(warnings).toEqual([]);
    },
  );

  it("balances round robin over the app's port, checking /readyz", () => {
    const config = read("deploy/haproxy.cfg");
    expect(config).toMatch(/^\s*balance roundrobin$/m);
    expect(config).toMatch(/^\s*option forwardfor$/m);
    expect(config).toMatch(/X-Request-Id/);
    // HTTP/1.1 with a Host header: the app answers a request without one 400 Bad Request.
    expect(config).toMatch(/^\s*http-check send meth GET uri \/readyz ver HTTP\/1\.1 hdr Host \S+$/m);
    expect(config).toMatch(new RegExp(`server-template app \\d+ app:${app.environment?.PORT}$`, "m"));
    // Buffering whole bodies would cap tus chunks at HAProxy's buffer size.
    expect(config).not.toMatch(/^\s*option http-buffer-request/m);
  });
});

type Seen = {
  server: string;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
  sha256: string;
};

/** A stand-in for one app replica: answers /readyz while `ready`, and echoes what it was sent. */
async function startReplica(name: string) {
  const replica = { ready: true, failedChecks: 0, server: createHttpServer(), port: 0 };
  replica.server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    if (request.url === "/readyz") {
      if (!replica.ready) replica.failedChecks++;
      response.writeHead(replica.ready ? 200 : 503).end();
      return;
    }
    const hash = createHash("sha256");
    let bytes = 0;
    request.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      hash.update(chunk);
    });
    request.on("end", () => {
      const seen: Seen = { server: name, headers: request.headers, bytes, sha256: hash.digest("hex") };
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(seen));
    });
  });
  await new Promise<void>((resolve) => replica.server.listen(0, "127.0.0.1", resolve));
  replica.port = (replica.server.address() as AddressInfo).port;
  return replica;
}

/**
 * deploy/haproxy.cfg with only what ties it to compose replaced: the listening address, and the
 * replicas found through Docker's DNS by two fixed addresses on loopback.
 */
function onLoopback(config: string, port: number, replicas: number[]): string {
  const replacements: [RegExp, string][] = [
    [/^(\s*)bind :8080$/m, `$1bind 127.0.0.1:${port}`],
    [/^resolvers docker\n(?:[ \t]+.*\n)+/m, ""],
    [/ resolvers docker init-addr \S+$/m, ""],
    [
      /^(\s*)server-template app \d+ app:\d+$/m,
      replicas.map((replica, i) => `$1server app${i + 1} 127.0.0.1:${replica}`).join("\n"),
    ],
  ];
  return replacements.reduce((text, [pattern, replacement]) => {
    expect(text, `deploy/haproxy.cfg no longer has ${pattern}`).toMatch(pattern);
    return text.replace(pattern, replacement);
  }, config);
}

describe.skipIf(skipHaproxy)("deploy/haproxy.cfg in front of two replicas", () => {
  let directory = "";
  let balancer: ChildProcess | undefined;
  let url = "";
  let replicas: Awaited<ReturnType<typeof startReplica>>[] = [];

  beforeAll(async () => {
    replicas = [await startReplica("one"), await startReplica("two")];
    const port = await freePort();
    directory = mkdtempSync(path.join(tmpdir(), "commons-haproxy-"));
    const file = path.join(directory, "haproxy.cfg");
    writeFileSync(
      file,
      onLoopback(
        read("deploy/haproxy.cfg"),
        port,
        replicas.map((r) => r.port),
      ),
    );
    // -db: in the foreground, so that this process can stop it.
    balancer = spawn(haproxy as string, ["-db", "-f", file], { stdio: "ignore" });
    url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const answered = await fetch(`${url}/`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) break;
      if (Date.now() > deadline) throw new Error("HAProxy did not answer within 10 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    if (balancer && balancer.exitCode === null) {
      const exited = new Promise((resolve) => balancer?.once("exit", resolve));
      balancer.kill("SIGTERM");
      await exited;
    }
    await Promise.all(replicas.map((r) => new Promise((resolve) => r.server.close(resolve))));
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  const send = async (init: RequestInit = {}): Promise<Seen> => {
    const response = await fetch(`${url}/api/anything`, init);
    expect(response.status).toBe(200);
    return (await response.json()) as Seen;
  };

  it("alternates between the replicas, passing on the client's address and a request id", async () => {
    const seen = [await send(), await send(), await send(), await send()];
    expect(new Set(seen.map((s) => s.server))).toEqual(new Set(["one", "two"]));
    expect(seen[0]?.server).not.toBe(seen[1]?.server);
    for (const { headers } of seen) {
      expect(headers["x-forwarded-for"]).toBe("127.0.0.1");
      expect(headers["x-request-id"]).toMatch(/^[0-9A-F]+:[0-9A-F]+_/);
    }
    expect(new Set(seen.map((s) => s.headers["x-request-id"])).size).toBe(4);
  });

  it("keeps a well-formed request id from a proxy in front, replaces any other", async () => {
    const kept = await send({ headers: { "X-Request-Id": "cdn-4f2a.91" } });
    expect(kept.headers["x-request-id"]).toBe("cdn-4f2a.91");
    const replaced = await send({ headers: { "X-Request-Id": "two words" } });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9A-F]+:[0-9A-F]+_/);
  });

  it("appends the client's address after any X-Forwarded-For it sent", async () => {
    const seen = await send({ headers: { "X-Forwarded-For": "198.51.100.7" } });
    expect(String(seen.headers["x-forwarded-for"]).split(/,\s*/).at(-1)).toBe("127.0.0.1");
  });

  it("streams an upload chunk of 32 MiB to the replica whole", async () => {
    const chunk = randomBytes(32 * 1024 * 1024);
    const seen = await send({ method: "PATCH", body: chunk });
    expect(seen.bytes).toBe(chunk.length);
    expect(seen.sha256).toBe(createHash("sha256").update(chunk).digest("hex"));
  });

  it("stops sending requests to a replica whose /readyz fails", async () => {
    const two = replicas[1] as (typeof replicas)[0];
    two.ready = false;
    // Two failed checks (fall 2, every 2 s) take it out; until then requests may still reach it.
    const deadline = Date.now() + 15_000;
    while (two.failedChecks < 2) {
      if (Date.now() > deadline) throw new Error("HAProxy did not check /readyz twice within 15 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const after = [await send(), await send(), await send(), await send()];
    expect(after.map((s) => s.server)).toEqual(["one", "one", "one", "one"]);
  }, 30_000);
});

/** The Dockerfile's instructions, continuation lines joined and comments dropped. */
function dockerInstructions(): string[] {
  return read("Dockerfile")
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("#"))
    .join("\n")
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Every file below `directory` (relative to the repository) the production image keeps. */
function runtimeFiles(directory: string): string[] {
  const full = path.join(repoRoot, directory);
  return readdirSync(full).flatMap((entry) => {
    const child = path.join(directory, entry);
    if (statSync(path.join(repoRoot, child)).isDirectory())
      return child === "src/server/test" ? [] : runtimeFiles(child);
    return /\.tsx?$/.test(entry) && !/\.test\.tsx?$|test-support\.ts$/.test(entry) ? [child] : [];
  });
}

describe("Dockerfile", () => {
  const instructions = dockerInstructions();
  const healthcheck = instructions.find((line) => line.startsWith("HEALTHCHECK "));
  const command = JSON.parse(healthcheck?.replace(/^HEALTHCHECK .*?CMD /, "") ?? "[]") as string[];

  it("runs the server as a non-root user on Node 24, checking its health", () => {
    expect(instructions.filter((line) => line.startsWith("FROM ")).length).toBeGreaterThan(1);
    expect(instructions).toContain("ARG NODE_IMAGE=node:24-bookworm-slim");
    expect(instructions.filter((line) => line.startsWith("USER ")).at(-1)).toBe("USER node");
    expect(instructions.at(-1)).toBe(
      `CMD ${JSON.stringify(["node", ...serverNodeFlags, "src/server/main.ts"]).replaceAll(",", ", ")}`,
    );
    expect(command[0]).toBe("node");
  });

  it("starts the server with the memory settings the scale bench measures", () => {
    const environment = instructions
      .filter((line) => line.startsWith("ENV "))
      .flatMap((line) => line.slice(4).trim().split(/\s+/))
      .map((pair) => pair.split("=") as [string, string]);
    expect(Object.fromEntries(environment)).toMatchObject(serverMallocEnvironment);
    // npm start sets the flags too; glibc's settings are the environment's (README), as npm
    // scripts run in shells that spell variables differently.
    const start = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts.start;
    expect(start).toBe(["node", ...serverNodeFlags, "scripts/start.ts"].join(" "));
  });

  it("copies every source the server imports, and the server imports only production dependencies", () => {
    const copied = instructions
      .filter((line) => line.startsWith("COPY ") && !line.includes("--from="))
      .map((line) => line.split(/\s+/)[1] as string);
    const runtime = ["src/server", "src/shared", "drizzle", "content"];
    expect(copied).toEqual(expect.arrayContaining(runtime));

    const dependencies = Object.keys(
      (JSON.parse(read("package.json")) as { dependencies: Record<string, string> }).dependencies,
    );
    const builtins = new Set(builtinModules);
    const outside: string[] = [];
    const notProduction = new Set<string>();
    const used = new Set<string>();
    for (const file of [...runtimeFiles("src/server"), ...runtimeFiles("src/shared")]) {
      const source = read(file);
      const specifiers = [
        ...source.matchAll(/^\s*(?:import|export)(?!\s+type\b)[^'";()=]*?from\s*["']([^"']+)["']/gm),
        ...source.matchAll(/import\s*\(\s*["']([^"']+)["']\s*\)/g),
        ...source.matchAll(/^\s*import\s+["']([^"']+)["']/gm),
      ].map((match) => match[1] as string);
      for (const specifier of specifiers) {
        if (specifier.startsWith(".") || specifier.startsWith("#")) {
          const target = specifier.startsWith("#")
            ? path.join("src", specifier.slice(1))
            : path.join(path.dirname(file), specifier);
          if (
            !runtime.some((directory) => target.startsWith(`${directory}/`)) ||
            target.startsWith("src/server/test/")
          ) {
            outside.push(`${file} -> ${specifier}`);
          }
          continue;
        }
        if (specifier.startsWith("node:") || builtins.has(specifier)) continue;
        const name = specifier.startsWith("@")
          ? specifier.split("/").slice(0, 2).join("/")
          : (specifier.split("/")[0] as string);
        used.add(name);
        if (!dependencies.includes(name)) notProduction.add(`${name} (${file})`);
      }
    }
    expect([...used]).toEqual(expect.arrayContaining(["hono", "drizzle-orm", "@tus/server"]));
    expect(outside).toEqual([]);
    expect([...notProduction]).toEqual([]);
  });

  describe("its health check against a running server", () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startTestServer({ overrides: { production: true } });
    });
    afterAll(() => t?.close());

    /**
     * The HEALTHCHECK's own command, run as Docker runs it, with the container's PORT: its exit
     * code. Asynchronous, since the server it asks runs in this process.
     */
    const probe = (port: string) =>
      new Promise<number | null>((resolve) => {
        const child = spawn(process.execPath, command.slice(1), {
          env: { PATH: process.env.PATH, PORT: port },
          stdio: "ignore",
          timeout: 10_000,
        });
        child.once("exit", (code) => resolve(code));
      });

    it("passes once the server and its database answer", async () => {
      const port = new URL(t.url).port;
      expect(await probe(port)).toBe(0);
      const probed = /'(\/[^']*)'/.exec(command.join(" "))?.[1];
      expect(probed).toBe("/readyz");
      const response = await fetch(`${t.url}${probed}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: "ready" });
    });

    it("fails when nothing answers on the port", async () => {
      expect(await probe(String(await freePort()))).toBe(1);
    });
  });
});

it("keeps the image's context free of local data and secrets", () => {
  const ignored = read(".dockerignore").split("\n");
  expect(ignored).toEqual(expect.arrayContaining(["node_modules", "dist", "data", ".env", ".git"]));
  // The build's own inputs stay in the context.
  expect(ignored).not.toEqual(expect.arrayContaining(["package-lock.json"]));
});
