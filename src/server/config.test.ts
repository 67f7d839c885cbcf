import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

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
    [{ S3_BUCKET: "Not_A_Bucket" }, /^S3_BUCKET:/],
    [{ S3_ENDPOINT: "minio:9000", S3_BUCKET: "commons" }, /^S3_ENDPOINT:/],
    [{ S3_REGION: "EU West", S3_BUCKET: "commons" }, /^S3_REGION:/],
    [{ S3_FORCE_PATH_STYLE: "yes", S3_BUCKET: "commons" }, /^S3_FORCE_PATH_STYLE:/],
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, /^S3_BUCKET:/],
    [{ S3_BUCKET: "commons", S3_ACCESS_KEY_ID: "key" }, /^S3_SECRET_ACCESS_KEY:/],
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
});
