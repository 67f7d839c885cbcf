// The overview leads with figures, what needs attention and the next events; its first steps are
// ticked from what the community really did.
import { screen, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { OverviewPageDocument, type OverviewStatusQuery } from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { communityFixture, eventDashboardHandlers, overviewStatusFixture } from "#client/test-fixtures.ts";
import { api } from "#client/test-network.ts";

type Status = OverviewStatusQuery["status"];

const startStatus: Status = overviewStatusFixture();

const eventNode = { id: "e1" };

async function renderOverview(status: Status, published: boolean) {
  await renderApp("/dashboard/c1", {
    signedInAs: adaUser,
    handlers: [
      ...eventDashboardHandlers({
        community: communityFixture({ description: "We **read** one book a month." }),
        rows: () => [],
      }),
      api.query(OverviewPageDocument, () =>
        HttpResponse.json({
          data: {
            upcoming: { nodes: [], pageInfo: { hasNextPage: false } },
            drafts: { nodes: published ? [] : [eventNode] },
            past: { nodes: published ? [eventNode] : [] },
            community: {
              id: "c1",
              pendingJoinRequests: status.pendingJoinRequests,
              memberStats: {
                activeCount: status.memberStats?.activeCount ?? 1,
                peopleCount: 0,
              },
              insightsSummary: { newMembers: 0 },
              newestMembers: [],
            },
            revenueCommunity: { id: "c1", insightsSummary: { revenue: [] } },
            status,
          },
        }),
      ),
    ],
  });
}

const step = (name: RegExp) =>
  within(screen.getByRole("list", { name: "Steps" }))
    .getAllByRole("listitem")
    .find((item) => name.test(item.textContent ?? "")) as HTMLElement;
const ticked = (item: HTMLElement) => within(item).queryByLabelText("Done") !== null;

describe("the community overview", () => {
  it("leads with the figures and leaves the description to the public page", async () => {
    await renderOverview(startStatus, false);
    await screen.findByText("Members", { selector: "dt" });
    expect(screen.queryByText(/one book a month/)).toBeNull();
    expect(screen.getByRole("link", { name: "Public page" }).getAttribute("href")).toBe("/c/book-club");
    expect(screen.getByRole("region", { name: "Needs attention" }).textContent).toContain(
      "Nothing waits for you.",
    );
  });

  it("lists join requests, held seats and failed payments, each with a link to where it is handled", async () => {
    await renderOverview(
      {
        ...startStatus,
        pendingJoinRequests: 2,
        heldSeats: 3,
        paymentActivity: { failedLast30Days: 1, anyTaken: true },
      },
      true,
    );
    const attention = await screen.findByRole("region", { name: "Needs attention" });
    const items = within(attention).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("span > span")?.textContent)).toEqual([
      "2 join requests wait",
      "3 seats are held for people paying",
      "1 payment failed in the last 30 days",
    ]);
    const href = (name: string) => within(attention).getByRole("link", { name }).getAttribute("href");
    expect(href("Review requests")).toBe("/dashboard/c1/members");
    expect(href("See events")).toBe("/dashboard/c1/events");
    expect(href("See failed payments")).toBe("/dashboard/c1/payments?status=FAILED&period=30d");
  });

  it("ticks the steps the community took, each linking to the screen that does it", async () => {
    await renderOverview(startStatus, false);
    await screen.findByRole("list", { name: "Steps" });
    expect(ticked(step(/Plan your first event/))).toBe(true);
    expect(ticked(step(/Publish an event/))).toBe(false);
    expect(ticked(step(/Bring your members in/))).toBe(false);
    expect(ticked(step(/Connect payments/))).toBe(false);
    expect(ticked(step(/Take your first payment/))).toBe(false);
    expect(
      within(step(/Bring your members in/))
        .getByRole("link")
        .getAttribute("href"),
    ).toBe("/dashboard/c1/members");
    expect(
      within(step(/Connect payments/))
        .getByRole("link")
        .getAttribute("href"),
    ).toBe("/dashboard/c1/edit#payments");
    expect(screen.queryByText(/See what.s planned/)).toBeNull();
  });

  it("ticks members and payments once people were invited and money was taken", async () => {
    await renderOverview(
      {
        ...startStatus,
        invitedAnyone: true,
        canTakePayments: true,
        paymentActivity: { failedLast30Days: 0, anyTaken: true },
      },
      true,
    );
    await screen.findByRole("list", { name: "Steps" });
    for (const name of [/Publish an event/, /Bring your members in/, /Connect payments/, /Take your first/]) {
      expect(ticked(step(name))).toBe(true);
    }
    expect(screen.getByText("6 of 6 steps done.")).toBeTruthy();
  });
});
