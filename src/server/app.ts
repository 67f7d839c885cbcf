import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { Config } from "./config.ts";
import { DEFAULT_AGENT_WEBHOOKS } from "./config-agents.ts";
import { phoneSettingsOf } from "./config-phone.ts";
import { type ChangeBus, type ChangeNotice, startChangeBus } from "./db/change-bus.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { createReadCache } from "./db/read-cache.ts";
import { isDatabaseUnavailable } from "./db/unavailable.ts";
import { unavailable } from "./errors.ts";
import { createGraphQLEndpoint, type SharedAnswers } from "./graphql/endpoint.ts";
import { schema } from "./graphql/schema.ts";
import { mountAccountRoutes } from "./http/account-routes.ts";
import { mountAuth } from "./http/auth-routes.ts";
import { clientAddress } from "./http/client-ip.ts";
import { mountCommunityFollowRoutes } from "./http/community-follow-routes.ts";
import { mountCommunityRoutes } from "./http/community-routes.ts";
import { mountEventRoutes } from "./http/events-routes.ts";
import { createGraphQLRoute } from "./http/graphql-route.ts";
import { createPageRenderer, readIndexHtmlNow } from "./http/index-html.ts";
import { mountInsightsRoutes } from "./http/insights-routes.ts";
import { createListener } from "./http/listener.ts";
import { mountMemberRoutes } from "./http/members-routes.ts";
import { createPageViews } from "./http/page-views.ts";
import { mountPasskeyRoutes } from "./http/passkey-routes.ts";
import { mountPaymentRoutes } from "./http/payments-routes.ts";
import { createPublicReadCache, idsChangedBy } from "./http/public-read-cache.ts";
import {
  inlineScriptHashes,
  refuseNulInUrl,
  requireTrustedOrigin,
  securityHeaders,
  securityHeaderValues,
} from "./http/security.ts";
import { mountSeoRoutes } from "./http/seo-routes.ts";
import { isSignedOut, readFromDatabase, signedCopyExpiry } from "./http/session-cookies.ts";
import { mountSessionRoutes } from "./http/session-routes.ts";
import { mountClient } from "./http/static.ts";
import { mountStorage } from "./http/storage-routes.ts";
import { mountStripeWebhook } from "./http/stripe-webhook-route.ts";
import { mountUnsubscribeRoutes } from "./http/unsubscribe-routes.ts";
import { createViewerReader } from "./http/viewer-reader.ts";
import { defaultJobsConfig, type Jobs, startJobs } from "./jobs/jobs.runtime.ts";
import type { AgentDeps } from "./modules/agents/agent-engine.types.ts";
import { createAgentModel } from "./modules/agents/agent-model.ts";
import { agentsSubscriber } from "./modules/agents/agents.subscriber.ts";
import { createAuth } from "./modules/auth/auth.ts";
import { createTextSender } from "./modules/auth/phone-sender.ts";
import {
  createSessionRevocations,
  SESSION_CACHE_SECONDS,
  type SessionRevocations,
} from "./modules/auth/session-revocation.service.ts";
import { createLastSeen } from "./modules/auth/sessions.service.ts";
import { attachFileStorage, createFileStorage } from "./modules/files/files.storage.ts";
import { filesSubscriber } from "./modules/files/files.subscriber.ts";
import { createPageViewCounter } from "./modules/insights/event-views.service.ts";
import { insightsSubscriber } from "./modules/insights/insights.subscriber.ts";
import { isLegalDocument, readLegalDocument } from "./modules/legal/legal.service.ts";
import type { DomainEvent, Emit } from "./modules/log/log.events.ts";
import { createEmit } from "./modules/log/log.service.ts";
import { createMailer, type Mailer } from "./modules/mail/mail.service.ts";
import { membersSubscriber } from "./modules/members/members.subscriber.ts";
import { notificationsSubscriber } from "./modules/notifications/notifications.subscriber.ts";
import { ownerSecondFactorRule } from "./modules/payments/owner-second-factor.service.ts";
import { paymentsSubscriber } from "./modules/payments/payments.subscriber.ts";
import { paymentsGate } from "./modules/payments/payments-gate.service.ts";
import { createStripeClient, type StripeGateway } from "./modules/payments/stripe-client.ts";
import { seatKeeper } from "./modules/registrations/registrations.service.ts";
import { type AppLogger, createAppLogger, withoutEmails } from "./observability/logger.ts";
import { createMetrics, metricsRoute } from "./observability/metrics.ts";
import { honoRouteMarker, observeRequests } from "./observability/request-log.ts";
import { createRequestContextFactory } from "./request-context.ts";

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };
type AppEnv = { Bindings: NodeBindings; Variables: { clientIp: string } };

const API_BODY_LIMIT = 1024 * 1024;

const defaultDistDir = fileURLToPath(new URL("../../dist/client", import.meta.url));

export type ServerApp = {
  app: Hono<AppEnv>;
  /** The Node request listener to serve: GraphQL POSTs go straight to the endpoint, the rest to `app`. */
  listener: (request: IncomingMessage, response: ServerResponse) => void;
  database: Database;
  mailer: Mailer;
  jobs: Jobs;
  /** What agents' runs are given in this process (tests decide approvals with it). */
  agents: AgentDeps;
  revocations: SessionRevocations;
  /**
   * The first step of a graceful shutdown: `/readyz` answers 503 from now on, and background work
   * takes nothing new. Resolves once the work already under way (mail being sent, a job's step)
   * has finished and what was claimed but not started has been handed back.
   */
  beginShutdown(): Promise<void>;
  /** Stops what is left and closes the database last; call it once no request is running. */
  /** The app's log: main.ts prints the start-up message through it. */
  logger: AppLogger;
  close(): Promise<void>;
};

export async function createServerApp(
  config: Config,
  options: { distDir?: string; database?: Database; clock?: () => Date; logger?: AppLogger } = {},
) {
  const logger = options.logger ?? createAppLogger({ level: config.logLevel ?? "silent" });
  // Other modules' failure lines (retried mail, a failed agent step): warnings, without addresses.
  const warn = (line: string) => logger.log.warn(withoutEmails(line));
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await database.migrate();
  const { db } = database;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: logger.print });
  const sendText = createTextSender({ twilio: phoneSettingsOf(config).twilio, log: logger.print });
  const stripe: StripeGateway | null = config.stripe
    ? { stripe: createStripeClient(config.stripe), settings: config.stripe, appUrl: config.appUrl }
    : null;
  const payments = paymentsGate(stripe);
  const ownerSecondFactor = ownerSecondFactorRule(config.requireOwnerSecondFactor ?? "off", payments);
  // Several processes on one PostgreSQL database tell each other what changed (decision 041). On
  // PGlite this process is the only one: the writer's own drops below are all there is to do.
  let bus: ChangeBus | null = null;
  const announce = (tx: Parameters<ChangeBus["announce"]>[0], notice: ChangeNotice) =>
    bus ? bus.announce(tx, notice) : Promise.resolve();
  const revocations = createSessionRevocations(
    db,
    database.kind === "postgres"
      ? { announce: (tx, sessionIds) => announce(tx, { kind: "sessions", sessionIds }) }
      : {},
  );
  const auth = createAuth({
    config,
    db,
    mailer,
    sendText,
    clock: options.clock,
    secondFactorRequired: ownerSecondFactor ? (userId) => ownerSecondFactor.requiredFor(db, userId) : null,
    // Recorded in this process's memory before the insert: a failed insert still stops it here.
    sessionEnded: (sessionId) =>
      revocations
        .revoke([sessionId])
        .catch((error: unknown) => logger.print(`auth: an ended session was not recorded: ${String(error)}`)),
  });

  await revocations.refresh();
  // The fallback when a notice was missed: other processes' sign-outs are read every 5 seconds.
  const revocationPoll = setInterval(() => void revocations.refresh().catch(() => undefined), 5_000);
  revocationPoll.unref();

  const clock = options.clock ?? (() => new Date());
  // The same time without a Date made for every look at a cache, unless a test sets the clock.
  const nowMs = options.clock ? () => clock().getTime() : Date.now;
  const lastSeen = createLastSeen(db, { now: clock });
  const seen = (sessionId: string) => lastSeen(sessionId).catch(() => undefined);
  // The one cookie better-auth reads its signed copy from (with `__Secure-` behind https).
  const copyCookie = (await auth.$context).authCookies.sessionData.name;
  const viewerFor = createViewerReader({
    getSession: async (headers) => {
      const { headers: answered, response: found } = await auth.api.getSession({
        headers,
        returnHeaders: true,
      });
      if (!found) return null;
      await seen(found.session.id);
      const fromDatabase = readFromDatabase(answered);
      // better-auth tells a copy's age by the system clock, whatever clock the app was given.
      const copyEnds = fromDatabase ? null : signedCopyExpiry(headers.get("cookie") ?? "", copyCookie);
      return { ...found, fromDatabase, copyLeftMs: copyEnds === null ? null : copyEnds - Date.now() };
    },
    isRevoked: (sessionId) => revocations.isRevoked(sessionId),
    now: nowMs,
    readTtlMs: SESSION_CACHE_SECONDS * 1000,
  });
  const storage = createFileStorage(config.dataDir, config.storage);
  attachFileStorage(db, storage);
  // Started below, once everything it serves exists; an emit before that has nothing to wake.
  let jobs: Jobs | undefined;
  const publicReads = createPublicReadCache({ clock, nowMs });
  // Queries' reads about a community, for everyone in it (decision 014).
  const communityReads = createReadCache({ clock, nowMs, maxEntries: 5_000 });
  // The other processes hear of each entry from the statement that appends it.
  const appendToLog = createEmit({
    clock,
    onEmit: () => jobs?.wake(),
    notify: (event) =>
      bus?.notifySql({ kind: "event", communityId: event.communityId, ids: idsChangedBy(event) }) ?? null,
  });
  const changed = (event: DomainEvent) => {
    publicReads.changed(event);
    communityReads.invalidate([event.communityId]);
  };
  const emit: Emit = async (tx, event) => {
    await appendToLog(tx, event);
    changed(event);
  };
  emit.statement = (event) => {
    const entry = appendToLog.statement(event);
    return {
      sql: entry.sql,
      appended: () => {
        entry.appended();
        changed(event);
      },
    };
  };
  if (database.kind === "postgres" && database.openClient) {
    // What another process's writer dropped there is dropped here as soon as its commit is heard.
    const heard = (notice: ChangeNotice) => {
      if (notice.kind === "event") {
        // No wake here: the writer's process already woke its own jobs, and waking every process
        // on every event would keep them all reading the log under load; they poll it anyway.
        publicReads.dropChanged(notice.ids);
        communityReads.invalidate([notice.communityId]);
      } else if (notice.kind === "sessions") {
        if (notice.sessionIds) revocations.learn(notice.sessionIds);
        else void revocations.refresh().catch(() => undefined);
      } else {
        resync();
      }
    };
    const resync = () => {
      publicReads.clear();
      communityReads.clear();
      void revocations.refresh().catch(() => undefined);
      jobs?.wake();
    };
    bus = await startChangeBus({ connect: database.openClient, onNotice: heard, onResync: resync });
  }
  // What agents' runs (and their dry runs, approvals and undo) are given. Without a configured
  // language model (AGENTS_LLM_URL), templates go out as written and only rule-based judgements
  // are offered.
  const agentDeps: AgentDeps = {
    db,
    emit,
    clock,
    appUrl: config.appUrl,
    authSecret: config.authSecret,
    model: createAgentModel(config, db, { clock }),
    rehearsalModel: createAgentModel(config, db, { clock, recordSpend: false }),
    webhooks: config.agents?.webhooks ?? DEFAULT_AGENT_WEBHOOKS,
    log: warn,
    wakeRunner: () => jobs?.poke(),
  };
  // The one place a request's context is put together, for GraphQL and the HTTP routes alike.
  const contextFor = createRequestContextFactory({
    db,
    clock,
    authSecret: config.authSecret,
    storage,
    emit,
    seats: seatKeeper,
    payments,
    stripe,
    ownerSecondFactor,
    agents: {
      appUrl: agentDeps.appUrl,
      model: agentDeps.model,
      rehearsalModel: agentDeps.rehearsalModel,
      webhooks: agentDeps.webhooks,
      log: agentDeps.log,
      wakeRunner: agentDeps.wakeRunner,
    },
    viewerFor,
    reads: communityReads,
  });

  const graphql = createGraphQLEndpoint({
    schema,
    production: config.production,
    appOrigin: new URL(config.appUrl).origin,
    context: contextFor,
    logUnexpected: (error) => logger.log.error({ err: error }, "graphql: unexpected error"),
    shared: {
      isSignedOut,
      now: publicReads.answers.now,
      get: (key, reload) => publicReads.answers.get(key, reload) as ReturnType<SharedAnswers["get"]>,
      set: (key, answer, ids, startedAt) => publicReads.answers.set(key, answer, ids, startedAt),
    },
  });

  const refuseNul = refuseNulInUrl();
  const https = config.appUrl.startsWith("https://");
  const app = new Hono<AppEnv>();
  const distDir = options.distDir ?? config.testClientDir ?? defaultDistDir;
  // The inline scripts of the build's index.html at start; a client built without them has none.
  const scriptHashes = inlineScriptHashes(readIndexHtmlNow(distDir) ?? "");
  app.use("*", honoRouteMarker());
  app.use("*", securityHeaders({ https, scriptHashes }));
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
  // A balancer takes the process out while this answers 503: at once when it is shutting down, and
  // while the database does not answer (decision 039).
  let shuttingDown = false;
  app.get("/readyz", async (c) => {
    if (shuttingDown) return c.json({ status: "unavailable", reason: "shutting-down" }, 503);
    try {
      await database.ping();
      return c.json({ status: "ready", database: database.kind });
    } catch {
      return c.json({ status: "unavailable", reason: "database" }, 503);
    }
  });
  app.onError((error, c) => {
    if (isDatabaseUnavailable(error)) {
      const { code, message } = unavailable();
      return c.json({ code, message }, 503);
    }
    // Hono's own answer otherwise: an HTTPException's response, else a logged 500.
    if (error instanceof HTTPException) return error.getResponse();
    logger.log.error({ err: error }, "request failed");
    return c.text("Internal Server Error", 500);
  });
  const metrics = config.metricsToken ? createMetrics({ database, clock }) : null;
  app.get("/metrics", metricsRoute(config.metricsToken ?? null, metrics));

  const apiBodyLimit = bodyLimit({
    maxSize: API_BODY_LIMIT,
    // The rest of the body is never read, so the connection cannot carry another request.
    onError: (c) =>
      c.json({ code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." }, 413, {
        Connection: "close",
      }),
  });
  // Storage routes set their own limits (uploads are larger than 1 MiB).
  app.use("/api/*", (c, next) => (c.req.path.startsWith("/api/storage/") ? next() : apiBodyLimit(c, next)));
  // Stripe's servers send no Origin: the webhook is mounted before the Origin check, its
  // signature is its authority.
  mountStripeWebhook(app, { contextFor, onStored: () => jobs?.poke() });
  app.use("/api/*", requireTrustedOrigin([config.appUrl]));
  // Storage answers in its own error format and checks its paths itself.
  app.use("/api/*", (c, next) => (c.req.path.startsWith("/api/storage/") ? next() : refuseNul(c, next)));

  app.get("/api/config", (c) =>
    c.json({
      googleClientId: config.google?.clientId ?? null,
      phoneSignIn: phoneSettingsOf(config).signIn,
      // Which of GitHub, Facebook and X have a button on /login.
      signInProviders: Object.keys(config.oauthProviders ?? {}),
    }),
  );
  app.get("/api/legal/:document", async (c) => {
    const name = c.req.param("document");
    if (!isLegalDocument(name)) return c.json({ code: "NOT_FOUND", message: "No such document." }, 404);
    c.header("Cache-Control", "no-cache");
    const facts = {
      operatorName: config.operator.name,
      operatorContact: config.operator.contact,
      appUrl: config.appUrl,
    };
    return c.text(await readLegalDocument(config.legalDir, name, facts), 200, {
      "Content-Type": "text/markdown; charset=utf-8",
    });
  });

  mountSessionRoutes(app, { auth, revocations });
  mountPasskeyRoutes(app, { auth, db, revocations });
  mountAuth(app, { auth, db, revocations, seen });

  app.post("/api/graphql", async (c) => {
    const answer = await graphql({
      headers: c.req.raw.headers,
      body: await c.req.text(),
      clientIp: c.get("clientIp"),
    });
    return c.body(answer.body, answer.status as 200, answer.headers);
  });
  // A GET needs no preflight and carries cookies from any site's <img> or fetch: only POST runs
  // operations.
  app.get("/api/graphql", (c) =>
    c.json({ code: "METHOD_NOT_ALLOWED", message: "Send GraphQL operations with POST." }, 405, {
      Allow: "POST",
    }),
  );
  const viewCounter = createPageViewCounter({
    db,
    nowMs,
    flushEveryMs: { ...defaultJobsConfig, ...config.jobs }.pageViewsFlushMs,
    log: warn,
  });
  const views = createPageViews(viewCounter, nowMs);
  const storageRoutes = mountStorage(app, { db, config, storage, contextFor });
  // The public pages are rendered with the client's own code, as a signed-out visitor.
  const RENDERER_HEADERS = {
    get: (name: string) =>
      ({ "content-type": "application/json", accept: "application/graphql-response+json" })[
        name.toLowerCase()
      ] ?? null,
  };
  const renderer = createPageRenderer({
    distDir,
    graphql: (body) => graphql({ headers: RENDERER_HEADERS, body, clientIp: "127.0.0.1" }),
  });
  const eventRoutes = mountEventRoutes(app, {
    appUrl: config.appUrl,
    distDir,
    contextFor,
    pages: publicReads.pages,
    views,
    renderer,
    clock,
  });
  const communityRoutes = mountCommunityRoutes(app, {
    appUrl: config.appUrl,
    distDir,
    contextFor,
    pages: publicReads.communityPages,
    renderer,
  });
  mountCommunityFollowRoutes(app, { appUrl: config.appUrl, contextFor });
  mountSeoRoutes(app, { appUrl: config.appUrl, db });
  mountMemberRoutes(app, { contextFor });
  mountPaymentRoutes(app, { contextFor });
  mountInsightsRoutes(app, { contextFor });
  mountAccountRoutes(app, { auth, contextFor, revocations, mailer, sendText, appUrl: config.appUrl });
  app.all("/api/*", (c) => c.json({ code: "NOT_FOUND", message: "No such API endpoint." }, 404));
  mountUnsubscribeRoutes(app, { contextFor });

  mountClient(app, distDir);
  const jobSettings = { ...defaultJobsConfig, ...config.jobs };
  const started = startJobs({
    db,
    longQueries: database.longQueries,
    mailer,
    config,
    clock,
    log: warn,
    // One batch's transaction serves them in this order. The members subscriber comes last: its
    // counters' statement locks the memberships of the people in the batch, which a registration
    // locks first (`lockForRegistration`), so they are held only until the batch commits.
    subscribers: [
      notificationsSubscriber(jobSettings),
      filesSubscriber(storage),
      insightsSubscriber(),
      agentsSubscriber({ clock }),
      ...(stripe ? [paymentsSubscriber({ stripe, emit, clock, log: warn })] : []),
      membersSubscriber(),
    ],
    emit,
    stripe,
    databaseKind: database.kind,
    flushPageViews: viewCounter.flush,
    agents: agentDeps,
  });
  jobs = started;

  const securityValues = await securityHeaderValues({ https, scriptHashes });
  const clientIp = (peer: string, forwardedFor: string | null) =>
    clientAddress({ peer, forwardedFor, trust: config.trustProxy });
  const answer = createListener({
    pages: publicReads.pages,
    communityPages: publicReads.communityPages,
    signedOutPage: eventRoutes.signedOutPage,
    signedOutCommunityPage: communityRoutes.signedOutPage,
    clientIp,
    securityHeaders: securityValues,
    views,
    graphqlRoute: createGraphQLRoute({
      endpoint: graphql,
      trustedOrigins: [config.appUrl],
      clientIp,
      securityHeaders: securityValues,
      maxBodyBytes: API_BODY_LIMIT,
    }),
    hono: getRequestListener(app.fetch),
    log: logger.log,
  });
  const listener = observeRequests(answer, { log: logger.log, metrics });

  return {
    app,
    listener,
    database,
    mailer,
    jobs: started,
    agents: agentDeps,
    revocations,
    logger,
    beginShutdown() {
      shuttingDown = true;
      clearInterval(revocationPoll);
      return started.stop();
    },
    async close() {
      shuttingDown = true;
      clearInterval(revocationPoll);
      await bus?.close();
      await started.stop();
      await viewCounter.close();
      await storageRoutes.close();
      storage.close();
      mailer.close();
      await database.close();
    },
  } satisfies ServerApp;
}
