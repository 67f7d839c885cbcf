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
  ])("stops on a bad value and names the variable (%o)", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it("marks cookies secure-only when the app is reached over https", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), APP_URL: "https://community.example.org/" }).appUrl).toBe(
      "https://community.example.org",
    );
  });
});
