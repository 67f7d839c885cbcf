import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Config } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import type { GraphQLContext } from "./graphql/context.ts";
import { createGraphQLHandler } from "./graphql/yoga.ts";
import { clientAddress } from "./http/client-ip.ts";
import { mountEventRoutes } from "./http/events-routes.ts";
import { refuseNulInUrl, requireTrustedOrigin, securityHeaders } from "./http/security.ts";
import { mountClient } from "./http/static.ts";
import { mountStorage } from "./http/storage-routes.ts";
import { type Jobs, startJobs } from "./jobs/jobs.runtime.ts";
import { CLIENT_IP_HEADER, createAuth } from "./modules/auth/auth.ts";
import { isAuthRouteInUse } from "./modules/auth/auth-routes.ts";
import { codeLimitMessage, codeSendBlocked } from "./modules/auth/code-limits.service.ts";
import { isLegalDocument, readLegalDocument } from "./modules/legal/legal.service.ts";
import { createMailer, type Mailer } from "./modules/mail/mail.service.ts";

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };
type AppEnv = { Bindings: NodeBindings; Variables: { clientIp: string } };

const defaultDistDir = fileURLToPath(new URL("../../dist/client", import.meta.url));

export type ServerApp = {
  app: Hono<AppEnv>;
  database: Database;
  mailer: Mailer;
  jobs: Jobs;
  close(): Promise<void>;
};

export async function createServerApp(
  config: Config,
  options: { distDir?: string; database?: Database } = {},
) {
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await database.migrate();
  const { db } = database;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const auth = createAuth({ config, db, mailer });

  const viewerFor = async (headers: Headers): Promise<GraphQLContext["viewer"]> => {
    const found = await auth.api.getSession({ headers });
    if (!found) return null;
    const { id, name, email, image } = found.user;
    return { id, name, email, image: image ?? null };
  };
  const graphql = createGraphQLHandler({
    production: config.production,
    appOrigin: new URL(config.appUrl).origin,
    context: async (request) => ({ db, viewer: await viewerFor(request.headers) }),
  });

  const refuseNul = refuseNulInUrl();
  const app = new Hono<AppEnv>();
  app.use("*", securityHeaders({ https: config.appUrl.startsWith("https://") }));
  app.use("*", async (c, next) => {
    c.set(
      "clientIp",
      clientAddress({
        peer: c.env?.incoming?.socket?.remoteAddress ?? "unknown",
        forwardedFor: c.req.header("x-forwarded-for") ?? null,
        trust: config.trustProxy,
      }),
    );
    await next();
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await database.ping();
      return c.json({ status: "ready", database: database.kind });
    } catch {
      return c.json({ status: "unavailable" }, 503);
    }
  });

  const apiBodyLimit = bodyLimit({
    maxSize: 1024 * 1024,
    // The rest of the body is never read, so the connection cannot carry another request.
    onError: (c) =>
      c.json({ code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." }, 413, {
        Connection: "close",
      }),
  });
  // Storage routes set their own limits (uploads are larger than 1 MiB).
  app.use("/api/*", (c, next) => (c.req.path.startsWith("/api/storage/") ? next() : apiBodyLimit(c, next)));
  app.use("/api/*", requireTrustedOrigin([config.appUrl]));
  // Storage answers in its own error format and checks its paths itself.
  app.use("/api/*", (c, next) => (c.req.path.startsWith("/api/storage/") ? next() : refuseNul(c, next)));

  app.get("/api/config", (c) => c.json({ googleClientId: config.google?.clientId ?? null }));
  app.get("/api/legal/:document", async (c) => {
    const name = c.req.param("document");
    if (!isLegalDocument(name)) return c.json({ code: "NOT_FOUND", message: "No such document." }, 404);
    c.header("Cache-Control", "no-cache");
    return c.text(await readLegalDocument(config.legalDir, name), 200, {
      "Content-Type": "text/markdown; charset=utf-8",
    });
  });

  app.post("/api/auth/email-otp/send-verification-otp", async (c, next) => {
    const body = (await c.req.raw
      .clone()
      .json()
      .catch(() => null)) as { email?: unknown; type?: unknown } | null;
    // Password-reset and email-change codes would reach accounts the product never gave a password.
    if (body?.type !== "sign-in") {
      return c.json({ code: "BAD_USER_INPUT", message: "Only sign-in codes can be sent." }, 400);
    }
    if (typeof body.email === "string" && body.email.includes("@")) {
      // Counting happens where the mail is sent (auth.ts); this only keeps a refused request from
      // replacing the code already in the inbox.
      const refusal = await codeSendBlocked(db, { email: body.email, address: c.get("clientIp") });
      if (refusal) {
        c.header("Retry-After", String(refusal.retryAfterSeconds));
        const message = codeLimitMessage(refusal);
        return c.json({ code: refusal.code, message, retryAfter: refusal.retryAfterSeconds }, 429);
      }
    }
    return next();
  });
  app.on(["GET", "POST"], "/api/auth/*", (c): Response | Promise<Response> => {
    if (!isAuthRouteInUse(c.req.method, c.req.path)) {
      return c.json({ code: "NOT_FOUND", message: "No such API endpoint." }, 404);
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
    return auth.handler(new Request(c.req.raw, { headers }));
  });

  app.post("/api/graphql", (c) => graphql.fetch(c.req.raw));
  // A GET needs no preflight and carries cookies from any site's <img> or fetch: only POST runs
  // operations. GraphiQL's page (development only) is the one GET answered.
  app.get("/api/graphql", (c) => {
    const graphiqlPage =
      !config.production &&
      c.req.query("query") === undefined &&
      (c.req.header("accept") ?? "").includes("text/html");
    if (graphiqlPage) return graphql.fetch(c.req.raw);
    return c.json({ code: "METHOD_NOT_ALLOWED", message: "Send GraphQL operations with POST." }, 405, {
      Allow: "POST",
    });
  });
  const storage = mountStorage(app, { db, config, viewerFor });
  const distDir = options.distDir ?? defaultDistDir;
  mountEventRoutes(app, { db, appUrl: config.appUrl, distDir, viewerFor });
  app.all("/api/*", (c) => c.json({ code: "NOT_FOUND", message: "No such API endpoint." }, 404));

  mountClient(app, distDir);
  const jobs = startJobs({ db, mailer, config });

  return {
    app,
    database,
    mailer,
    jobs,
    async close() {
      await jobs.stop();
      storage.close();
      mailer.close();
      await database.close();
    },
  } satisfies ServerApp;
}
