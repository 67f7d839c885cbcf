import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PublicEvent } from "#client/features/event-page/api/event-page-queries.ts";
import { EventPage } from "./event-page.tsx";
import { boardGameNight, emptySlots } from "./event-page-test-fixtures.ts";

const slots = emptySlots(true);

function renderPage(overrides: Partial<PublicEvent>) {
  const queryClient = new QueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <EventPage event={{ ...boardGameNight, ...overrides }} descriptionHtml="" slots={slots} />
    </QueryClientProvider>,
  );
}

describe("EventPage", () => {
  it("shows an open waitlist as information, not as an alarm; a full event as a warning", () => {
    const { unmount } = renderPage({ spotsLeft: 0, goingCount: 20, waitlistEnabled: true });
    expect(screen.getByText("Waitlist open").className).not.toContain("text-destructive");
    unmount();
    renderPage({ spotsLeft: 0, goingCount: 20, waitlistEnabled: false });
    expect(screen.getByText("Full").className).toContain("text-destructive");
  });

  it("asks for a few words about yourself only when the form has a field for them", () => {
    const { unmount } = renderPage({ approvalRequired: true, questions: [] });
    expect(screen.getByText(/organizer reviews each request/).textContent).not.toMatch(
      /about yourself|answers/i,
    );
    unmount();
    renderPage({
      approvalRequired: true,
      questions: [
        { id: "q1", kind: "LONG_TEXT", label: "Why do you want to come?", required: true, options: [] },
      ],
    });
    expect(screen.getByText(/organizer reviews each request/).textContent).toMatch(/answers below/);
    expect(screen.getByLabelText(/Why do you want to come/)).toBeTruthy();
  });
});
