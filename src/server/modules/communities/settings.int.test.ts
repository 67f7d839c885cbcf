import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { community, membership, storageObject } from "#server/db/schema.ts";
import { auditTrail } from "#server/modules/log/log.audit.ts";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";

let t: TestServer;
let owner: TestBrowser;
let communityId: string;

const UPDATE = /* GraphQL */ `
  mutation ($id: ID!, $input: UpdateCommunityInput!) {
    updateCommunity(id: $id, input: $input) { id name slug description brandColor visibility joinPolicy logoUrl }
  }
`;
const DELETE = "mutation ($id: ID!, $name: String!) { deleteCommunity(id: $id, confirmName: $name) }";

async function createCommunity(browser: TestBrowser, name: string) {
  const slug = `${name.toLowerCase().replace(/\W+/g, "-")}-${Math.random().toString(36).slice(2, 7)}`;
  const result = await browser.graphql<{ createCommunity: { id: string } }>(
    "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
    { input: { name, slug, timeZone: "UTC", currency: "EUR", visibility: "PUBLIC", joinPolicy: "OPEN" } },
  );
  return result.data?.createCommunity.id as string;
}

/** Puts a signed-in user into the community with a role, as invitations will later. */
async function join(browser: TestBrowser, id: string, role: "admin" | "organizer" | "member") {
  const me = (await (await browser.fetch("/api/auth/get-session")).json()) as { user: { id: string } };
  await t.server.database.db.insert(membership).values({
    id: randomUUID(),
    communityId: id,
    userId: me.user.id,
    role,
    status: "active",
    source: "invited",
  });
  await t.server.database.db.update(community).set({ memberCount: 2 }).where(eq(community.id, id));
}

beforeAll(async () => {
  t = await startTestServer();
  owner = t.browser();
  await owner.signIn(uniqueEmail("owner"), "Owen Owner");
  communityId = await createCommunity(owner, "Garden Club");
});
afterAll(() => t.close());

describe("community settings", () => {
  it("lets the owner change settings and records who changed what, before and after", async () => {
    const result = await owner.graphql(UPDATE, {
      id: communityId,
      input: { description: "We grow **tomatoes**.", brandColor: "#16A34A", joinPolicy: "APPROVAL" },
    });
    expect(result.errors).toBeUndefined();
    expect(result.data).toMatchObject({
      updateCommunity: {
        description: "We grow **tomatoes**.",
        brandColor: "#16a34a",
        joinPolicy: "APPROVAL",
      },
    });
    const entries = await auditTrail(t.server.database.db, communityId);
    const update = entries.find((e) => e.action === "community.updated");
    expect(update?.before).toEqual({ description: "", brandColor: null, joinPolicy: "open" });
    expect(update?.after).toEqual({
      description: "We grow **tomatoes**.",
      brandColor: "#16a34a",
      joinPolicy: "approval",
    });
    expect(entries.map((e) => e.action)).toContain("community.created");
  });

  it("answers bad values field by field and changes nothing", async () => {
    const result = await owner.graphql(UPDATE, {
      id: communityId,
      input: { name: "", brandColor: "green", logoPath: `${communityId}/missing.png` },
    });
    expect(result.errors?.[0]?.extensions?.fields?.map((f) => [f.field, f.code])).toEqual([
      ["name", "REQUIRED"],
      ["brandColor", "INVALID_COLOR"],
      ["logoPath", "INVALID_IMAGE"],
    ]);
    const [row] = await t.server.database.db.select().from(community).where(eq(community.id, communityId));
    expect(row?.name).toBe("Garden Club");
  });

  it("keeps slugs unique when one is changed", async () => {
    const other = await createCommunity(owner, "Orchard Club");
    const [taken] = await t.server.database.db.select().from(community).where(eq(community.id, other));
    const result = await owner.graphql(UPDATE, { id: communityId, input: { slug: taken?.slug } });
    expect(result.errors?.[0]?.extensions?.fields).toEqual([
      { field: "slug", code: "SLUG_TAKEN", message: "That address is taken. Try another." },
    ]);
  });

  it("lets admins edit, but not organizers or members", async () => {
    const id = await createCommunity(owner, "Role Club");
    for (const [role, allowed] of [
      ["admin", true],
      ["organizer", false],
      ["member", false],
    ] as const) {
      const person = t.browser();
      await person.signIn(uniqueEmail(role), `Pat ${role}`);
      await join(person, id, role);
      const result = await person.graphql(UPDATE, { id, input: { description: `set by ${role}` } });
      if (allowed) expect(result.errors).toBeUndefined();
      else expect(result.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
  });

  it("tells each person what their role allows there, and the same in their list of communities", async () => {
    const id = await createCommunity(owner, "Capability Club");
    const QUERY =
      "query ($id: ID!) { community(id: $id) { viewerCapabilities } myCommunities { id viewerCapabilities } }";
    const seen: Record<string, string[] | undefined> = {};
    for (const role of ["admin", "organizer", "member"] as const) {
      const person = t.browser();
      await person.signIn(uniqueEmail(role), `Pat ${role}`);
      await join(person, id, role);
      const result = await person.graphql<{
        community: { viewerCapabilities: string[] };
        myCommunities: { id: string; viewerCapabilities: string[] }[];
      }>(QUERY, { id });
      expect(result.data?.myCommunities.find((c) => c.id === id)?.viewerCapabilities).toEqual(
        result.data?.community.viewerCapabilities,
      );
      seen[role] = result.data?.community.viewerCapabilities;
    }
    const ownerSees = await owner.graphql<{ community: { viewerCapabilities: string[] } }>(QUERY, { id });
    seen.owner = ownerSees.data?.community.viewerCapabilities;
    const organizer = [
      "COMMUNITY_VIEW",
      "MEMBERS_VIEW",
      "EVENTS_MANAGE",
      "REGISTRATIONS_MANAGE",
      "CHECKIN",
      "INSIGHTS_VIEW",
    ];
    expect(seen).toEqual({
      member: ["COMMUNITY_VIEW"],
      organizer,
      admin: [
        "COMMUNITY_VIEW",
        "COMMUNITY_EDIT",
        "MEMBERS_VIEW",
        "MEMBERS_MANAGE",
        "EVENTS_MANAGE",
        "REGISTRATIONS_MANAGE",
        "CHECKIN",
        "PAYMENTS_MANAGE",
        "AGENTS_MANAGE",
        "INSIGHTS_VIEW",
        "INSIGHTS_REVENUE",
      ],
      owner: [
        "COMMUNITY_VIEW",
        "COMMUNITY_EDIT",
        "COMMUNITY_DELETE",
        "COMMUNITY_TRANSFER",
        "MEMBERS_VIEW",
        "MEMBERS_MANAGE",
        "MEMBERS_MANAGE_ADMINS",
        "EVENTS_MANAGE",
        "REGISTRATIONS_MANAGE",
        "CHECKIN",
        "PAYMENTS_MANAGE",
        "PAYMENTS_CONNECT",
        "AGENTS_MANAGE",
        "INSIGHTS_VIEW",
        "INSIGHTS_REVENUE",
      ],
    });
  });
});

describe("deleting a community", () => {
  it("needs the owner and the exact name, then removes it and its files for everyone", async () => {
    const id = await createCommunity(owner, "Short Lived");
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#4f46e5" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
    const uploaded = await owner.fetch(
      `/api/storage/v0/b/community-assets/o?name=${encodeURIComponent(`${id}/logo.png`)}`,
      {
        method: "POST",
        body: form,
      },
    );
    expect(uploaded.status).toBe(200);
    const logo = (await uploaded.json()) as { downloadUrl: string };
    const update = await owner.graphql<{ updateCommunity: { logoUrl: string } }>(UPDATE, {
      id,
      input: { logoPath: `${id}/logo.png` },
    });
    expect(update.data?.updateCommunity.logoUrl).toBe(logo.downloadUrl);
    const admin = t.browser();
    await admin.signIn(uniqueEmail("admin"), "Ada Admin");
    await join(admin, id, "admin");
    expect((await admin.graphql(DELETE, { id, name: "Short Lived" })).errors?.[0]?.extensions?.code).toBe(
      "FORBIDDEN",
    );
    const mistyped = await owner.graphql(DELETE, { id, name: "short lived" });
    expect(mistyped.errors?.[0]?.extensions?.fields?.[0]?.code).toBe("CONFIRMATION_MISMATCH");

    expect((await owner.graphql(DELETE, { id, name: "Short Lived" })).data).toEqual({
      deleteCommunity: true,
    });
    const gone = await admin.graphql("query ($id: ID!) { community(id: $id) { id } }", { id });
    expect(gone.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const mine = await admin.graphql<{ myCommunities: { id: string }[] }>("{ myCommunities { id } }");
    expect(mine.data?.myCommunities.map((c) => c.id)).not.toContain(id);
    // The stored files go with the community through the log's files subscriber.
    await t.drain();
    expect(
      await t.server.database.db.select().from(storageObject).where(eq(storageObject.communityId, id)),
    ).toEqual([]);
    // The old public link stops serving the bytes; like any unknown token it reveals nothing more.
    expect((await fetch(new URL(logo.downloadUrl, t.url))).status).toBe(403);
  });

  it("keeps join questions in order, with their ids across saves, and names a bad one's field", async () => {
    const id = await createCommunity(owner, "Question Club");
    const SAVE =
      "mutation ($id: ID!, $q: [QuestionInput!]) { updateCommunity(id: $id, input: { joinQuestions: $q }) { joinQuestions { id kind label required options } } }";
    type Saved = { updateCommunity: { joinQuestions: { id: string; label: string }[] } };
    const first = await owner.graphql<Saved>(SAVE, {
      id,
      q: [
        { kind: "SHORT_TEXT", label: "Why join?", required: true },
        { kind: "SINGLE_CHOICE", label: "Level", required: false, options: ["New", "Seasoned"] },
      ],
    });
    const [why, level] = first.data?.updateCommunity.joinQuestions ?? [];
    const second = await owner.graphql<Saved>(SAVE, {
      id,
      q: [
        {
          id: level?.id,
          kind: "SINGLE_CHOICE",
          label: "Level",
          required: false,
          options: ["New", "Seasoned"],
        },
        { id: why?.id, kind: "SHORT_TEXT", label: "Why do you want to join?", required: true },
      ],
    });
    expect(second.data?.updateCommunity.joinQuestions.map((q) => [q.id, q.label])).toEqual([
      [level?.id, "Level"],
      [why?.id, "Why do you want to join?"],
    ]);
    const bad = await owner.graphql(SAVE, {
      id,
      q: [{ kind: "MULTIPLE_CHOICE", label: "Pick", required: false, options: ["Only"] }],
    });
    expect(bad.errors?.[0]?.extensions?.fields).toEqual([
      { field: "joinQuestions.0.options", code: "INVALID_OPTIONS", message: expect.any(String) },
    ]);
    const trail = await auditTrail(t.server.database.db, id);
    expect(trail.filter((entry) => entry.action === "community.updated")).toHaveLength(2);
  });
});
