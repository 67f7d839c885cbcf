// Where each join came from, as the log's `member.joined` and the membership row record it: the
// community's creation, the community page, a shared link, a request approved later, an
// invitation and an import. What a client may not say of itself is ignored, never refused.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainEvent, membership } from "#server/db/schema.ts";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { startImport, uploadCsv } from "./member-import-test-support.ts";
import {
  accept,
  communityWithOwner,
  invitationTokenIn,
  invite,
  lastMailTo,
  person,
} from "./membership-test-support.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const db = () => t.server.database.db;

const joinFrom = (
  browser: TestBrowser,
  communityId: string,
  origin: string | null,
  answers: unknown[] = [],
) =>
  browser.graphql<{ joinCommunity: { id: string; status: string } }>(
    "mutation ($id: ID!, $answers: [AnswerInput!], $origin: String) { joinCommunity(communityId: $id, answers: $answers, origin: $origin) { id status } }",
    { id: communityId, answers, origin },
  );

/** The origin of the person's `member.joined` entries (null where absent) and of their membership row. */
async function recorded(communityId: string, userId: string) {
  const joins = await db()
    .select({ payload: domainEvent.payload })
    .from(domainEvent)
    .where(
      and(
        eq(domainEvent.communityId, communityId),
        eq(domainEvent.type, "member.joined"),
        eq(domainEvent.subjectId, userId),
      ),
    );
  const [row] = await db()
    .select({ origin: membership.origin })
    .from(membership)
    .where(and(eq(membership.communityId, communityId), eq(membership.userId, userId)));
  return { log: joins.map((entry) => entry.payload.origin ?? null), row: row?.origin ?? null };
}

describe("where joins come from", () => {
  it("the owner creating the community joined it as `created`", async () => {
    const { communityId, ownerUser } = await communityWithOwner(t);
    expect(await recorded(communityId, ownerUser.id)).toEqual({ log: ["created"], row: "created" });
  });

  it("a join from the community page, and one from a shared link with its ref cleaned", async () => {
    const { communityId } = await communityWithOwner(t);
    const ada = await person(t, "ada");
    expect((await joinFrom(ada.browser, communityId, "community_page")).errors).toBeUndefined();
    expect(await recorded(communityId, ada.user.id)).toEqual({
      log: ["community_page"],
      row: "community_page",
    });

    const bea = await person(t, "bea");
    expect((await joinFrom(bea.browser, communityId, "link:  Newsletter ")).errors).toBeUndefined();
    expect(await recorded(communityId, bea.user.id)).toEqual({
      log: ["link:newsletter"],
      row: "link:newsletter",
    });
  });

  it("an origin only the server gives, or an unusable ref, is ignored and the person still joins", async () => {
    const { communityId } = await communityWithOwner(t);
    for (const origin of ["invitation", "organizer", "link:no good", `link:${"x".repeat(41)}`]) {
      const someone = await person(t, "someone");
      const joined = await joinFrom(someone.browser, communityId, origin);
      expect(joined.errors, origin).toBeUndefined();
      expect(joined.data?.joinCommunity.status).toBe("ACTIVE");
      expect(await recorded(communityId, someone.user.id), origin).toEqual({ log: [null], row: null });
    }
  });

  it("a request keeps its origin until an admin approves it, and the join has it", async () => {
    const { communityId, owner } = await communityWithOwner(t, { joinPolicy: "APPROVAL" });
    const cy = await person(t, "cy");
    const asked = await joinFrom(cy.browser, communityId, "link:flyer");
    expect(asked.data?.joinCommunity.status).toBe("PENDING");
    expect(await recorded(communityId, cy.user.id)).toEqual({ log: [], row: "link:flyer" });
    const approved = await owner.graphql("mutation ($id: ID!) { approveJoinRequest(id: $id) { id } }", {
      id: asked.data?.joinCommunity.id,
    });
    expect(approved.errors).toBeUndefined();
    expect(await recorded(communityId, cy.user.id)).toEqual({ log: ["link:flyer"], row: "link:flyer" });
  });

  it("accepting an invitation joins as `invitation`", async () => {
    const { communityId, owner } = await communityWithOwner(t, {
      joinPolicy: "INVITE",
      visibility: "PRIVATE",
    });
    const guest = await person(t, "invitee");
    await invite(owner, communityId, [guest.email]);
    const token = invitationTokenIn((await lastMailTo(t, guest.email))?.text ?? "");
    expect((await accept(guest.browser, token)).errors).toBeUndefined();
    expect(await recorded(communityId, guest.user.id)).toEqual({ log: ["invitation"], row: "invitation" });
  });

  it("a member import joins each person as `import`", async () => {
    const { communityId, owner } = await communityWithOwner(t);
    const emails = [uniqueEmail("first"), uniqueEmail("second")];
    const filePath = await uploadCsv(owner, communityId, `E-mail\r\n${emails.join("\r\n")}\r\n`);
    const started = await startImport(owner, communityId, { filePath, emailColumn: 0 });
    expect(started.errors).toBeUndefined();
    await t.drain();
    const joins = await db()
      .select({ payload: domainEvent.payload })
      .from(domainEvent)
      .where(and(eq(domainEvent.communityId, communityId), eq(domainEvent.type, "member.joined")));
    expect(joins.map((entry) => entry.payload.origin).sort()).toEqual(["created", "import", "import"]);
    const rows = await db()
      .select({ origin: membership.origin, source: membership.source })
      .from(membership)
      .where(and(eq(membership.communityId, communityId), eq(membership.source, "imported")));
    expect(rows).toEqual([
      { origin: "import", source: "imported" },
      { origin: "import", source: "imported" },
    ]);
  });
});
