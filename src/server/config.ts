import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import * as z from "zod";
import { type AgentsSettings, agentsEnv, agentsSettings } from "./config-agents.ts";
import { type PhoneSettings, phoneSettings, twilioEnv } from "./config-phone.ts";
import { type OAuthProvidersConfig, oauthProvidersEnv, oauthProvidersSettings } from "./config-providers.ts";
import { type StripeSettings, stripeEnv, stripeSettings } from "./config-stripe.ts";
import { LOG_LEVELS, type LogLevel } from "./observability/log-levels.ts";

export type TrustProxy =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "addresses"; addresses: string[] };

export type Config = {
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Test-only (COMMONS_TEST_CLIENT_DIR): the built client's folder, for child processes without a build. */
  testClientDir?: string;
  smtpUrl: string | null;
  mailFrom: string;
  authSecret: string;
  trustProxy: TrustProxy;
  production: boolean;
  google: { clientId: string; clientSecret: string | null; issuer: string; jwksUrl: string } | null;
  /** GitHub, Facebook and X sign-in, each present only when its client id and secret are set. */
  oauthProviders?: OAuthProvidersConfig;
  legalDir: string;
  /** Who runs this instance, as the terms and privacy policy name them. */
  operator: { name: string; contact: string };
  storage: StorageConfig;
  /** REQUIRE_OWNER_SECOND_FACTOR: `paid` requires owners of communities taking payments to use a second factor. */
  requireOwnerSecondFactor?: "off" | "paid";
  /** Payments through Stripe; absent or null when the operator has not set STRIPE_SECRET_KEY. */
  stripe?: StripeSettings | null;
  /** Phone sign-in and texts (Twilio, or the log); absent means the log outside production. */
  phone?: PhoneSettings;
  /** Agents' language model (null when AGENTS_LLM_URL is unset) and webhooks; absent: no model, default webhooks. */
  agents?: AgentsSettings;
  /** SHUTDOWN_TIMEOUT_SECONDS: how long a SIGTERM may take to finish what is under way (decision 039). */
  shutdownTimeoutMs?: number;
  /** Background jobs (the mail outbox); tests shorten the timings. Defaults in src/server/jobs. */
  jobs?: Partial<JobsConfig>;
  /** LOG_LEVEL (default info, silent under NODE_ENV=test); absent: silent (configs tests make by hand). */
  logLevel?: LogLevel;
  /** METRICS_TOKEN: /metrics answers only to it; null or absent: no /metrics. */
  metricsToken?: string | null;
};

export type JobsConfig = {
  /** How often the sender looks for due mail when idle. */
  pollIntervalMs: number;
  /** How often the domain-event log's dispatcher looks for entries written by other processes. */
  logPollIntervalMs: number;
  /** Log entries one subscriber handles per transaction. */
  logBatchSize: number;
  /** On PGlite, how long one subscriber's transaction goes on taking entries; 0: no limit. */
  logBatchMs: number;
  /** A claimed mail not marked sent by then is claimed again (its sender is presumed dead). */
  leaseMs: number;
  /** First retry delay after an SMTP failure; doubles per attempt, at most an hour. */
  retryBaseMs: number;
  maxAttempts: number;
  /** Recipients expanded per transaction for event-wide mail. */
  pageSize: number;
  /** Mails claimed at once. */
  batchSize: number;
  changeQuietMs: number;
  changeWindowMs: number;
  reminderLeadMs: number;
  /** Test-only (COMMONS_TEST_OUTBOX_HOLD_MS): leave rows younger than this unsent. */
  testHoldMs: number;
  /** Test-only (COMMONS_TEST_OUTBOX_DIE_AFTER_CLAIM): SIGKILL this process after claiming mail. */
  testDieAfterClaim: boolean;
  /** The most CSV records of a member import handled per transaction (COMMONS_TEST_IMPORT_BATCH_ROWS in tests). */
  importBatchRows: number;
  /**
   * On PGlite, how long one import batch's transaction should take (the batch size follows); 0:
   * always `importBatchRows` records. PostgreSQL always takes `importBatchRows`.
   */
  importBatchMs: number;
  /** A member import's lease (COMMONS_TEST_IMPORT_LEASE_MS in tests): a crashed process's import resumes after it. */
  importLeaseMs: number;
  /**
   * Test-only (COMMONS_TEST_IMPORT_DIE_AT_BATCH): SIGKILL this process inside this import batch's
   * transaction (1 = the first), before it commits. 0: never.
   */
  testImportDieAtBatch: number;
  /** How often reconciliation lists each Stripe account's recent events (0: never). */
  stripeReconcileIntervalMs: number;
  /** How far before the last walk's end reconciliation lists again. */
  stripeReconcileOverlapMs: number;
  /** How far back the first walk of an account goes. */
  stripeReconcileLookbackMs: number;
  /** Events per page (Stripe's most is 100) and pages per account per walk. */
  stripeReconcilePageSize: number;
  stripeReconcilePages: number;
  /** How often views of event pages counted in memory are written; 0 only when the jobs drain and on close. */
  pageViewsFlushMs: number;
  /** A claimed agent run not finished by then is taken up again (COMMONS_TEST_AGENT_LEASE_MS in tests). */
  agentLeaseMs: number;
  /** First retry delay of an agent's failing step; doubles per attempt, at most an hour. */
  agentRetryBaseMs: number;
  /** Attempts of one agent step before its run fails with the step's reason. */
  agentMaxAttempts: number;
  /** Agent runs claimed at once. */
  agentBatchSize: number;
  /** How often each agent with a time trigger or schedule is looked at for what fell due. */
  agentScanIntervalMs: number;
  /** Test-only (COMMONS_TEST_AGENT_DIE_AFTER_STEP): SIGKILL this process once an agent run's step N (1 = the first) committed. 0: never. */
  testAgentDieAfterStep: number;
};

export type S3Config = {
  bucket: string;
  region: string;
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
  /** Test knob: how long an S3 request may sit idle before it fails (default 20 s). */
  idleTimeoutMs?: number;
};

export type StorageConfig = {
  /** When set, unfinished uploads and stored files live in this S3-compatible bucket. */
  s3: S3Config | null;
  /** Test and bench knob: lower (or raise) a bucket's size limit, in bytes, by bucket name. */
  maxBytes?: Record<string, number>;
  /** Test knob: what one person may store and have in flight (defaults in files.user-quota.ts). */
  userQuota?: { bytes: number; openUploads: number };
};

export class ConfigError extends Error {}

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`,
  );

const schema = z.object({
  ...stripeEnv,
  ...agentsEnv,
  ...twilioEnv,
  ...oauthProvidersEnv,
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  APP_URL: url(["http:", "https:"]).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  MAIL_FROM: z.string().min(3).default("Commons <no-reply@localhost>"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  TRUST_PROXY: z.string().default(""),
  NODE_ENV: z.string().default("development"),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: url(["http:", "https:"]).default("https://accounts.google.com"),
  GOOGLE_JWKS_URL: url(["http:", "https:"]).default("https://www.googleapis.com/oauth2/v3/certs"),
  LEGAL_DIR: z.string().min(1).default("./content/legal"),
  OPERATOR_NAME: z.string().trim().min(1).max(200).optional(),
  OPERATOR_CONTACT: z.string().trim().min(3).max(200).optional(),
  S3_ENDPOINT: url(["http:", "https:"]).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1")
    .default("us-east-1"),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name (3-63 lower-case letters, digits, . or -)",
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false", "1", "0"], { message: "must be true or false" }).optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` }).optional(),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  REQUIRE_OWNER_SECOND_FACTOR: z.enum(["off", "paid"], { message: "must be off or paid" }).default("off"),
  COMMONS_TEST_OUTBOX_HOLD_MS: z.coerce.number().int().min(0).optional(),
  COMMONS_TEST_OUTBOX_DIE_AFTER_CLAIM: z.enum(["1"]).optional(),
  COMMONS_TEST_OUTBOX_LEASE_MS: z.coerce.number().int().min(100).optional(),
  COMMONS_TEST_IMPORT_BATCH_ROWS: z.coerce.number().int().min(1).optional(),
  COMMONS_TEST_IMPORT_DIE_AT_BATCH: z.coerce.number().int().min(1).optional(),
  COMMONS_TEST_IMPORT_LEASE_MS: z.coerce.number().int().min(100).optional(),
  COMMONS_TEST_AGENT_LEASE_MS: z.coerce.number().int().min(100).optional(),
  COMMONS_TEST_AGENT_DIE_AFTER_STEP: z.coerce.number().int().min(1).optional(),
  COMMONS_TEST_CLIENT_DIR: z.string().min(1).optional(),
});

/** Every environment variable the app reads: deployment files are checked against this list. */
export const configVariables: readonly string[] = Object.keys(schema.shape);

function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (value === "" || value === "false" || value === "0") return { kind: "none" };
  if (/^\d+$/.test(value)) return { kind: "hops", hops: Number(value) };
  const addresses = value.split(",").map((part) => part.trim());
  for (const address of addresses) {
    if (address !== "loopback" && isIP(address) === 0) {
      throw new ConfigError(`TRUST_PROXY: "${address}" is not a hop count, an IP address or "loopback"`);
    }
  }
  return { kind: "addresses", addresses };
}

/** The address in `Name <address>` or a bare address. */
function mailAddress(from: string): string {
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}

/** AUTH_SECRET when unset: generated once and kept in DATA_DIR so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${String(issue?.path[0] ?? "config")}: ${issue?.message ?? "invalid value"}`);
  }
  const e = parsed.data;
  if (e.GOOGLE_CLIENT_SECRET && !e.GOOGLE_CLIENT_ID) {
    throw new ConfigError("GOOGLE_CLIENT_ID: required when GOOGLE_CLIENT_SECRET is set");
  }
  if (!e.S3_BUCKET) {
    const stray = (
      ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const
    ).find((name) => e[name] !== undefined);
    if (stray) throw new ConfigError(`S3_BUCKET: required when ${stray} is set`);
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      e.S3_ACCESS_KEY_ID
        ? "S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set"
        : "S3_ACCESS_KEY_ID: required when S3_SECRET_ACCESS_KEY is set",
    );
  }
  const stripe = stripeSettings(e, env);
  if (typeof stripe === "string") throw new ConfigError(stripe);
  const phone = phoneSettings(e, env, e.NODE_ENV === "production");
  if (typeof phone === "string") throw new ConfigError(phone);
  const oauthProviders = oauthProvidersSettings(e);
  if (typeof oauthProviders === "string") throw new ConfigError(oauthProviders);
  const agents = agentsSettings(e, e.NODE_ENV === "test");
  if (typeof agents === "string") throw new ConfigError(agents);
  const testKnobs = [
    "COMMONS_TEST_OUTBOX_HOLD_MS",
    "COMMONS_TEST_OUTBOX_DIE_AFTER_CLAIM",
    "COMMONS_TEST_OUTBOX_LEASE_MS",
    "COMMONS_TEST_IMPORT_BATCH_ROWS",
    "COMMONS_TEST_IMPORT_DIE_AT_BATCH",
    "COMMONS_TEST_IMPORT_LEASE_MS",
    "COMMONS_TEST_AGENT_LEASE_MS",
    "COMMONS_TEST_AGENT_DIE_AFTER_STEP",
    "COMMONS_TEST_CLIENT_DIR",
  ] as const;
  const knob = testKnobs.find((name) => e[name] !== undefined);
  if (knob && e.NODE_ENV !== "test") throw new ConfigError(`${knob}: only allowed with NODE_ENV=test`);
  const dataDir = path.resolve(e.DATA_DIR);
  const appUrl = new URL(e.APP_URL ?? `http://localhost:${e.PORT}`).origin;
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    authSecret: e.AUTH_SECRET ?? persistedSecret(dataDir),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    production: e.NODE_ENV === "production",
    google: e.GOOGLE_CLIENT_ID
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          clientSecret: e.GOOGLE_CLIENT_SECRET ?? null,
          issuer: e.GOOGLE_ISSUER,
          jwksUrl: e.GOOGLE_JWKS_URL,
        }
      : null,
    oauthProviders,
    legalDir: path.resolve(e.LEGAL_DIR),
    operator: {
      name: e.OPERATOR_NAME ?? new URL(appUrl).hostname,
      contact: e.OPERATOR_CONTACT ?? mailAddress(e.MAIL_FROM),
    },
    storage: {
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT ?? null,
            accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === "true" || e.S3_FORCE_PATH_STYLE === "1",
          }
        : null,
    },
    stripe,
    phone,
    agents,
    requireOwnerSecondFactor: e.REQUIRE_OWNER_SECOND_FACTOR,
    ...(e.COMMONS_TEST_CLIENT_DIR ? { testClientDir: path.resolve(e.COMMONS_TEST_CLIENT_DIR) } : {}),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    metricsToken: e.METRICS_TOKEN ?? null,
    jobs: {
      ...(e.COMMONS_TEST_OUTBOX_HOLD_MS !== undefined ? { testHoldMs: e.COMMONS_TEST_OUTBOX_HOLD_MS } : {}),
      ...(e.COMMONS_TEST_OUTBOX_DIE_AFTER_CLAIM ? { testDieAfterClaim: true } : {}),
      ...(e.COMMONS_TEST_OUTBOX_LEASE_MS !== undefined ? { leaseMs: e.COMMONS_TEST_OUTBOX_LEASE_MS } : {}),
      // Batches of exactly this size, whatever they take: tests count on where each one ends.
      ...(e.COMMONS_TEST_IMPORT_BATCH_ROWS !== undefined
        ? { importBatchRows: e.COMMONS_TEST_IMPORT_BATCH_ROWS, importBatchMs: 0 }
        : {}),
      ...(e.COMMONS_TEST_IMPORT_LEASE_MS !== undefined
        ? { importLeaseMs: e.COMMONS_TEST_IMPORT_LEASE_MS }
        : {}),
      ...(e.COMMONS_TEST_IMPORT_DIE_AT_BATCH !== undefined
        ? { testImportDieAtBatch: e.COMMONS_TEST_IMPORT_DIE_AT_BATCH }
        : {}),
      ...(e.COMMONS_TEST_AGENT_LEASE_MS !== undefined ? { agentLeaseMs: e.COMMONS_TEST_AGENT_LEASE_MS } : {}),
      ...(e.COMMONS_TEST_AGENT_DIE_AFTER_STEP !== undefined
        ? { testAgentDieAfterStep: e.COMMONS_TEST_AGENT_DIE_AFTER_STEP }
        : {}),
    },
  };
}
