// What restore checks before it writes anything: an archive that is not gzip, an entry changed or
// added after the manifest was written, an archive from a newer app, and a DATA_DIR in use.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyArchive, writeArchive } from "./archive.ts";
import { appMigrations, BackupError, restore } from "./backup.ts";

let work = "";
const facts = (migrations = 1) => ({ migrations, files: { count: 1, bytes: 5 }, missingBlobs: [] });

/** A staging directory as a snapshot leaves it: a database dump, one blob, the auth secret. */
function staging(name: string): string {
  const dir = path.join(work, name);
  mkdirSync(path.join(dir, "storage", "blobs", "avatars"), { recursive: true });
  writeFileSync(path.join(dir, "database.tar"), "not really a cluster");
  writeFileSync(path.join(dir, "storage", "blobs", "avatars", "a1"), "bytes");
  writeFileSync(path.join(dir, "auth-secret"), "s".repeat(43));
  return dir;
}

async function archiveOf(name: string, migrations = 1): Promise<string> {
  const file = path.join(work, `${name}.tar.gz`);
  await writeArchive({
    stagingDir: staging(name),
    file,
    facts: facts(migrations),
    taken: "offline",
    appVersion: "0.1.0",
    now: new Date("2026-11-29T06:00:00Z"),
  });
  return file;
}

/** Packs `dir` again as it is now, the manifest written earlier first, as a tampered archive would be. */
async function repack(dir: string, file: string, extra: string[] = []) {
  await tar.c({ file, cwd: dir, gzip: true, portable: true }, [
    "manifest.json",
    "auth-secret",
    "database.tar",
    "storage/blobs/avatars/a1",
    ...extra,
  ]);
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), "commons-archive-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("an archive", () => {
  it("lists every entry with its size and SHA-256 in a manifest that comes first", async () => {
    const manifest = await verifyArchive(await archiveOf("good"));
    expect(manifest).toMatchObject({
      format: "commons-backup",
      appVersion: "0.1.0",
      migrations: 1,
      createdAt: "2026-11-29T06:00:00.000Z",
      files: { count: 1, bytes: 5 },
    });
    expect(manifest.entries.map((entry) => [entry.path, entry.bytes])).toEqual([
      ["auth-secret", 43],
      ["database.tar", 20],
      ["storage/blobs/avatars/a1", 5],
    ]);
  });

  it("is refused when it is not gzip, or cut short", async () => {
    const junk = path.join(work, "junk.tar.gz");
    writeFileSync(junk, "this is not an archive at all");
    await expect(verifyArchive(junk)).rejects.toThrow(/is damaged or not a Commons backup/);
    const good = readFileSync(await archiveOf("cut"));
    const cut = path.join(work, "cut-short.tar.gz");
    writeFileSync(cut, good.subarray(0, Math.floor(good.length / 2)));
    await expect(verifyArchive(cut)).rejects.toThrow(/is damaged/);
  });

  it("is refused when an entry changed after the manifest was written, or one was added", async () => {
    await archiveOf("changed");
    const dir = path.join(work, "changed");
    writeFileSync(path.join(dir, "storage", "blobs", "avatars", "a1"), "BYTES");
    const changed = path.join(work, "changed-entry.tar.gz");
    await repack(dir, changed);
    await expect(verifyArchive(changed)).rejects.toThrow(
      "is damaged: storage/blobs/avatars/a1 differs from its manifest",
    );

    await archiveOf("added");
    const added = path.join(work, "added-entry.tar.gz");
    writeFileSync(path.join(work, "added", "extra"), "x");
    await repack(path.join(work, "added"), added, ["extra"]);
    await expect(verifyArchive(added)).rejects.toThrow("is damaged: extra is not in its manifest");
  });
});

describe("restore", () => {
  const where = (dataDir: string) => ({ dataDir, databaseUrl: null, storage: { s3: null } });

  it("refuses an archive from a version with more migrations, and writes nothing", async () => {
    const newer = await archiveOf("newer", appMigrations() + 1);
    const target = path.join(work, "target-newer");
    await expect(restore(where(target), newer)).rejects.toThrow(/made by a newer version of Commons/);
    expect(existsSync(target)).toBe(false);
  });

  it("refuses a DATA_DIR with anything in it", async () => {
    const target = path.join(work, "target-used");
    mkdirSync(target);
    writeFileSync(path.join(target, "auth-secret"), "kept");
    const error = await restore(where(target), await archiveOf("used")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toBe(
      `${target} is not empty: restore only into an empty or absent DATA_DIR (move the current one aside first).`,
    );
    expect(readdirSync(target)).toEqual(["auth-secret"]);
  });

  it("points to pg_restore when DATABASE_URL is set", async () => {
    await expect(
      restore({ ...where(path.join(work, "pg")), databaseUrl: "postgres://localhost/x" }, "x.tar.gz"),
    ).rejects.toThrow(/Use pg_dump and pg_restore for PostgreSQL/);
  });
});
