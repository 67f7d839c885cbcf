import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Capability } from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { communityFixture, eventDashboardHandlers } from "#client/test-fixtures.ts";
import { api, graphqlError } from "#client/test-network.ts";
import { emptyInsightsFixture, insightsFixture, insightsHandler } from "../insights-test-support.ts";

const ADMIN: Capability[] = [
  "COMMUNITY_VIEW",
  "COMMUNITY_EDIT",
  "MEMBERS_VIEW",
  "MEMBERS_MANAGE",
  "EVENTS_MANAGE",
  "REGISTRATIONS_MANAGE",
  "CHECKIN",
  "PAYMENTS_MANAGE",
  "INSIGHTS_VIEW",
  "INSIGHTS_REVENUE",
];
const ORGANIZER: Capability[] = [
  "COMMUNITY_VIEW",
  "MEMBERS_VIEW",
  "EVENTS_MANAGE",
  "REGISTRATIONS_MANAGE",
  "CHECKIN",
  "INSIGHTS_VIEW",
];

function openInsights(
  url = "/dashboard/c1/insights",
  {
    capabilities = ADMIN,
    answer = () => insightsFixture(),
  }: {
    capabilities?: Capability[];
    answer?: Parameters<typeof insightsHandler>[0];
  } = {},
) {
  const { handler, asked } = insightsHandler(answer);
  const community = communityFixture({ viewerRole: "ADMIN", viewerCapabilities: capabilities });
  return renderApp(url, {
    signedInAs: adaUser,
    handlers: [handler, ...eventDashboardHandlers({ community, rows: () => [] })],
  }).then((app) => ({ ...app, asked }));
}

const figure = (label: string) => {
  const term = screen.getByText(label, { selector: "dt" });
  return term.parentElement as HTMLElement;
};

describe("insights page", () => {
  it("opens on the last 30 days and puts each period the admin picks in the URL", async () => {
    const { user, router, asked } = await openInsights();
    expect(await screen.findByRole("heading", { name: "Member growth" })).toBeTruthy();
    expect(asked.at(-1)?.period).toEqual({ preset: "LAST_30_DAYS" });
    expect((screen.getByRole("radio", { name: "30 days" }) as HTMLInputElement).checked).toBe(true);
    expect(
      screen.getByText(/Mar 2, 2026 – Mar 31, 2026, compared with Jan 31, 2026 – Mar 1, 2026/),
    ).toBeTruthy();

    await user.click(screen.getByRole("radio", { name: "12 months" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ period: "last_12_months" }));
    await waitFor(() => expect(asked.at(-1)?.period).toEqual({ preset: "LAST_12_MONTHS" }));

    await user.click(screen.getByRole("radio", { name: "Custom" }));
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2026-01-01" } });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2025-12-01" } });
    await user.click(screen.getByRole("button", { name: "Show period" }));
    expect(screen.getByRole("alert").textContent).toContain("The first day must come before the last day.");

    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2026-03-31" } });
    await user.click(screen.getByRole("button", { name: "Show period" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ period: "2026-01-01..2026-03-31" }));
    await waitFor(() => expect(asked.at(-1)?.period).toEqual({ from: "2026-01-01", to: "2026-03-31" }));
  });

  it("reads a custom period from a shared link, and falls back to 30 days for one it cannot read", async () => {
    const shared = await openInsights("/dashboard/c1/insights?period=2026-01-01..2026-03-31");
    await screen.findByRole("heading", { name: "Member growth" });
    expect(shared.asked.at(-1)?.period).toEqual({ from: "2026-01-01", to: "2026-03-31" });
    expect((screen.getByRole("radio", { name: "Custom" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("From") as HTMLInputElement).value).toBe("2026-01-01");
    expect((screen.getByLabelText("To") as HTMLInputElement).value).toBe("2026-03-31");
    shared.unmount();

    const broken = await openInsights("/dashboard/c1/insights?period=2026-03-31..2026-01-01");
    await screen.findByRole("heading", { name: "Member growth" });
    expect(broken.asked.at(-1)?.period).toEqual({ preset: "LAST_30_DAYS" });
  });

  it("shows each key figure with its change against the previous period, in words for screen readers", async () => {
    await openInsights();
    await screen.findByRole("heading", { name: "Member growth" });
    expect(figure("Members").textContent).toContain("120");
    expect(figure("Members").textContent).toContain("up 20% from the previous period");
    expect(figure("New members").textContent).toContain("down 25% from the previous period");
    expect(figure("Active members").textContent).toContain("unchanged from the previous period");
    expect(figure("Events held").textContent).toContain("none in the previous period");
    expect(figure("Attendance rate").textContent).toContain("75%");
    expect(figure("Attendance rate").textContent).toContain(
      "up 15 percentage points from the previous period",
    );
    expect(figure("Revenue (EUR)").textContent).toContain("€450.00");
    expect(figure("Revenue (EUR)").textContent).toContain("up 50% from the previous period");
  });

  it("switches a chart to its table and links its CSV for the same period", async () => {
    const { user } = await openInsights("/dashboard/c1/insights?period=last_90_days");
    const card = (await screen.findByRole("heading", { name: "Member growth" })).closest(
      "section",
    ) as HTMLElement;
    expect(within(card).getByRole("link", { name: "CSV: download Member growth" }).getAttribute("href")).toBe(
      "/api/communities/c1/insights/member-growth.csv?preset=last_90_days",
    );
    await user.click(within(card).getByRole("button", { name: "Show as table: Member growth" }));
    const table = within(card).getByRole("table", { name: "Member growth" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "DayMembersJoinedLeft",
      "Mar 2, 202610121",
      "Mar 3, 202610430",
    ]);
    await user.click(within(card).getByRole("button", { name: "Show as chart: Member growth" }));
    expect(within(card).queryByRole("table")).toBeNull();
    expect(within(card).getByRole("group", { name: "Member growth" })).toBeTruthy();
  });

  it("reads a chart point by point with the arrow keys", async () => {
    const { user } = await openInsights();
    const chart = await screen.findByRole("group", { name: "Active members" });
    chart.focus();
    expect(await screen.findByText("Mar 3, 2026. Active members: 9")).toBeTruthy();
    await user.keyboard("{ArrowLeft}");
    expect(await screen.findByText("Mar 2, 2026. Active members: 12")).toBeTruthy();
  });

  it("names sources in words, shared links with their ref", async () => {
    await openInsights();
    const card = (await screen.findByRole("heading", { name: "Registrations by source" })).closest(
      "section",
    ) as HTMLElement;
    expect(within(card).getByText("Shared link: newsletter")).toBeTruthy();
    expect(within(card).getByText("Event page")).toBeTruthy();
  });

  it("says what will appear and when, where a period has nothing to show", async () => {
    await openInsights(undefined, { answer: () => emptyInsightsFixture() });
    expect(
      await screen.findByText("Events show here once they have ended, with how many people came."),
    ).toBeTruthy();
    expect(screen.getByText(/Sources show here once people register/)).toBeTruthy();
    expect(screen.getByText(/Your events show here, ranked by registrations/)).toBeTruthy();
    expect(screen.getByText(/Retention shows here once people have joined/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show as table: Events held" })).toBeNull();
    // The period before exists, but no event ended in either: there is no rate to compare.
    expect(figure("Attendance rate").textContent).toContain("No events held to compare");
  });

  it("shows an organizer no revenue when the server sends none", async () => {
    await openInsights(undefined, {
      capabilities: ORGANIZER,
      answer: () => {
        const base = insightsFixture();
        return {
          ...base,
          figures: { ...base.figures, revenue: null },
          revenue: null,
          topEvents: base.topEvents.map((event) => ({ ...event, revenue: null })),
        };
      },
    });
    await screen.findByRole("heading", { name: "Member growth" });
    expect(screen.queryByText(/Revenue/)).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "Revenue" })).toBeNull();
    expect(screen.getByRole("link", { name: "Insights" })).toBeTruthy();
  });

  it("tells a member insights are not theirs to see, and leaves the entry out of the menu", async () => {
    await openInsights(undefined, { capabilities: ["COMMUNITY_VIEW"] });
    expect(await screen.findByText(/Insights are not available to you/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Insights" })).toBeNull();
  });

  it("shows the same state when the server refuses", async () => {
    const { handler } = insightsHandler();
    const community = communityFixture({ viewerRole: "ADMIN", viewerCapabilities: ADMIN });
    await renderApp("/dashboard/c1/insights", {
      signedInAs: adaUser,
      handlers: [
        api.query("CommunityInsights", () => graphqlError("FORBIDDEN")),
        handler,
        ...eventDashboardHandlers({ community, rows: () => [] }),
      ],
    });
    expect(await screen.findByText(/Insights are not available to you/)).toBeTruthy();
  });
});
