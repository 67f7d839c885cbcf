import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import * as tar from "tar";
import * as z from "zod";
import type { SnapshotFacts } from "./snapshot.ts";

export const MANIFEST_ENTRY = "manifest.json";
const FORMAT = "commons-backup";
const FORMAT_VERSION = 1;

const entrySchema = z.object({
  path: z.string().min(1),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  appVersion: z.string(),
  /** Migrations applied to the database in the archive. */
  migrations: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  /** `online`: the running server took the snapshot; `offline`: the command opened DATA_DIR itself. */
  taken: z.enum(["online", "offline"]),
  files: z.object({ count: z.number().int().min(0), bytes: z.number().int().min(0) }),
  missingBlobs: z.array(z.string()),
  /** Every other entry of the archive with its size and SHA-256, checked before a restore writes anything. */
  entries: z.array(entrySchema),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** A problem with the archive itself: damaged, not a Commons backup, or from a newer version. */
export class ArchiveError extends Error {}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function filesUnder(root: string, relative = ""): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesUnder(root, name)));
    else if (entry.isFile()) found.push(name);
  }
  return found.sort();
}

/**
 * Packs a snapshot's staging directory into `file` (tar, gzip), the manifest first. Written beside
 * `file` and renamed into place, so an interrupted backup never leaves a half archive under its name.
 */
export async function writeArchive(options: {
  stagingDir: string;
  file: string;
  facts: SnapshotFacts;
  taken: Manifest["taken"];
  appVersion: string;
  now: Date;
}): Promise<Manifest> {
  const { stagingDir, file } = options;
  const entries = [];
  for (const name of await filesUnder(stagingDir)) {
    const full = path.join(stagingDir, name);
    entries.push({ path: name, bytes: (await stat(full)).size, sha256: await sha256Of(full) });
  }
  const manifest: Manifest = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    appVersion: options.appVersion,
    migrations: options.facts.migrations,
    createdAt: options.now.toISOString(),
    taken: options.taken,
    files: options.facts.files,
    missingBlobs: options.facts.missingBlobs,
    entries,
  };
  await writeFile(path.join(stagingDir, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);
  const partial = `${file}.partial`;
  try {
    await tar.c({ file: partial, cwd: stagingDir, gzip: true, portable: true }, [
      MANIFEST_ENTRY,
      ...entries.map((entry) => entry.path),
    ]);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return manifest;
}

/**
 * Reads the whole archive once without writing anything: gzip's and tar's own checksums, the
 * manifest first, then each entry's size and SHA-256 against it, and no entry it does not list.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  let manifest: Manifest | undefined;
  const problems: string[] = [];
  const seen = new Map<string, { bytes: number; sha256: string }>();
  const reading: Promise<void>[] = [];
  let first = true;
  try {
    await tar.t({
      file,
      strict: true,
      onReadEntry: (entry) => {
        const isFirst = first;
        first = false;
        const chunks: Buffer[] = [];
        const hash = createHash("sha256");
        let bytes = 0;
        reading.push(
          new Promise<void>((resolve) => {
            entry.on("data", (chunk: Buffer) => {
              bytes += chunk.byteLength;
              hash.update(chunk);
              if (isFirst) chunks.push(chunk);
            });
            entry.on("end", () => {
              if (isFirst) {
                if (entry.path !== MANIFEST_ENTRY) {
                  problems.push(`its first entry is ${entry.path}, not ${MANIFEST_ENTRY}`);
                } else {
                  const parsed = (() => {
                    try {
                      return manifestSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString("utf8")));
                    } catch {
                      return null;
                    }
                  })();
                  if (parsed?.success) manifest = parsed.data;
                  else problems.push("its manifest cannot be read");
                }
              } else if (entry.type === "File") {
                seen.set(entry.path, { bytes, sha256: hash.digest("hex") });
              }
              resolve();
            });
          }),
        );
      },
    });
    await Promise.all(reading);
  } catch (error) {
    throw new ArchiveError(`${file} is damaged or not a Commons backup: ${(error as Error).message}`);
  }
  if (problems.length > 0 || !manifest) {
    throw new ArchiveError(`${file} is not a Commons backup: ${problems[0] ?? "it is empty"}`);
  }
  for (const expected of manifest.entries) {
    const found = seen.get(expected.path);
    if (!found) throw new ArchiveError(`${file} is damaged: ${expected.path} is missing`);
    if (found.bytes !== expected.bytes || found.sha256 !== expected.sha256) {
      throw new ArchiveError(`${file} is damaged: ${expected.path} differs from its manifest`);
    }
    seen.delete(expected.path);
  }
  const stray = [...seen.keys()][0];
  if (stray !== undefined) throw new ArchiveError(`${file} is damaged: ${stray} is not in its manifest`);
  return manifest;
}

/** Unpacks the entries `manifest` lists into `target`; the manifest itself stays in the archive. */
export async function extractArchive(file: string, target: string, manifest: Manifest): Promise<void> {
  const listed = new Set(manifest.entries.map((entry) => entry.path));
  await tar.x({
    file,
    cwd: target,
    strict: true,
    // Only files the manifest lists: a crafted archive cannot add links or paths of its own.
    filter: (entryPath, entry) => "type" in entry && entry.type === "File" && listed.has(entryPath),
  });
}
