import { existsSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "#server/config.ts";
import { BackupError, backup, restore } from "./backup.ts";

const root = path.resolve(import.meta.dirname, "../../..");

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** `npm run backup -- FILE` and `npm run restore -- FILE`; returns the exit code. */
export async function runBackupCommand(command: "backup" | "restore", args: string[]): Promise<number> {
  const file = args[0];
  if (!file || args.length > 1) {
    console.error(`Usage: npm run ${command} -- FILE  (FILE: a .tar.gz archive)`);
    return 2;
  }
  // Read as `npm start` reads it: variables already in the environment win over the file.
  if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
  let where: ReturnType<typeof loadConfig>;
  try {
    // Only where the data lives matters here. A placeholder secret keeps the configuration from
    // creating DATA_DIR/auth-secret, which would make an empty DATA_DIR non-empty before a restore.
    where = loadConfig({ ...process.env, AUTH_SECRET: process.env.AUTH_SECRET || "x".repeat(32) });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    return 1;
  }
  try {
    if (command === "backup") {
      const manifest = await backup(where, file);
      console.log(
        `Backed up ${where.dataDir} to ${file}: the database (${manifest.migrations} migrations) and ${manifest.files.count} files (${size(manifest.files.bytes)}), taken ${manifest.taken === "online" ? "by the running server" : "with no server running"}.`,
      );
      if (manifest.missingBlobs.length > 0) {
        console.log(
          `${manifest.missingBlobs.length} files the database names were already missing from DATA_DIR/storage/blobs: ${manifest.missingBlobs.slice(0, 5).join(", ")}`,
        );
      }
    } else {
      const manifest = await restore(where, file);
      console.log(
        `Restored ${file} (made ${manifest.createdAt} by Commons ${manifest.appVersion}) into ${where.dataDir}: the database and ${manifest.files.count} files (${size(manifest.files.bytes)}). Start the app with npm start.`,
      );
    }
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    return 1;
  }
}
