import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { Suspense } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { EventInsightsDocument, type EventInsightsQuery } from "#client/gql/graphql.ts";
import { api, server } from "#client/test-network.ts";
import { EventInsightsSection } from "./event-insights.tsx";

type Insights = EventInsightsQuery["eventInsights"];

// The chart library asks the screen's pixel ratio when it loads; jsdom has no media queries.
beforeAll(() => {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
});

const measured: Insights = {
  eventId: "e1",
  timeZone: "America/New_York",
  registrations: 4,
  going: 3,
  conversion: 0.5,
  pageViews: {
    total: 8,
    days: [
      { day: "2030-01-14", views: 5 },
      { day: "2030-01-15", views: 3 },
    ],
  },
  sources: [
    { origin: "event_page", kind: "event_page", ref: null, registrations: 2, going: 2 },
    { origin: "link:newsletter", kind: "link", ref: "newsletter", registrations: 1, going: 1 },
    { origin: "unknown", kind: "unknown", ref: null, registrations: 1, going: 0 },
  ],
  checkIns: [
    { at: "2030-01-15T23:00:00.000Z", localTime: "2030-01-15T18:00", checkIns: 2, total: 2 },
    { at: "2030-01-15T23:15:00.000Z", localTime: "2030-01-15T18:15", checkIns: 0, total: 2 },
    { at: "2030-01-15T23:30:00.000Z", localTime: "2030-01-15T18:30", checkIns: 1, total: 3 },
  ],
};

async function show(insights: Insights) {
  server.use(
    api.query(EventInsightsDocument, () => HttpResponse.json({ data: { eventInsights: insights } })),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        <EventInsightsSection eventId="e1" />
      </Suspense>
    </QueryClientProvider>,
  );
  return screen.findByRole("region", { name: "Insights" });
}

const figure = (section: HTMLElement, label: string) =>
  within(section).getByText(label, { selector: "dt" }).nextElementSibling?.textContent;

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));

describe("event insights", () => {
  it("shows page views, registrations, conversion, sources with their shares and the check-in curve", async () => {
    const section = await show(measured);
    expect(figure(section, "Page views")).toBe("8");
    expect(within(section).getByText("Over 2 days")).toBeTruthy();
    expect(figure(section, "Registrations")).toBe("4");
    expect(figure(section, "Going")).toBe("3");
    expect(figure(section, "Conversion")).toBe("50%");

    const sources = within(section).getByRole("table", { name: "Registrations by source" });
    expect(rows(sources)).toEqual([
      ["Event page", "2", "50%", "2"],
      ["Shared link “newsletter”", "1", "25%", "1"],
      ["Unknown", "1", "25%", "0"],
    ]);
    // The curve is a chart first, with its values a click away as a table.
    expect(await within(section).findByRole("group", { name: "Check-ins" })).toBeTruthy();
    fireEvent.click(within(section).getByRole("button", { name: /Show as table.*Check-ins/ }));
    const checkIns = within(section).getByRole("table", { name: "Check-ins per quarter hour" });
    // On the event's clock (New York), whatever the viewer's.
    expect(rows(checkIns)).toEqual([
      ["6:00 PM", "2", "2"],
      ["6:15 PM", "0", "2"],
      ["6:30 PM", "1", "3"],
    ]);
  });

  it("says what will appear before anyone has looked, registered or checked in", async () => {
    const section = await show({
      ...measured,
      registrations: 0,
      going: 0,
      conversion: null,
      pageViews: { total: 0, days: [] },
      sources: [],
      checkIns: [],
    });
    expect(figure(section, "Page views")).toBe("0");
    expect(figure(section, "Conversion")).toBe("—");
    expect(within(section).getByText("No page views yet")).toBeTruthy();
    expect(within(section).getByText("Each registration appears here with where it came from.")).toBeTruthy();
    expect(within(section).getByText("The curve appears on the day, from the first check-in.")).toBeTruthy();
    expect(within(section).queryByRole("table")).toBeNull();
    expect(within(section).queryByRole("button", { name: /Show as table/ })).toBeNull();
  });
});
