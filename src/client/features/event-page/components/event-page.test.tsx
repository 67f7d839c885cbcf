import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PublicEvent } from "#client/features/event-page/api/event-page-queries.ts";
import { brandScope } from "#client/features/event-page/brand-scope.ts";
import { renderInRouter } from "#client/test-router.tsx";
import { contrastRatio, THEME_BACKGROUND } from "#shared/brand-color.ts";
import { EventPage } from "./event-page.tsx";
import { boardGameNight, emptySlots } from "./event-page-test-fixtures.ts";

const slots = emptySlots(true);

function renderPage(overrides: Partial<PublicEvent>) {
  const queryClient = new QueryClient();
  return renderInRouter(
    <QueryClientProvider client={queryClient}>
      <EventPage event={{ ...boardGameNight, ...overrides }} descriptionHtml="" slots={slots} />
    </QueryClientProvider>,
  );
}

describe("EventPage", () => {
  it("shows an open waitlist as information, not as an alarm; a full event as a warning", async () => {
    const { unmount } = await renderPage({ spotsLeft: 0, goingCount: 20, waitlistEnabled: true });
    expect(screen.getByText("Waitlist open").className).not.toContain("text-destructive");
    unmount();
    await renderPage({ spotsLeft: 0, goingCount: 20, waitlistEnabled: false });
    expect(screen.getByText("Full").className).toContain("text-destructive");
  });

  it("asks for a few words about yourself only when the form has a field for them", async () => {
    const { unmount } = await renderPage({ approvalRequired: true, questions: [] });
    expect(screen.getByText(/organizer reviews each request/).textContent).not.toMatch(
      /about yourself|answers/i,
    );
    unmount();
    await renderPage({
      approvalRequired: true,
      questions: [
        { id: "q1", kind: "LONG_TEXT", label: "Why do you want to come?", required: true, options: [] },
      ],
    });
    expect(screen.getByText(/organizer reviews each request/).textContent).toMatch(/answers below/);
    expect(screen.getByLabelText(/Why do you want to come/)).toBeTruthy();
  });
});

describe("who is going", () => {
  const guests = [
    { name: "Ana Pereira", image: null },
    { name: "نور الهدى", image: null },
  ];

  it("shows faces, names and the count when the server sends the guest list", async () => {
    await renderPage({ goingCount: 5, guests });
    const list = screen.getByRole("list", { name: "People going" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByText("Ana Pereira, نور الهدى and 3 others")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "5 going" })).toBeTruthy();
    // Whoever registers is told their name joins the list.
    expect(screen.getByText("Your name and picture appear in the list of who is going.")).toBeTruthy();
  });

  it("shows no one when the organizers hide the list or the event is for members only, only the count", async () => {
    const { unmount } = await renderPage({ goingCount: 5, guests: null, guestListVisible: false });
    expect(screen.queryByRole("list", { name: "People going" })).toBeNull();
    expect(screen.queryByText(/Ana Pereira/)).toBeNull();
    expect(screen.getByText("5 going")).toBeTruthy();
    expect(screen.queryByText(/appear in the list of who is going/)).toBeNull();
    unmount();
    await renderPage({ goingCount: 5, guests: null, visibility: "MEMBERS" });
    expect(screen.queryByRole("list", { name: "People going" })).toBeNull();
  });
});

describe("date and time", () => {
  const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  it("adds the visitor's own time when their clock differs from the event's zone", async () => {
    const elsewhere = viewerZone === "Pacific/Auckland" ? "Europe/Lisbon" : "Pacific/Auckland";
    await renderPage({ timeZone: elsewhere });
    expect(screen.getByTestId("viewer-time").textContent).toMatch(/^Your time: /);
  });

  it("keeps the line's room but says nothing more when the visitor is in the event's zone", async () => {
    await renderPage({ timeZone: viewerZone });
    const line = screen.getByTestId("viewer-time");
    expect(line.textContent).toBe("");
    expect(line.className).toContain("min-h-5");
  });
});

describe("the community's colour", () => {
  it("puts a readable shade of the brand colour in place of the primary colour, per theme", () => {
    const scope = brandScope("#facc15");
    const style = scope?.style as Record<string, string>;
    // A yellow too light to write on the light page is darkened there, and kept on the dark one.
    expect(style["--brand-light"]).not.toBe("#facc15");
    expect(contrastRatio(style["--brand-light"] ?? "", THEME_BACKGROUND.light)).toBeGreaterThanOrEqual(4.5);
    expect(style["--brand-dark"]).toBe("#facc15");
    expect(style["--brand-dark-fg"]).toBe("#111827");
    expect(scope?.className).toContain("[--primary:var(--brand-light)]");
    expect(scope?.className).toContain("dark:[--primary:var(--brand-dark)]");
    expect(brandScope(null)).toBeNull();
    expect(brandScope("not a colour")).toBeNull();
  });

  it("fills the register button with the primary colour the scope sets", async () => {
    await renderPage({ host: { ...boardGameNight.host, brandColor: "#facc15" } });
    expect(screen.getByRole("button", { name: /Register/ }).className).toContain("bg-primary");
  });

  it("stands in a gradient with the title's initials for a missing cover, never a broken image", async () => {
    await renderPage({ coverUrl: null, title: "Board game night" });
    expect(screen.getByTestId("cover-fallback").textContent).toBe("BN");
  });
});
