// The member directory: members see who else belongs only when the community shows it, and then
// names, roles and since when, never addresses; organizers always see it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";
import { communityWithOwner, join, person } from "./membership-test-support.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const DIRECTORY = `query ($id: ID!, $first: Int, $after: String) {
  memberDirectory(communityId: $id, first: $first, after: $after) {
    totalCount hasNextPage endCursor nodes { id name role }
  }
}`;

type Directory = {
  totalCount: number;
  hasNextPage: boolean;
  endCursor: string | null;
  nodes: { id: string; name: string; role: string }[];
};

const directoryOf = (browser: TestBrowser, id: string, first?: number, after?: string | null) =>
  browser.graphql<{ memberDirectory: Directory }>(DIRECTORY, { id, first, after });

const PAGE = "query ($slug: String!) { communityBySlug(slug: $slug) { viewerSeesDirectory } }";

async function showDirectory(owner: TestBrowser, communityId: string, on: boolean) {
  const result = await owner.graphql<{ updateCommunity: { memberDirectory: boolean } }>(
    "mutation ($id: ID!, $on: Boolean!) { updateCommunity(id: $id, input: { memberDirectory: $on }) { memberDirectory } }",
    { id: communityId, on },
  );
  expect(result.errors).toBeUndefined();
  expect(result.data?.updateCommunity.memberDirectory).toBe(on);
}

describe("the member directory", () => {
  it("is shown to members only once an admin turns it on, by name and without addresses", async () => {
    const club = await communityWithOwner(t);
    const ada = await person(t, "ada", "Ada Guest");
    const bo = await person(t, "bo", "Bo Guest");
    expect((await join(ada.browser, club.communityId)).errors).toBeUndefined();
    expect((await join(bo.browser, club.communityId)).errors).toBeUndefined();

    const before = await directoryOf(ada.browser, club.communityId);
    expect(before.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await ada.browser.graphql(PAGE, { slug: club.slug })).data).toEqual({
      communityBySlug: { viewerSeesDirectory: false },
    });
    // Organizers and up see it whatever the setting.
    expect((await directoryOf(club.owner, club.communityId)).data?.memberDirectory.totalCount).toBe(3);

    await showDirectory(club.owner, club.communityId, true);
    expect((await ada.browser.graphql(PAGE, { slug: club.slug })).data).toEqual({
      communityBySlug: { viewerSeesDirectory: true },
    });
    const first = await directoryOf(ada.browser, club.communityId, 2);
    expect(first.errors).toBeUndefined();
    expect(first.data?.memberDirectory).toMatchObject({ totalCount: 3, hasNextPage: true });
    expect(first.data?.memberDirectory.nodes.map((n) => [n.name, n.role])).toEqual([
      ["Ada Guest", "MEMBER"],
      ["Bo Guest", "MEMBER"],
    ]);
    const rest = await directoryOf(ada.browser, club.communityId, 2, first.data?.memberDirectory.endCursor);
    expect(rest.data?.memberDirectory.nodes.map((n) => n.name)).toEqual(["Olive Owner"]);
    expect(rest.data?.memberDirectory.hasNextPage).toBe(false);
    // Addresses are not part of what a member may ask for.
    const probing = await ada.browser.graphql(
      "query ($id: ID!) { memberDirectory(communityId: $id) { nodes { person { email } } } }",
      { id: club.communityId },
    );
    expect(probing.data).toBeUndefined();
    expect(probing.errors?.[0]?.message).toMatch(/Cannot query field "person"/);

    await showDirectory(club.owner, club.communityId, false);
    expect((await directoryOf(ada.browser, club.communityId)).errors?.[0]?.extensions?.code).toBe(
      "FORBIDDEN",
    );
  });

  it("lists active members only, and is not for people who only asked to join or were banned", async () => {
    const club = await communityWithOwner(t, { joinPolicy: "APPROVAL" });
    await showDirectory(club.owner, club.communityId, true);
    const cy = await person(t, "cy", "Cy Guest");
    expect((await join(cy.browser, club.communityId)).data?.joinCommunity.status).toBe("PENDING");
    expect((await directoryOf(cy.browser, club.communityId)).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const listed = await directoryOf(club.owner, club.communityId);
    expect(listed.data?.memberDirectory.nodes.map((n) => n.name)).toEqual(["Olive Owner"]);
  });

  it("refuses admins' settings change to members", async () => {
    const club = await communityWithOwner(t);
    const dee = await person(t, "dee", "Dee Guest");
    await join(dee.browser, club.communityId);
    const refused = await dee.browser.graphql(
      "mutation ($id: ID!) { updateCommunity(id: $id, input: { memberDirectory: true }) { id } }",
      { id: club.communityId },
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
