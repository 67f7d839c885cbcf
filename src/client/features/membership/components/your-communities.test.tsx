import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  type CommunityRole,
  LeaveCommunityDocument,
  MyJoinRequestsDocument,
  MyMembershipsDocument,
  MyPlanMembershipsDocument,
  MyRegistrationsDocument,
  SetMyAnnouncementEmailsDocument,
  type SetMyAnnouncementEmailsMutationVariables,
} from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { api } from "#client/test-network.ts";

const noRegistrations = api.query(MyRegistrationsDocument, () =>
  HttpResponse.json({
    data: {
      myRegistrations: { totalCount: 0, pageInfo: { endCursor: null, hasNextPage: false }, nodes: [] },
    },
  }),
);

function membershipsServer(
  initialRequests: {
    id: string;
    requestedAt: string;
    community: { id: string; name: string; slug: string; logoUrl: null };
  }[] = [],
) {
  let requests = initialRequests;
  let communities = [
    {
      id: "c1",
      name: "Book Club",
      slug: "book-club",
      logoUrl: null,
      viewerRole: "MEMBER" as CommunityRole,
      viewerAnnouncementEmails: true as boolean | null,
    },
    {
      id: "c2",
      name: "Chess Night",
      slug: "chess",
      logoUrl: null,
      viewerRole: "OWNER" as CommunityRole,
      viewerAnnouncementEmails: true as boolean | null,
    },
  ];
  const left: string[] = [];
  const choices: SetMyAnnouncementEmailsMutationVariables[] = [];
  return {
    left,
    choices,
    handlers: [
      api.mutation(SetMyAnnouncementEmailsDocument, ({ variables }) => {
        choices.push(variables);
        communities = communities.map((c) =>
          c.id === variables.communityId ? { ...c, viewerAnnouncementEmails: variables.subscribed } : c,
        );
        return HttpResponse.json({
          data: {
            setMyAnnouncementEmails: {
              communityId: String(variables.communityId),
              subscribed: variables.subscribed,
            },
          },
        });
      }),
      noRegistrations,
      api.query(MyMembershipsDocument, () => HttpResponse.json({ data: { myCommunities: communities } })),
      api.query(MyJoinRequestsDocument, () => HttpResponse.json({ data: { myJoinRequests: requests } })),
      api.query(MyPlanMembershipsDocument, () => HttpResponse.json({ data: { myPlanMemberships: [] } })),
      api.mutation(LeaveCommunityDocument, ({ variables }) => {
        left.push(String(variables.communityId));
        communities = communities.filter((c) => c.id !== variables.communityId);
        requests = requests.filter((r) => r.community.id !== variables.communityId);
        return HttpResponse.json({ data: { leaveCommunity: true } });
      }),
    ],
  };
}

describe("communities on /me", () => {
  it("lists the memberships with their role, and leaves one after confirming; the owner must hand over first", async () => {
    const network = membershipsServer();
    const { user } = await renderApp("/me", { signedInAs: adaUser, handlers: network.handlers });
    const section = await screen.findByRole("region", { name: "Communities" });
    const [book, chess] = within(section).getAllByRole("listitem");
    expect(
      within(book as HTMLElement)
        .getByRole("link", { name: "Book Club" })
        .getAttribute("href"),
    ).toBe("/c/book-club");
    expect(book?.textContent).toContain("Member");
    expect(chess?.textContent).toContain("Owner");
    expect(within(chess as HTMLElement).queryByRole("button", { name: "Leave community" })).toBeNull();
    expect(chess?.textContent).toContain("Transfer ownership before you can leave.");

    await user.click(within(book as HTMLElement).getByRole("button", { name: "Leave community" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Leave Book Club?" });
    await user.click(within(dialog).getByRole("button", { name: "Leave community" }));
    await waitFor(() => expect(within(section).getAllByRole("listitem")).toHaveLength(1));
    expect(network.left).toEqual(["c1"]);
    expect(within(section).queryByText("Book Club")).toBeNull();
  });

  it("lists the person's waiting join requests with when they asked, and withdraws one", async () => {
    const network = membershipsServer([
      {
        id: "m9",
        requestedAt: "2026-11-20T10:00:00.000Z",
        community: { id: "c9", name: "Garden Friends", slug: "garden", logoUrl: null },
      },
    ]);
    const { user } = await renderApp("/me", { signedInAs: adaUser, handlers: network.handlers });
    const section = await screen.findByRole("region", { name: "Waiting for approval" });
    const [garden] = within(section).getAllByRole("listitem");
    expect(
      within(garden as HTMLElement)
        .getByRole("link", { name: "Garden Friends" })
        .getAttribute("href"),
    ).toBe("/c/garden");
    expect(garden?.querySelector("time")?.getAttribute("dateTime")).toBe("2026-11-20T10:00:00.000Z");
    expect(garden?.textContent).toContain("Pending");

    await user.click(within(garden as HTMLElement).getByRole("button", { name: "Withdraw request" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Withdraw your request?" });
    await user.click(within(dialog).getByRole("button", { name: "Withdraw request" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Waiting for approval" })).toBeNull());
    expect(network.left).toEqual(["c9"]);
  });

  it("turns one community's announcements off and says so", async () => {
    const network = membershipsServer();
    const { user } = await renderApp("/me", { signedInAs: adaUser, handlers: network.handlers });
    const section = await screen.findByRole("region", { name: "Communities" });
    const box = await within(section).findByRole("checkbox", {
      name: "Announcements by email from Book Club",
    });
    expect((box as HTMLInputElement).checked).toBe(true);
    await user.click(box);
    expect(await screen.findByText("No more announcements from Book Club.")).toBeTruthy();
    expect(network.choices).toEqual([{ communityId: "c1", subscribed: false }]);
    await waitFor(() =>
      expect(
        (
          within(section).getByRole("checkbox", {
            name: "Announcements by email from Book Club",
          }) as HTMLInputElement
        ).checked,
      ).toBe(false),
    );
  });
});
