// Runs once per integration run, before any test file: migrates one database that every test
// server then copies (see `openTestDatabase` in harness.ts), instead of each file running initdb
// and the migrations itself.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { migrationsFolder, openDatabase, pgliteExtensions } from "#server/db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated database each test server clones with CREATE DATABASE … TEMPLATE. */
    templateDatabaseUrl: string | null;
    /** PGlite: a `dumpDataDir` archive of a migrated cluster, loaded into each in-memory test database. */
    pgliteSnapshotFile: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const databaseUrl = process.env.DATABASE_URL || null;
  if (databaseUrl) {
    const database = await openDatabase({ databaseUrl, dataDir: null });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    project.provide("templateDatabaseUrl", databaseUrl);
    project.provide("pgliteSnapshotFile", null);
    return () => {};
  }
  const dir = mkdtempSync(path.join(tmpdir(), "commons-pglite-snapshot-"));
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const archive = await client.dumpDataDir("none");
    const file = path.join(dir, "migrated.tar");
    writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
    project.provide("pgliteSnapshotFile", file);
    project.provide("templateDatabaseUrl", null);
  } finally {
    await client.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}
