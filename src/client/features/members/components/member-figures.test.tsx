// The overview's key figures about people come from the server, and only for roles that see members.
import { screen, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  MemberFiguresDocument,
  type MemberFiguresQuery,
  OverviewEventsDocument,
  OverviewPageDocument,
  OverviewStatusDocument,
  RevenueDocument,
} from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { communityFixture, eventDashboardHandlers, overviewStatusFixture } from "#client/test-fixtures.ts";
import { api, graphqlError } from "#client/test-network.ts";

const noEvents = {
  upcoming: { nodes: [], pageInfo: { hasNextPage: false } },
  drafts: { nodes: [] },
  past: { nodes: [] },
};
/** What a role that does not manage payments is told of the revenue. */
const noRevenue = { id: "c1", insightsSummary: null };
/** What needs attention and how far setting up is: nothing waits. */
const status = overviewStatusFixture({ paymentActivity: null });

/** The overview with these figures; `asked` records the documents the page sent for them. */
async function renderOverview(
  figures: MemberFiguresQuery["community"],
  role: "OWNER" | "MEMBER" = "OWNER",
  options: { pageFails?: boolean } = {},
) {
  const asked: string[] = [];
  await renderApp("/dashboard/c1", {
    signedInAs: adaUser,
    handlers: [
      ...eventDashboardHandlers({
        community: communityFixture({ memberCount: 1, viewerRole: role }),
        rows: () => [],
      }),
      api.query(OverviewPageDocument, () => {
        asked.push("OverviewPage");
        return options.pageFails
          ? graphqlError("INTERNAL_SERVER_ERROR", "Unexpected error.")
          : HttpResponse.json({
              data: { ...noEvents, community: figures, revenueCommunity: noRevenue, status },
            });
      }),
      api.query(OverviewEventsDocument, () => {
        asked.push("OverviewEvents");
        return HttpResponse.json({ data: noEvents });
      }),
      api.query(MemberFiguresDocument, () => {
        asked.push("MemberFigures");
        return HttpResponse.json({ data: { community: figures } });
      }),
      api.query(RevenueDocument, () => {
        asked.push("Revenue");
        return HttpResponse.json({ data: { revenueCommunity: noRevenue } });
      }),
      api.query(OverviewStatusDocument, () => {
        asked.push("OverviewStatus");
        return HttpResponse.json({ data: { status } });
      }),
    ],
  });
  return asked;
}

describe("the overview's member figures", () => {
  it("show active members, people who came to events, new members, pending requests and the newest members", async () => {
    const asked = await renderOverview({
      id: "c1",
      pendingJoinRequests: 4,
      memberStats: { activeCount: 1234, peopleCount: 40 },
      insightsSummary: { newMembers: 56 },
      newestMembers: [
        { id: "m2", joinedAt: "2026-11-20T10:00:00.000Z", person: { id: "u2", name: "Bo Guest" } },
        { id: "m1", joinedAt: "2026-11-02T10:00:00.000Z", person: { id: "u1", name: "Ada Guest" } },
      ],
    });
    const members = await screen.findByText("Members", { selector: "dt" });
    expect(members.nextElementSibling?.textContent).toBe("1,234");
    expect(screen.getByText("New in the last 30 days").nextElementSibling?.textContent).toBe("56");
    const people = screen.getByText("People who came to events, not members");
    expect(people.nextElementSibling?.textContent).toBe("40");
    expect(screen.getByRole("link", { name: "See them" }).getAttribute("href")).toBe(
      "/dashboard/c1/members?kind=people",
    );
    expect(screen.getByText("Pending requests").nextElementSibling?.textContent).toBe("4");
    expect(screen.getByRole("link", { name: "Review requests" }).getAttribute("href")).toBe(
      "/dashboard/c1/members",
    );
    const newest = within(screen.getByRole("list", { name: "Newest members" })).getAllByRole("listitem");
    expect(newest.map((item) => item.querySelector("a")?.textContent)).toEqual(["Bo Guest", "Ada Guest"]);
    expect(
      within(newest[0] as HTMLElement)
        .getByRole("link")
        .getAttribute("href"),
    ).toBe("/dashboard/c1/members?q=Bo+Guest");
    expect(newest[0]?.querySelector("time")?.getAttribute("dateTime")).toBe("2026-11-20T10:00:00.000Z");
    // The events and the figures come in one request.
    expect(asked).toEqual(["OverviewPage"]);
  });

  it("load each part on its own when the page's one request fails", async () => {
    const asked = await renderOverview(
      {
        id: "c1",
        pendingJoinRequests: 0,
        memberStats: { activeCount: 7, peopleCount: 0 },
        insightsSummary: { newMembers: 1 },
        newestMembers: [],
      },
      "OWNER",
      { pageFails: true },
    );
    const members = await screen.findByText("Members", { selector: "dt" });
    expect(members.nextElementSibling?.textContent).toBe("7");
    expect([...asked].sort()).toEqual([
      "MemberFigures",
      "OverviewEvents",
      "OverviewPage",
      "OverviewStatus",
      "Revenue",
    ]);
  });

  it("show no member figures to a role that may not see the members", async () => {
    await renderOverview(
      { id: "c1", pendingJoinRequests: null, memberStats: null, insightsSummary: null, newestMembers: null },
      "MEMBER",
    );
    await screen.findByText("Your role");
    expect(screen.queryByText("Members", { selector: "dt" })).toBeNull();
    expect(screen.queryByText("New in the last 30 days")).toBeNull();
    expect(screen.queryByRole("list", { name: "Newest members" })).toBeNull();
  });
});
