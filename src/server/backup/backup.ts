import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { Config } from "#server/config.ts";
import { migrationsFolder, openDatabase, pgliteExtensions } from "#server/db/client.ts";
import { ArchiveError, extractArchive, type Manifest, verifyArchive, writeArchive } from "./archive.ts";
import { askControlSocket, type ControlRequest, claimControlSocket } from "./control-socket.ts";
import { AUTH_SECRET_ENTRY, DATABASE_ENTRY, type SnapshotFacts, takeSnapshot } from "./snapshot.ts";

/** A backup or restore that cannot go ahead, with the sentence to show the operator. */
export class BackupError extends Error {}

const STAGING_PREFIX = ".backup-";

type Where = Pick<Config, "dataDir" | "databaseUrl" | "storage">;

const packageJson = fileURLToPath(new URL("../../../package.json", import.meta.url));

export function appVersion(): string {
  return (JSON.parse(readFileSync(packageJson, "utf8")) as { version: string }).version;
}

/** How many migrations this version of the app has. */
export function appMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

function embeddedOnly(where: Where, command: "backup" | "restore") {
  if (where.databaseUrl) {
    throw new BackupError(
      `DATABASE_URL is set: npm run ${command} covers the embedded set-up only. Use pg_dump and pg_restore for PostgreSQL (see the README).`,
    );
  }
  if (where.storage.s3) {
    throw new BackupError(
      `S3_BUCKET is set: npm run ${command} covers files kept in DATA_DIR only. Keep the bucket's versioning on or sync it elsewhere (see the README).`,
    );
  }
}

/**
 * What the running server does when a backup asks it over the control socket: a snapshot into a
 * staging directory the command made inside DATA_DIR (hard links need the same file system).
 */
export function snapshotHandler(client: PGlite, dataDir: string) {
  return async (request: ControlRequest): Promise<SnapshotFacts> => {
    if (request.op !== "snapshot") throw new Error(`unknown request ${request.op}`);
    const staging = path.resolve(request.stagingDir);
    if (
      path.dirname(staging) !== path.resolve(dataDir) ||
      !path.basename(staging).startsWith(STAGING_PREFIX)
    ) {
      throw new Error(`a snapshot goes only into ${path.join(dataDir, `${STAGING_PREFIX}*`)}`);
    }
    return takeSnapshot(client, dataDir, staging);
  };
}

// Far longer than any backup takes: an older staging directory is one whose command was killed.
const ABANDONED_AFTER_MS = 6 * 60 * 60 * 1000;

async function removeAbandonedStaging(dataDir: string) {
  for (const entry of await readdir(dataDir)) {
    if (!entry.startsWith(STAGING_PREFIX)) continue;
    const where = path.join(dataDir, entry);
    const { mtimeMs } = await stat(where);
    if (Date.now() - mtimeMs > ABANDONED_AFTER_MS) await rm(where, { recursive: true, force: true });
  }
}

function isFacts(value: unknown): value is SnapshotFacts {
  const facts = value as SnapshotFacts | null;
  return (
    typeof facts?.migrations === "number" &&
    typeof facts.files?.count === "number" &&
    typeof facts.files.bytes === "number" &&
    Array.isArray(facts.missingBlobs)
  );
}

/**
 * Writes DATA_DIR's database and files into `file`. A running server is asked for the snapshot
 * over DATA_DIR's control socket; with none running, this process claims the socket (so no
 * server starts meanwhile) and opens the database itself.
 */
export async function backup(where: Where, file: string, now = new Date()): Promise<Manifest> {
  embeddedOnly(where, "backup");
  const { dataDir } = where;
  if (!existsSync(path.join(dataDir, "pglite", "PG_VERSION"))) {
    throw new BackupError(`${dataDir} holds no embedded database: is DATA_DIR set as for npm start?`);
  }
  const target = path.resolve(file);
  if (existsSync(target) && !target.endsWith(".tar.gz") && !target.endsWith(".tgz")) {
    throw new BackupError(`${file} exists and is not a .tar.gz archive: choose another name`);
  }
  await removeAbandonedStaging(dataDir);
  const stagingDir = await mkdtemp(path.join(dataDir, STAGING_PREFIX));
  try {
    let facts: SnapshotFacts;
    let taken: Manifest["taken"] = "online";
    const answer = await askControlSocket(dataDir, { op: "snapshot", stagingDir });
    if (answer && !answer.ok)
      throw new BackupError(`The running server could not take a snapshot: ${answer.message}`);
    if (answer) {
      if (!isFacts(answer.result)) throw new BackupError("The running server answered something unexpected.");
      facts = answer.result;
    } else {
      taken = "offline";
      const claimed = await claimControlSocket(dataDir);
      if ("refused" in claimed) throw new BackupError(claimed.refused);
      try {
        const database = await openDatabase({ databaseUrl: null, dataDir });
        try {
          if (!database.pglite) throw new BackupError("the embedded database did not open");
          facts = await takeSnapshot(database.pglite, dataDir, stagingDir);
        } finally {
          await database.close();
        }
      } finally {
        await claimed.close();
      }
    }
    return await writeArchive({ stagingDir, file: target, facts, taken, appVersion: appVersion(), now });
  } finally {
    await rm(stagingDir, { recursive: true, force: true });
  }
}

/**
 * Restores `file` into DATA_DIR, which must be empty or absent. The whole archive is read and
 * checked against its manifest before anything is written; if a later step fails, what was
 * written is removed again, so DATA_DIR is left as it was found.
 */
export async function restore(where: Where, file: string): Promise<Manifest> {
  embeddedOnly(where, "restore");
  const { dataDir } = where;
  const existed = existsSync(dataDir);
  if (existed && (await readdir(dataDir)).length > 0) {
    throw new BackupError(
      `${dataDir} is not empty: restore only into an empty or absent DATA_DIR (move the current one aside first).`,
    );
  }
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const manifest = await verifyArchive(file).catch((error: unknown) => {
    throw error instanceof ArchiveError ? new BackupError(error.message) : error;
  });
  if (manifest.migrations > appMigrations()) {
    throw new BackupError(
      `${file} was made by a newer version of Commons (${manifest.appVersion}, ${manifest.migrations} migrations; this one has ${appMigrations()}): update the app first.`,
    );
  }
  await mkdir(dataDir, { recursive: true });
  const claimed = await claimControlSocket(dataDir);
  if ("refused" in claimed) throw new BackupError(claimed.refused);
  try {
    await extractArchive(file, dataDir, manifest);
    const dump = path.join(dataDir, DATABASE_ENTRY);
    const client = await PGlite.create(path.join(dataDir, "pglite"), {
      extensions: pgliteExtensions,
      loadDataDir: new Blob([new Uint8Array(await readFile(dump))]),
    });
    try {
      const applied = await client.query<{ count: number }>(
        "select count(*)::int as count from drizzle.__drizzle_migrations",
      );
      if (applied.rows[0]?.count !== manifest.migrations) {
        throw new BackupError(`${file}'s database does not hold the migrations its manifest lists`);
      }
    } finally {
      await client.close();
    }
    await rm(dump);
    if (existsSync(path.join(dataDir, AUTH_SECRET_ENTRY)))
      await chmod(path.join(dataDir, AUTH_SECRET_ENTRY), 0o600);
  } catch (error) {
    await claimed.close();
    if (existed) {
      for (const entry of await readdir(dataDir))
        await rm(path.join(dataDir, entry), { recursive: true, force: true });
    } else {
      await rm(dataDir, { recursive: true, force: true });
    }
    throw error;
  }
  await claimed.close();
  return manifest;
}
