import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const stripeKeys = { STRIPE_SECRET_KEY: "sk_test_commons", STRIPE_WEBHOOK_SECRET: "whsec_commons" };
const dataDir = () => mkdtempSync(path.join(tmpdir(), "commons-config-"));

describe("loadConfig", () => {
  it("works with nothing set: port 3000, PGlite in ./data, mail to the log", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeNull();
    expect(config.smtpUrl).toBeNull();
    expect(config.trustProxy).toEqual({ kind: "none" });
  });

  it("turns on GitHub, Facebook and X only with their keys, at the real addresses unless told otherwise", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      GITHUB_CLIENT_ID: "gh-id",
      GITHUB_CLIENT_SECRET: "gh-secret",
      GITHUB_USERINFO_URL: "http://127.0.0.1:9000/github/user",
    });
    expect(config.oauthProviders).toEqual({
      github: {
        clientId: "gh-id",
        clientSecret: "gh-secret",
        authorizationUrl: "https://github.com/login/oauth/authorize",
        tokenUrl: "https://github.com/login/oauth/access_token",
        userInfoUrl: "http://127.0.0.1:9000/github/user",
      },
    });
  });

  it("generates AUTH_SECRET once and keeps it in DATA_DIR, so sessions survive restarts", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8")).toBe(first);
  });

  it.each([
    [{ PORT: "eighty" }, /^PORT:/],
    [{ APP_URL: "localhost:3000" }, /^APP_URL:/],
    [{ DATABASE_URL: "mysql://x" }, /^DATABASE_URL:/],
    [{ SMTP_URL: "http://mail" }, /^SMTP_URL:/],
    [{ AUTH_SECRET: "short" }, /^AUTH_SECRET:/],
    [{ TRUST_PROXY: "everyone" }, /^TRUST_PROXY:/],
    [{ GOOGLE_CLIENT_SECRET: "s" }, /^GOOGLE_CLIENT_ID:/],
    [{ GITHUB_CLIENT_ID: "id" }, /^GITHUB_CLIENT_SECRET: required when GITHUB_CLIENT_ID/],
    [{ FACEBOOK_CLIENT_SECRET: "s" }, /^FACEBOOK_CLIENT_ID: required when FACEBOOK_CLIENT_SECRET/],
    [{ TWITTER_TOKEN_URL: "https://api.x.com/token" }, /^TWITTER_CLIENT_ID: required when TWITTER_TOKEN_URL/],
    [
      { GITHUB_CLIENT_ID: "id", GITHUB_CLIENT_SECRET: "s", GITHUB_TOKEN_URL: "http://github.example/token" },
      /^GITHUB_TOKEN_URL: must start with https/,
    ],
    [{ S3_BUCKET: "Not_A_Bucket" }, /^S3_BUCKET:/],
    [{ S3_ENDPOINT: "minio:9000", S3_BUCKET: "commons" }, /^S3_ENDPOINT:/],
    [{ S3_REGION: "EU West", S3_BUCKET: "commons" }, /^S3_REGION:/],
    [{ S3_FORCE_PATH_STYLE: "yes", S3_BUCKET: "commons" }, /^S3_FORCE_PATH_STYLE:/],
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, /^S3_BUCKET:/],
    [{ S3_BUCKET: "commons", S3_ACCESS_KEY_ID: "key" }, /^S3_SECRET_ACCESS_KEY:/],
    [{ STRIPE_SECRET_KEY: "sk_test_123" }, /^STRIPE_WEBHOOK_SECRET: required/],
    [{ STRIPE_WEBHOOK_SECRET: "whsec_123" }, /^STRIPE_SECRET_KEY: required/],
    [{ ...stripeKeys, STRIPE_SECRET_KEY: "pk_test_123" }, /^STRIPE_SECRET_KEY: must be a secret key/],
    [{ ...stripeKeys, STRIPE_WEBHOOK_SECRET: "secret" }, /^STRIPE_WEBHOOK_SECRET:/],
    [{ ...stripeKeys, STRIPE_PLATFORM_FEE_PERCENT: "101" }, /^STRIPE_PLATFORM_FEE_PERCENT:/],
    [{ ...stripeKeys, STRIPE_PLATFORM_FEE_PERCENT: "-1" }, /^STRIPE_PLATFORM_FEE_PERCENT:/],
    [{ ...stripeKeys, STRIPE_PLATFORM_FEE_PERCENT: "five" }, /^STRIPE_PLATFORM_FEE_PERCENT:/],
    [{ ...stripeKeys, STRIPE_CONNECT: "yes" }, /^STRIPE_CONNECT: must be on or off/],
    [
      { ...stripeKeys, STRIPE_CONNECT: "off", STRIPE_PLATFORM_FEE_PERCENT: "2" },
      /^STRIPE_PLATFORM_FEE_PERCENT:/,
    ],
    [
      { ...stripeKeys, STRIPE_API_URL: "http://stripe.example.org" },
      /^STRIPE_API_URL: must start with https/,
    ],
    [{ ...stripeKeys, STRIPE_API_URL: "https://api.stripe.com/v1" }, /^STRIPE_API_URL: must be an origin/],
    [{ ...stripeKeys, STRIPE_API_URL: "api.stripe.com" }, /^STRIPE_API_URL:/],
    [{ STRIPE_PLATFORM_FEE_PERCENT: "2" }, /^STRIPE_SECRET_KEY: required when STRIPE_PLATFORM_FEE_PERCENT/],
    [{ STRIPE_API_URL: "http://127.0.0.1:12111" }, /^STRIPE_SECRET_KEY: required when STRIPE_API_URL/],
    [{ REQUIRE_OWNER_SECOND_FACTOR: "always" }, /^REQUIRE_OWNER_SECOND_FACTOR: must be off or paid/],
    [{ AGENTS_LLM_URL: "https://llm.example.org/v1" }, /^AGENTS_LLM_MODEL: required when AGENTS_LLM_URL/],
    [{ AGENTS_LLM_MODEL: "small" }, /^AGENTS_LLM_URL: required when AGENTS_LLM_MODEL/],
    [{ AGENTS_LLM_API_KEY: "key" }, /^AGENTS_LLM_URL: required when AGENTS_LLM_API_KEY/],
    [{ AGENTS_LLM_URL: "llm.example.org", AGENTS_LLM_MODEL: "small" }, /^AGENTS_LLM_URL: must be a URL/],
    [{ AGENTS_LLM_URL: "ftp://llm.example.org", AGENTS_LLM_MODEL: "small" }, /^AGENTS_LLM_URL: must start/],
    [
      { AGENTS_LLM_URL: "https://user:pw@llm.example.org/v1", AGENTS_LLM_MODEL: "small" },
      /^AGENTS_LLM_URL: must not carry/,
    ],
    [
      { AGENTS_LLM_URL: "https://llm.example.org/v1", AGENTS_LLM_MODEL: "small", AGENTS_LLM_TIMEOUT_MS: "5" },
      /^AGENTS_LLM_TIMEOUT_MS:/,
    ],
    [
      {
        AGENTS_LLM_URL: "https://llm.example.org/v1",
        AGENTS_LLM_MODEL: "small",
        AGENTS_LLM_PRICE_INPUT_PER_MTOK: "0.15",
      },
      /^AGENTS_LLM_PRICE_INPUT_PER_MTOK: must be a whole number/,
    ],
    [
      {
        AGENTS_LLM_URL: "https://llm.example.org/v1",
        AGENTS_LLM_MODEL: "small",
        AGENTS_LLM_PRICE_OUTPUT_PER_MTOK: "-1",
      },
      /^AGENTS_LLM_PRICE_OUTPUT_PER_MTOK:/,
    ],
    [{ AGENTS_WEBHOOK_TIMEOUT_MS: "0" }, /^AGENTS_WEBHOOK_TIMEOUT_MS:/],
    [
      { AGENTS_WEBHOOK_ALLOW_LOOPBACK: "1" },
      /^AGENTS_WEBHOOK_ALLOW_LOOPBACK: only allowed with NODE_ENV=test/,
    ],
    [{ AGENTS_WEBHOOK_ALLOW_LOOPBACK: "yes", NODE_ENV: "test" }, /^AGENTS_WEBHOOK_ALLOW_LOOPBACK:/],
  ])("stops on a bad value and names the variable (%o)", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it("keeps files on disk unless S3_BUCKET is set, then reads the S3 settings", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).storage.s3).toBeNull();
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        S3_BUCKET: "commons-files",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      }).storage.s3,
    ).toEqual({
      bucket: "commons-files",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      accessKeyId: "key",
      secretAccessKey: "secret",
      forcePathStyle: true,
    });
  });

  it("marks cookies secure-only when the app is reached over https", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), APP_URL: "https://community.example.org/" }).appUrl).toBe(
      "https://community.example.org",
    );
  });

  it("names the operator of the legal pages from OPERATOR_NAME / OPERATOR_CONTACT, else from APP_URL and MAIL_FROM", () => {
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        APP_URL: "https://community.example.org",
        MAIL_FROM: "Example Club <hello@example.org>",
      }).operator,
    ).toEqual({ name: "community.example.org", contact: "hello@example.org" });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        OPERATOR_NAME: "Example Club e.V.",
        OPERATOR_CONTACT: "legal@example.org",
      }).operator,
    ).toEqual({ name: "Example Club e.V.", contact: "legal@example.org" });
  });

  it("turns payments on only with both Stripe keys, with Connect on and Stripe's own API by default", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).stripe).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), ...stripeKeys }).stripe).toEqual({
      secretKey: "sk_test_commons",
      webhookSecret: "whsec_commons",
      platformFeePercent: 0,
      connect: true,
      apiUrl: "https://api.stripe.com",
    });
  });

  it("asks owners of communities taking payments for a second factor only when the operator says paid", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).requireOwnerSecondFactor).toBe("off");
    expect(
      loadConfig({ DATA_DIR: dataDir(), REQUIRE_OWNER_SECOND_FACTOR: "paid" }).requireOwnerSecondFactor,
    ).toBe("paid");
  });

  it("reads a fractional platform fee, Connect off, and a stand-in on loopback over plain http", () => {
    expect(
      loadConfig({ DATA_DIR: dataDir(), ...stripeKeys, STRIPE_PLATFORM_FEE_PERCENT: "2.5" }).stripe
        ?.platformFeePercent,
    ).toBe(2.5);
    expect(loadConfig({ DATA_DIR: dataDir(), ...stripeKeys, STRIPE_CONNECT: "off" }).stripe?.connect).toBe(
      false,
    );
    for (const apiUrl of ["http://127.0.0.1:12111", "http://localhost:12111/", "http://[::1]:12111"]) {
      expect(loadConfig({ DATA_DIR: dataDir(), ...stripeKeys, STRIPE_API_URL: apiUrl }).stripe?.apiUrl).toBe(
        apiUrl.replace(/\/$/, ""),
      );
    }
  });

  it("uses agents' templates as written unless a model endpoint is set, then reads its model, key, time-out and prices", () => {
    const plain = loadConfig({ DATA_DIR: dataDir() }).agents;
    expect(plain?.model).toBeNull();
    expect(plain?.webhooks).toEqual({ timeoutMs: 10_000, maxResponseBytes: 65_536, allowLoopback: false });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        AGENTS_LLM_URL: "https://llm.example.org/v1/",
        AGENTS_LLM_API_KEY: "sk-commons",
        AGENTS_LLM_MODEL: "small-model",
        AGENTS_LLM_TIMEOUT_MS: "8000",
        AGENTS_LLM_PRICE_INPUT_PER_MTOK: "150000",
        AGENTS_LLM_PRICE_OUTPUT_PER_MTOK: "600000",
      }).agents?.model,
    ).toEqual({
      url: "https://llm.example.org/v1",
      apiKey: "sk-commons",
      model: "small-model",
      timeoutMs: 8000,
      priceInputPerMTokMicros: 150_000,
      priceOutputPerMTokMicros: 600_000,
    });
    const local = loadConfig({
      DATA_DIR: dataDir(),
      AGENTS_LLM_URL: "http://127.0.0.1:11434/v1",
      AGENTS_LLM_MODEL: "llama",
    }).agents?.model;
    expect(local).toMatchObject({ apiKey: null, timeoutMs: 30_000, priceInputPerMTokMicros: 0 });
    expect(
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: "test", AGENTS_WEBHOOK_ALLOW_LOOPBACK: "1" }).agents
        ?.webhooks.allowLoopback,
    ).toBe(true);
  });
});
