import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  MembersDocument,
  type MembersQueryVariables,
  SaveMemberSegmentDocument,
  type SaveMemberSegmentMutationVariables,
  TagMembersDocument,
  type TagMembersMutationVariables,
} from "#client/gql/graphql.ts";
import { communityFixture } from "#client/test-fixtures.ts";
import { api, graphqlError, server } from "#client/test-network.ts";
import {
  adminCommunity,
  type MemberRow,
  memberRow,
  membersPageHandlers,
  openMembersPage,
  type SegmentFixture,
  segmentFixture,
} from "./members-page-test-support.ts";

const member = (id: string, name: string, tags: string[] = []) => memberRow(id, name, { tags });

/** The member table's server: records each list request's variables and each tag and segment write. */
function membersServer(rows: MemberRow[], segments: SegmentFixture[] = []) {
  const lists: MembersQueryVariables[] = [];
  const tagged: TagMembersMutationVariables[] = [];
  const saved: SaveMemberSegmentMutationVariables[] = [];
  let current = rows;
  let kept = segments;
  server.use(
    ...membersPageHandlers({
      members: (variables) => {
        lists.push(variables);
        const tags = variables.filter?.tags ?? [];
        return current.filter((m) => tags.every((t) => m.tags.includes(t)));
      },
      segments: () => kept,
    }),
    api.mutation(TagMembersDocument, ({ variables }) => {
      tagged.push(variables);
      const ids = new Set([variables.membershipIds ?? []].flat().map(String));
      const add = [variables.add ?? []].flat();
      current = current.map((m) => (ids.has(m.id) ? { ...m, tags: [...m.tags, ...add] } : m));
      return HttpResponse.json({ data: { tagMembers: { matched: ids.size, changed: ids.size } } });
    }),
    api.mutation(SaveMemberSegmentDocument, ({ variables }) => {
      saved.push(variables);
      const segment = segmentFixture(`s${kept.length + 1}`, variables.name, {
        tags: (variables.filter.tags as string[] | null) ?? null,
      });
      kept = [...kept, segment];
      return HttpResponse.json({ data: { saveMemberSegment: { id: segment.id, name: segment.name } } });
    }),
  );
  return { lists, tagged, saved };
}

const open = (url: string, community = adminCommunity) => openMembersPage(community, url);

const ada = member("m1", "Ada Guest", ["volunteer"]);
const bo = member("m2", "Bo Guest");
const cy = member("m3", "Cy Guest", ["volunteer", "speaker"]);

describe("the members page", () => {
  it("tells members and people apart, and opens the saved filters about people", async () => {
    const dee = memberRow("m4", "Dee Registrant", { status: "PERSON", source: "EVENT" });
    const network = membersServer([ada, dee]);
    const { user, router } = await open("/dashboard/c1/members");
    const table = await screen.findByRole("table", { name: /Members/ });
    const deeRow = within(table).getByText("Dee Registrant").closest("tr") as HTMLElement;
    expect(within(deeRow).getByText("Person, not a member")).toBeTruthy();
    expect(within(deeRow).getByText("No role")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Members" }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ kind: "members" }));
    expect(network.lists.at(-1)?.filter?.statuses).toEqual(["ACTIVE", "PENDING", "BANNED"]);

    await user.click(screen.getByRole("button", { name: "Came to an event but never joined" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ kind: "people" }));
    expect(network.lists.at(-1)?.filter?.statuses).toEqual(["PERSON"]);
    expect(
      screen.getByRole("button", { name: "Came to an event but never joined" }).getAttribute("aria-pressed"),
    ).toBe("true");

    await user.click(screen.getByRole("button", { name: "No-show last time" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ noShow: true }));
    expect(network.lists.at(-1)?.filter).toMatchObject({ statuses: null, noShowLastTime: true });

    await user.click(screen.getByRole("button", { name: "Attended 3+" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ attended: 3 }));
    expect(network.lists.at(-1)?.filter).toMatchObject({ eventsAttendedAtLeast: 3, noShowLastTime: null });
  });

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
      [segmentFixture("s0", "Speakers", { tags: ["speaker"], eventsAttendedAtLeast: 1 })],
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

describe("the member table's plans", () => {
  it("shows each member's plan and its status, and filters by plan and plan status through the URL", async () => {
    const lists: MembersQueryVariables[] = [];
    const supporter = { id: "p1", name: "Supporter" };
    server.use(
      ...membersPageHandlers({
        members: (variables) => {
          lists.push(variables);
          return [
            memberRow("m1", "Ada Guest", { plan: supporter, planStatus: "PAST_DUE" }),
            memberRow("m2", "Bo Guest"),
          ];
        },
        plans: () => [
          { id: "p1", name: "Supporter", archived: false },
          { id: "p0", name: "Founders", archived: true },
        ],
      }),
    );
    const { user, router } = await open("/dashboard/c1/members");
    const table = await screen.findByRole("table", { name: /Members/ });
    const [, adaRow, boRow] = within(table).getAllByRole("row");
    expect(within(adaRow as HTMLElement).getByText("Supporter")).toBeTruthy();
    expect(within(adaRow as HTMLElement).getByText("Past due")).toBeTruthy();
    expect(within(boRow as HTMLElement).getAllByText("None").length).toBeGreaterThan(0);

    const plan = (await screen.findByLabelText("Plan")) as HTMLSelectElement;
    expect([...plan.options].map((o) => o.text)).toEqual(["All plans", "Supporter", "Founders (archived)"]);
    await user.selectOptions(plan, "p1");
    await user.selectOptions(screen.getByLabelText("Plan status"), "PAST_DUE");
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ plan: "p1", planStatus: "PAST_DUE" }),
    );
    await waitFor(() =>
      expect(lists.at(-1)?.filter).toMatchObject({ plans: ["p1"], planStatuses: ["PAST_DUE"] }),
    );
  });
});
