// Member import from CSV: the column mapping, rows refused with their reasons, re-running the same
// file, inviting by mail, who may import with which role, and the report of rejected rows.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainEvent, membership } from "#server/db/schema.ts";
import { createEvent } from "#server/modules/events/events-test-support.ts";
import { registerAsGuest } from "#server/modules/registrations/guest-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { parseCsv } from "#server/test/parse-csv.ts";
import { importById, startImport, uploadCsv } from "./member-import-test-support.ts";
import { communityWithOwner, join, lastMailTo, person, setRole } from "./membership-test-support.ts";

let t: TestServer;
beforeAll(async () => {
  // Three records per batch: a file of a few rows already crosses several batches.
  t = await startTestServer({ overrides: { jobs: { importBatchRows: 3 } } });
});
afterAll(() => t.close());

type MemberNode = {
  role: string;
  status: string;
  source: string;
  tags: string[];
  person: { name: string; email: string };
};

async function memberByEmail(browser: TestBrowser, communityId: string, email: string) {
  const result = await browser.graphql<{ members: { nodes: MemberNode[] } }>(
    `query ($communityId: ID!, $search: String) {
      members(communityId: $communityId, search: $search) { nodes { role status source tags person { name email } } } }`,
    { communityId, search: email },
  );
  expect(result.errors).toBeUndefined();
  return result.data?.members.nodes.find((n) => n.person.email === email) ?? null;
}

/** A community with an existing member, a banned person, and a CSV naming them among new people. */
async function fileWithEveryKindOfRow() {
  const setup = await communityWithOwner(t);
  const member = await person(t, "member");
  await join(member.browser, setup.communityId);
  const outcast = await person(t, "outcast");
  const joined = await join(outcast.browser, setup.communityId);
  const banned = await setup.owner.graphql("mutation ($id: ID!) { banMember(membershipId: $id) { id } }", {
    id: joined.data?.joinCommunity.id,
  });
  expect(banned.errors).toBeUndefined();
  const account = await person(t, "account", "Acc Holder");
  const fresh = uniqueEmail("fresh");
  const other = uniqueEmail("other");
  const lines = [
    "Full name,E-mail,Labels",
    `Fay Fresh,${fresh},volunteer; speaker`,
    `Someone Else,${account.email.toUpperCase()},`,
    `Mo Member,${member.email},`,
    `Bo Banned,${outcast.email},`,
    "No Address,,",
    "Bad Address,not-an-address,",
    `Fay Again,${fresh.toUpperCase()},`,
    `Formula,"=HYPERLINK(""http://evil.test"")",`,
    `Oli Other,${other},`,
  ];
  const text = `${lines.join("\r\n")}\r\n`;
  const filePath = await uploadCsv(setup.owner, setup.communityId, text);
  return { ...setup, member, outcast, account, fresh, other, text, filePath };
}

describe("member import", () => {
  it("adds people by the column mapping, with the import's tags and role, and reports refused rows", async () => {
    const f = await fileWithEveryKindOfRow();
    const started = await startImport(f.owner, f.communityId, {
      filePath: f.filePath,
      emailColumn: 1,
      nameColumn: 0,
      tagsColumn: 2,
      tags: ["spring-import"],
      role: "ORGANIZER",
      mode: "ADD",
    });
    expect(started.errors).toBeUndefined();
    expect(started.data?.startMemberImport).toMatchObject({ status: "QUEUED", rowsDone: 0 });
    const id = started.data?.startMemberImport.id as string;
    await t.drain();

    const done = await importById(f.owner, id);
    expect(done).toMatchObject({
      status: "DONE",
      totalRows: 9,
      rowsDone: 9,
      added: 3,
      invited: 0,
      skipped: 1,
      rejected: 5,
      error: null,
    });
    expect(done.rejectedRows).toEqual([
      { line: 5, email: f.outcast.email, reason: "BANNED" },
      { line: 6, email: "", reason: "MISSING_EMAIL" },
      { line: 7, email: "not-an-address", reason: "INVALID_EMAIL" },
      { line: 8, email: f.fresh.toUpperCase(), reason: "DUPLICATE_IN_FILE" },
      { line: 9, email: '=HYPERLINK("http://evil.test")', reason: "INVALID_EMAIL" },
    ]);

    // A new person gets an account named from the file; an existing account keeps its own name.
    expect(await memberByEmail(f.owner, f.communityId, f.fresh)).toEqual({
      role: "ORGANIZER",
      status: "ACTIVE",
      source: "IMPORTED",
      tags: ["spring-import", "volunteer", "speaker"],
      person: { name: "Fay Fresh", email: f.fresh },
    });
    expect(await memberByEmail(f.owner, f.communityId, f.account.email)).toMatchObject({
      role: "ORGANIZER",
      person: { name: "Acc Holder" },
    });
    expect(await memberByEmail(f.owner, f.communityId, f.member.email)).toMatchObject({ role: "MEMBER" });

    // Each membership made its `member.joined` entry.
    const joinedEntries = await t.server.database.db
      .select()
      .from(domainEvent)
      .where(and(eq(domainEvent.communityId, f.communityId), eq(domainEvent.type, "member.joined")));
    expect(joinedEntries.filter((e) => (e.payload as { source: string }).source === "imported")).toHaveLength(
      3,
    );

    // The person without an account claims it by signing in with that address: they are a member.
    const claimant = t.browser();
    await claimant.signIn(f.fresh);
    const mine = await claimant.graphql<{ myCommunities: { id: string }[] }>("{ myCommunities { id } }");
    expect(mine.data?.myCommunities.map((c) => c.id)).toContain(f.communityId);
  });

  it("adds nobody twice when the same file is imported again", async () => {
    const f = await fileWithEveryKindOfRow();
    const input = { filePath: f.filePath, emailColumn: 1, nameColumn: 0 };
    const first = await startImport(f.owner, f.communityId, input);
    await t.drain();
    expect(await importById(f.owner, first.data?.startMemberImport.id as string)).toMatchObject({
      added: 3,
      skipped: 1,
      rejected: 5,
    });
    // An ended import's upload is gone: the same file is uploaded again.
    const again = await startImport(f.owner, f.communityId, {
      ...input,
      filePath: await uploadCsv(f.owner, f.communityId, f.text),
    });
    await t.drain();
    expect(await importById(f.owner, again.data?.startMemberImport.id as string)).toMatchObject({
      status: "DONE",
      added: 0,
      skipped: 4,
      rejected: 5,
    });
    const total = await f.owner.graphql<{ members: { totalCount: number } }>(
      "query ($id: ID!) { members(communityId: $id) { totalCount } }",
      { id: f.communityId },
    );
    // The owner, the member, the banned person and the three imported people.
    expect(total.data?.members.totalCount).toBe(6);

    const listed = await f.owner.graphql<{ memberImports: { id: string }[] }>(
      "query ($id: ID!) { memberImports(communityId: $id) { id } }",
      { id: f.communityId },
    );
    expect(listed.data?.memberImports.map((i) => i.id)).toEqual([
      again.data?.startMemberImport.id,
      first.data?.startMemberImport.id,
    ]);
  });

  it("makes a guest registrant a member with the import's tags added to theirs, their source now the import", async () => {
    const setup = await communityWithOwner(t);
    const evening = await createEvent(setup.owner, setup.communityId);
    const email = uniqueEmail("guest");
    const guest = await registerAsGuest(t.browser(), evening.id, { name: "Gus Guest", email });
    expect(guest.data?.registerAsGuest.status).toBe("GOING");
    await t.server.database.db
      .update(membership)
      .set({ tags: ["regular", "volunteer"] })
      .where(eq(membership.communityId, setup.communityId));
    expect(await memberByEmail(setup.owner, setup.communityId, email)).toMatchObject({
      status: "PERSON",
      source: "EVENT",
    });

    const filePath = await uploadCsv(
      setup.owner,
      setup.communityId,
      `E-mail,Labels\r\n${email},volunteer\r\n`,
    );
    const started = await startImport(setup.owner, setup.communityId, {
      filePath,
      emailColumn: 0,
      tagsColumn: 1,
      tags: ["spring-fair"],
    });
    await t.drain();
    expect(await importById(setup.owner, started.data?.startMemberImport.id as string)).toMatchObject({
      status: "DONE",
      added: 1,
    });
    expect(await memberByEmail(setup.owner, setup.communityId, email)).toMatchObject({
      role: "MEMBER",
      status: "ACTIVE",
      source: "IMPORTED",
      tags: ["regular", "volunteer", "spring-fair"],
    });
  });

  it("invites by mail through the invitation flow, once however often the file is imported", async () => {
    const { owner, communityId, slug } = await communityWithOwner(t);
    const a = uniqueEmail("invitee-a");
    const b = uniqueEmail("invitee-b");
    const text = `email\n${a}\n${b}\n`;
    const filePath = await uploadCsv(owner, communityId, text);
    const first = await startImport(owner, communityId, { filePath, emailColumn: 0, mode: "INVITE" });
    expect(first.errors).toBeUndefined();
    await t.drain();
    expect(await importById(owner, first.data?.startMemberImport.id as string)).toMatchObject({
      status: "DONE",
      added: 0,
      invited: 2,
    });
    expect((await lastMailTo(t, a))?.subject).toBe(`You're invited to join Community ${slug}`);
    const again = await startImport(owner, communityId, {
      filePath: await uploadCsv(owner, communityId, text),
      emailColumn: 0,
      mode: "INVITE",
    });
    await t.drain();
    expect(await importById(owner, again.data?.startMemberImport.id as string)).toMatchObject({
      invited: 0,
      skipped: 2,
    });
    expect(t.smtp.mails.filter((m) => m.to.includes(a))).toHaveLength(1);
  });

  it("lets only those who manage members import, with roles they may give", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const text = `email\n${uniqueEmail("x")}\n`;
    // Each import started takes its own upload: an import that ends removes its file.
    const upload = () => uploadCsv(owner, communityId, text);
    const filePath = await upload();
    const admin = await person(t, "admin");
    const adminJoined = await join(admin.browser, communityId);
    await setRole(owner, adminJoined.data?.joinCommunity.id as string, "ADMIN");
    const organizer = await person(t, "organizer");
    const organizerJoined = await join(organizer.browser, communityId);
    await setRole(owner, organizerJoined.data?.joinCommunity.id as string, "ORGANIZER");

    const code = async (browser: typeof owner, role: string) =>
      (await startImport(browser, communityId, { filePath: await upload(), emailColumn: 0, role }))
        .errors?.[0]?.extensions?.code ?? "OK";
    expect(await code(admin.browser, "ADMIN")).toBe("FORBIDDEN");
    expect(await code(admin.browser, "ORGANIZER")).toBe("OK");
    expect(await code(owner, "ADMIN")).toBe("OK");
    expect(await code(owner, "OWNER")).toBe("FORBIDDEN");
    expect(await code(organizer.browser, "MEMBER")).toBe("FORBIDDEN");

    // An admin of another community reaches nothing of this one: not its files, imports or reports.
    const other = await communityWithOwner(t);
    expect(await code(other.owner, "MEMBER")).toBe("NOT_FOUND");
    const own = await startImport(owner, communityId, { filePath: await upload(), emailColumn: 0 });
    const id = own.data?.startMemberImport.id as string;
    const peek = await other.owner.graphql("query ($id: ID!) { memberImport(id: $id) { id } }", { id });
    expect(peek.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const list = await other.owner.graphql("query ($id: ID!) { memberImports(communityId: $id) { id } }", {
      id: communityId,
    });
    expect(list.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const report = await other.owner.fetch(`/api/communities/${communityId}/member-imports/${id}/report.csv`);
    expect(report.status).toBe(404);
    const viaOwnCommunity = await other.owner.fetch(
      `/api/communities/${other.communityId}/member-imports/${id}/report.csv`,
    );
    expect(viaOwnCommunity.status).toBe(404);
    // A file in another community's folder cannot be imported into one's own.
    const foreign = await startImport(other.owner, other.communityId, { filePath, emailColumn: 0 });
    expect(foreign.errors?.[0]?.extensions?.fields).toEqual([
      expect.objectContaining({ field: "filePath", code: "FILE_NOT_FOUND" }),
    ]);
  });

  it("refuses a mapping that uses one column twice, next to the field", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const filePath = await uploadCsv(owner, communityId, "email,name\na@example.test,A\n");
    const result = await startImport(owner, communityId, { filePath, emailColumn: 0, nameColumn: 0 });
    expect(result.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(result.errors?.[0]?.extensions?.fields).toEqual([
      expect.objectContaining({ field: "emailColumn", code: "DUPLICATE" }),
    ]);
  });

  it("downloads the rejected rows as a formula-safe CSV report", async () => {
    const f = await fileWithEveryKindOfRow();
    const started = await startImport(f.owner, f.communityId, { filePath: f.filePath, emailColumn: 1 });
    await t.drain();
    const done = await importById(f.owner, started.data?.startMemberImport.id as string);
    const response = await f.owner.fetch(done.reportUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    expect(rows).toEqual([
      ["Line", "Email", "Reason"],
      ["5", f.outcast.email, "BANNED"],
      ["6", "", "MISSING_EMAIL"],
      ["7", "not-an-address", "INVALID_EMAIL"],
      ["8", f.fresh.toUpperCase(), "DUPLICATE_IN_FILE"],
      ["9", `'=HYPERLINK("http://evil.test")`, "INVALID_EMAIL"],
    ]);
  });
});
