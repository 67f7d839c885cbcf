import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  InvitationsDocument,
  JoinRequestsDocument,
  MemberImportsDocument,
  MemberSegmentsDocument,
  type MemberSegmentsQuery,
  MembersDocument,
  type MembersQuery,
  type MembersQueryVariables,
  SaveMemberSegmentDocument,
  type SaveMemberSegmentMutationVariables,
  TagMembersDocument,
  type TagMembersMutationVariables,
} from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { communityFixture, eventDashboardHandlers } from "#client/test-fixtures.ts";
import { api, graphqlError, server } from "#client/test-network.ts";

type Member = MembersQuery["members"]["nodes"][number];
type Segment = MemberSegmentsQuery["memberSegments"][number];

const member = (id: string, name: string, tags: string[] = []): Member => ({
  id,
  role: "MEMBER",
  status: "ACTIVE",
  source: "JOINED",
  tags,
  joinedAt: "2026-02-01T10:00:00.000Z",
  eventsAttended: 2,
  checkIns: 1,
  lastActiveAt: "2026-03-01T10:00:00.000Z",
  person: { id: `u-${id}`, name, email: `${id}@example.test` },
});

const admin = communityFixture({
  viewerRole: "ADMIN",
  viewerCapabilities: ["COMMUNITY_VIEW", "MEMBERS_VIEW", "MEMBERS_MANAGE", "EVENTS_MANAGE"],
});

/** The member table's server: records each list request's variables and each tag and segment write. */
function membersServer(rows: Member[], segments: Segment[] = []) {
  const lists: MembersQueryVariables[] = [];
  const tagged: TagMembersMutationVariables[] = [];
  const saved: SaveMemberSegmentMutationVariables[] = [];
  let current = rows;
  let kept = segments;
  server.use(
    api.query(MembersDocument, ({ variables }) => {
      lists.push(variables);
      const tags = variables.filter?.tags ?? [];
      const nodes = current.filter((m) => tags.every((t) => m.tags.includes(t)));
      return HttpResponse.json({
        data: {
          members: {
            totalCount: nodes.length,
            totalCountCapped: false,
            pageInfo: { endCursor: null, hasNextPage: false },
            nodes,
          },
        },
      });
    }),
    api.query(MemberSegmentsDocument, () => HttpResponse.json({ data: { memberSegments: kept } })),
    api.query(JoinRequestsDocument, () =>
      HttpResponse.json({
        data: { joinRequests: { totalCount: 0, endCursor: null, hasNextPage: false, nodes: [] } },
      }),
    ),
    api.query(MemberImportsDocument, () => HttpResponse.json({ data: { memberImports: [] } })),
    api.query(InvitationsDocument, () => HttpResponse.json({ data: { invitations: [] } })),
    api.mutation(TagMembersDocument, ({ variables }) => {
      tagged.push(variables);
      const ids = new Set([variables.membershipIds ?? []].flat().map(String));
      const add = [variables.add ?? []].flat();
      current = current.map((m) => (ids.has(m.id) ? { ...m, tags: [...m.tags, ...add] } : m));
      return HttpResponse.json({ data: { tagMembers: { matched: ids.size, changed: ids.size } } });
    }),
    api.mutation(SaveMemberSegmentDocument, ({ variables }) => {
      saved.push(variables);
      const segment: Segment = {
        id: `s${kept.length + 1}`,
        name: variables.name,
        filter: {
          roles: null,
          statuses: null,
          sources: null,
          tags: (variables.filter.tags as string[] | null) ?? null,
          joinedAfter: null,
          joinedBefore: null,
          lastActiveAfter: null,
          lastActiveBefore: null,
          eventsAttendedAtLeast: null,
          checkInsAtLeast: null,
        },
      };
      kept = [...kept, segment];
      return HttpResponse.json({ data: { saveMemberSegment: { id: segment.id, name: segment.name } } });
    }),
  );
  return { lists, tagged, saved };
}

async function open(url: string, community = admin) {
  return renderApp(url, {
    signedInAs: adaUser,
    handlers: eventDashboardHandlers({ community, rows: () => [] }),
  });
}

const ada = member("m1", "Ada Guest", ["volunteer"]);
const bo = member("m2", "Bo Guest");
const cy = member("m3", "Cy Guest", ["volunteer", "speaker"]);

describe("the members page", () => {
  it("reads filters and sort from the URL and writes new ones back to it", async () => {
    const network = membersServer([ada, bo, cy]);
    const { user, router } = await open("/dashboard/c1/members?role=ADMIN&attended=2&sort=name&dir=desc");
    await screen.findByRole("table", { name: /Members/ });
    expect(network.lists.at(-1)).toMatchObject({
      filter: { roles: ["ADMIN"], eventsAttendedAtLeast: 2 },
      sort: { field: "NAME", direction: "DESC" },
    });
    expect((screen.getByLabelText("Role") as HTMLSelectElement).value).toBe("ADMIN");

    await user.selectOptions(screen.getByLabelText("Status"), "PENDING");
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ role: "ADMIN", status: "PENDING" }),
    );
    await waitFor(() => expect(network.lists.at(-1)?.filter).toMatchObject({ statuses: ["PENDING"] }));

    await user.type(screen.getByLabelText("Filter by tag"), "volunteer{Enter}");
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tag: ["volunteer"] }));

    await user.click(await screen.findByRole("button", { name: /^Joined/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sort: "joined", dir: "desc" }));

    router.history.back();
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty("sort", "joined"));
    expect(router.state.location.search).toMatchObject({ tag: ["volunteer"] });
  });

  it("tags the selected rows and shows the new tag", async () => {
    const network = membersServer([ada, bo, cy]);
    const { user } = await open("/dashboard/c1/members");
    const table = await screen.findByRole("table", { name: /Members/ });
    await user.click(within(table).getByRole("checkbox", { name: "Select Ada Guest" }));
    await user.click(within(table).getByRole("checkbox", { name: "Select Bo Guest" }));
    expect(screen.getByText("2 members selected.")).toBeTruthy();

    await user.type(screen.getByLabelText("Tag for the selected members"), "mentor");
    await user.click(screen.getByRole("button", { name: "Add tag" }));

    expect(await screen.findByText('Tagged 2 members "mentor".')).toBeTruthy();
    expect(network.tagged).toEqual([
      { communityId: "c1", membershipIds: ["m1", "m2"], add: ["mentor"], remove: [] },
    ]);
    await within(table).findByRole("list", { name: "Tags of Bo Guest" });
    expect(within(screen.getByRole("list", { name: "Tags of Bo Guest" })).getByText("mentor")).toBeTruthy();
  });

  it("tags every member the filter matches after 'select all matching', past the counting cap too", async () => {
    const network = membersServer([ada, bo, cy]);
    server.use(
      api.query(MembersDocument, ({ variables }) =>
        HttpResponse.json({
          data: {
            members: {
              // The server counts a filtered set up to 1,000 and says when more match.
              totalCount: 1000,
              totalCountCapped: true,
              pageInfo: { endCursor: "next", hasNextPage: true },
              nodes: variables.filter?.tags?.length ? [ada, cy] : [ada, bo, cy],
            },
          },
        }),
      ),
    );
    const { user } = await open("/dashboard/c1/members?tag=%5B%22volunteer%22%5D");
    const table = await screen.findByRole("table", { name: /Members/ });
    expect(screen.getByText(/^1,000\+\s*members\s*match$/)).toBeTruthy();
    await user.click(within(table).getByRole("checkbox", { name: "Select all members on this page" }));
    await user.click(screen.getByRole("button", { name: "Select all 1,000+ members matching" }));
    await user.type(screen.getByLabelText("Tag for the selected members"), "season-2026");
    await user.click(screen.getByRole("button", { name: "Remove tag" }));
    await waitFor(() => expect(network.tagged).toHaveLength(1));
    expect(network.tagged[0]).toMatchObject({
      communityId: "c1",
      filter: { tags: ["volunteer"] },
      add: [],
      remove: ["season-2026"],
    });
    expect(network.tagged[0]?.membershipIds).toBeUndefined();
  });

  it("shows the server's code when tagging is refused", async () => {
    membersServer([ada]);
    server.use(
      api.mutation(TagMembersDocument, () => graphqlError("FORBIDDEN", "Only admins can tag members.")),
    );
    const { user } = await open("/dashboard/c1/members");
    const table = await screen.findByRole("table", { name: /Members/ });
    await user.click(within(table).getByRole("checkbox", { name: "Select Ada Guest" }));
    await user.type(screen.getByLabelText("Tag for the selected members"), "vip{Enter}");
    expect(await screen.findByText("Only admins and owners can do that. (FORBIDDEN)")).toBeTruthy();
  });

  it("saves the current filter as a segment and opens a saved one", async () => {
    const network = membersServer(
      [ada, bo, cy],
      [
        {
          id: "s0",
          name: "Speakers",
          filter: {
            roles: null,
            statuses: null,
            sources: null,
            tags: ["speaker"],
            joinedAfter: null,
            joinedBefore: null,
            lastActiveAfter: null,
            lastActiveBefore: null,
            eventsAttendedAtLeast: 1,
            checkInsAtLeast: null,
          },
        },
      ],
    );
    const { user, router } = await open("/dashboard/c1/members?tag=%5B%22volunteer%22%5D");
    await screen.findByRole("table", { name: /Members/ });
    const segments = screen.getByRole("complementary", { name: "Segments" });

    await user.click(within(segments).getByRole("button", { name: "Save segment" }));
    expect(within(segments).getByText("Give the segment a name.")).toBeTruthy();
    await user.type(within(segments).getByLabelText("Save this filter as a segment"), "Volunteers");
    await user.click(within(segments).getByRole("button", { name: "Save segment" }));
    expect(await screen.findByText('Saved the segment "Volunteers".')).toBeTruthy();
    expect(network.saved[0]).toMatchObject({
      communityId: "c1",
      name: "Volunteers",
      filter: { tags: ["volunteer"] },
    });
    expect(await within(segments).findByRole("link", { name: "Volunteers" })).toBeTruthy();

    await user.click(within(segments).getByRole("link", { name: "Speakers" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tag: ["speaker"], attended: 1 }));
    await waitFor(() =>
      expect(network.lists.at(-1)?.filter).toMatchObject({ tags: ["speaker"], eventsAttendedAtLeast: 1 }),
    );
  });

  it("hides tagging and saving from organizers, who may still export", async () => {
    membersServer([ada]);
    const { user } = await open("/dashboard/c1/members?tag=%5B%22volunteer%22%5D", communityFixture());
    const table = await screen.findByRole("table", { name: /Members/ });
    await user.click(within(table).getByRole("checkbox", { name: "Select Ada Guest" }));
    expect(screen.queryByLabelText("Tag for the selected members")).toBeNull();
    expect(screen.queryByLabelText("Save this filter as a segment")).toBeNull();
    expect(screen.getByRole("link", { name: "Export selected" }).getAttribute("href")).toBe(
      "/api/communities/c1/members.csv?id=m1",
    );
    expect(screen.getByRole("link", { name: /Export filtered to CSV/ }).getAttribute("href")).toBe(
      "/api/communities/c1/members.csv?tag=volunteer",
    );
  });

  it("shows why the list could not load, with the server's code, and loads it on retry", async () => {
    const network = membersServer([ada]);
    let refuse = true;
    server.use(
      api.query(MembersDocument, () =>
        refuse ? graphqlError("BAD_CURSOR", "This page link is out of date.") : undefined,
      ),
    );
    const { user } = await open("/dashboard/c1/members");
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      expect.stringContaining("(BAD_CURSOR)"),
    );
    refuse = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table", { name: /Members/ })).toBeTruthy();
    expect(network.lists.length).toBeGreaterThan(0);
  });

  it("says when nobody matches and clears the filters, search box included", async () => {
    membersServer([bo]);
    const { user, router } = await open("/dashboard/c1/members?q=zed&tag=%5B%22nobody%22%5D");
    expect(await screen.findByText("No one matches these filters.")).toBeTruthy();
    expect((screen.getByLabelText("Search by name or email") as HTMLInputElement).value).toBe("zed");
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect((screen.getByLabelText("Search by name or email") as HTMLInputElement).value).toBe("");
    expect(await screen.findByRole("table", { name: /Members/ })).toBeTruthy();
  });
});
