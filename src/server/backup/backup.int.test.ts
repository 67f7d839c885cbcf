// `npm run backup` while the app runs and takes writes, `npm run restore` into an empty DATA_DIR,
// and the app started on the copy finds the community, the event and the file's bytes. Restore
// refuses a DATA_DIR that is not empty and an archive that is damaged, and writes nothing then.
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createEvent } from "#server/modules/events/events-test-support.ts";
import { createCommunity, multipart, objectUrl } from "#server/modules/files/storage-test-support.ts";
import { type ChildServer, killChildServer, startChildServerOnFreePort } from "#server/test/child-server.ts";
import { TestBrowser, uniqueEmail } from "#server/test/harness.ts";
import { type SmtpCapture, startSmtpCapture } from "#server/test/smtp-capture.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");

let work = "";
let smtp: SmtpCapture | undefined;
const servers: ChildServer[] = [];

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "commons-backup-"));
  smtp = await startSmtpCapture();
});

afterAll(async () => {
  for (const server of servers) await killChildServer(server);
  await smtp?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Starts the app as `npm start` does, on the embedded database in `dataDir`. */
async function startApp(dataDir: string) {
  const { url, child: server } = await startChildServerOnFreePort({
    dataDir,
    smtpUrl: smtp?.url ?? null,
    databaseUrl: null,
  });
  servers.push(server);
  return { server, url };
}

/** Runs `npm run backup -- FILE` or `npm run restore -- FILE` as the scripts do, on `dataDir`. */
function run(command: "backup" | "restore", dataDir: string, file: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "test" };
    delete env.DATABASE_URL;
    delete env.S3_BUCKET;
    execFile(
      process.execPath,
      [`scripts/${command}.ts`, file],
      { cwd: repoRoot, env },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// The embedded set-up only: the suite's PostgreSQL run would repeat the same PGlite round trip.
it.skipIf(process.env.DATABASE_URL)(
  "backs up while the app runs and writes, restores into an empty DATA_DIR, and the app finds everything",
  {
    timeout: 240_000,
  },
  async () => {
    if (!smtp) throw new Error("no SMTP capture");
    const original = path.join(work, "original");
    const first = await startApp(original);
    const owner = new TestBrowser(first.url, smtp);
    const email = uniqueEmail("backup-owner");
    await owner.signIn(email, "Bea Backup");
    const communityId = await createCommunity(owner);
    const event = await createEvent(owner, communityId, { title: "Archive night" });
    const csv = Buffer.from(
      `name,email\n${Array.from({ length: 3000 }, (_, i) => `Person ${i},p${i}-${randomBytes(4).toString("hex")}@example.test`).join("\n")}\n`,
    );
    const fullPath = `${communityId}/members.csv`;
    const uploaded = await multipart(owner, "member-imports", fullPath, csv, { type: "text/csv" });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);

    // Writes go on while the backup runs; whichever side of the snapshot each one lands on, the
    // restored app must open and serve what the snapshot holds.
    const archive = path.join(work, "commons.tar.gz");
    const backingUp = run("backup", original, archive);
    const writes: string[] = [];
    let finished = false;
    void backingUp.then(() => {
      finished = true;
    });
    for (let i = 0; !finished && i < 20; i++) {
      writes.push((await createEvent(owner, communityId, { title: `Written during the backup ${i}` })).id);
    }
    const backedUp = await backingUp;
    expect(backedUp.stderr).toBe("");
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toContain("1 files");
    expect(backedUp.stdout).toContain("taken by the running server");
    expect(writes.length).toBeGreaterThan(0);

    // The original keeps running: a restore never goes into a DATA_DIR in use or not empty.
    const intoUsed = await run("restore", original, archive);
    expect(intoUsed.code).toBe(1);
    expect(intoUsed.stderr).toContain(
      `${original} is not empty: restore only into an empty or absent DATA_DIR`,
    );

    // A damaged archive is refused, and the empty DATA_DIR stays empty.
    const damaged = path.join(work, "damaged.tar.gz");
    const bytes = readFileSync(archive);
    bytes.fill(0x5a, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 64);
    writeFileSync(damaged, bytes);
    const emptyDir = path.join(work, "empty");
    const refused = await run("restore", emptyDir, damaged);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is damaged/);
    expect(existsSync(emptyDir) ? readdirSync(emptyDir) : []).toEqual([]);

    const restored = path.join(work, "restored");
    const restoring = await run("restore", restored, archive);
    expect(restoring.stderr).toBe("");
    expect(restoring.code).toBe(0);
    const second = await startApp(restored);

    // The same person signs in on the copy and finds the community, the event and the file.
    const again = new TestBrowser(second.url, smtp);
    await again.signIn(email);
    const found = await again.graphql<{ community: { name: string }; event: { title: string } }>(
      `query ($communityId: ID!, $eventId: ID!) { community(id: $communityId) { name } event(id: $eventId) { title } }`,
      { communityId, eventId: event.id },
    );
    expect(found.errors).toBeUndefined();
    expect(found.data).toEqual({ community: { name: "File Testers" }, event: { title: "Archive night" } });
    // Each write during the backup is in the copy or not, as of one moment: the copy holds the
    // first few of them, one after the other, and none after a missing one.
    const present: boolean[] = [];
    for (const id of writes) {
      const read = await again.graphql(`query ($id: ID!) { event(id: $id) { id } }`, { id });
      present.push(read.errors === undefined);
    }
    const held = present.filter(Boolean).length;
    expect(present).toEqual(writes.map((_, i) => i < held));
    const download = await again.fetch(objectUrl("member-imports", fullPath, "?alt=media"));
    expect(download.status).toBe(200);
    expect(md5(new Uint8Array(await download.arrayBuffer()))).toBe(md5(csv));

    // A second app on a DATA_DIR in use is refused before it opens the database.
    const twice = await startApp(restored).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(twice).toContain(`Another process has ${restored} open`);

    // Killed, the app leaves its socket behind; a backup then opens DATA_DIR itself.
    await killChildServer(second.server);
    const offline = path.join(work, "offline.tar.gz");
    const backedUpOffline = await run("backup", restored, offline);
    expect(backedUpOffline.stderr).toBe("");
    expect(backedUpOffline.stdout).toContain("1 files");
    expect(backedUpOffline.stdout).toContain("taken with no server running");
    const fromOffline = await run("restore", path.join(work, "from-offline"), offline);
    expect(fromOffline.code).toBe(0);
  },
);
