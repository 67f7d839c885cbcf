import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PublicEvent, ViewerRegistration } from "#client/features/event-page/api/event-page-queries.ts";
import { boardGameNight } from "./event-page-test-fixtures.ts";
import { RegistrationStatusView } from "./registration-status.tsx";
import type { EventPageSlots } from "./slots.ts";

const event: PublicEvent = { ...boardGameNight, venueName: null };

const slots: EventPageSlots = {
  isSignedIn: true,
  renderSignIn: () => null,
  renderTicket: () => null,
  renderCancel: () => <button type="button">Cancel registration</button>,
};

const going = (checkedInAt: string | null): ViewerRegistration => ({
  id: "r1",
  status: "GOING",
  checkInCode: "ABCDEFGHJK",
  checkedInAt,
  waitlistPosition: null,
  ticketType: null,
});

describe("the viewer's registration on the event page", () => {
  it("offers to cancel before check-in", () => {
    render(<RegistrationStatusView event={event} registration={going(null)} slots={slots} ended={false} />);
    expect(screen.getByRole("button", { name: "Cancel registration" })).toBeTruthy();
  });

  it("offers no cancel once checked in, and says so", () => {
    render(
      <RegistrationStatusView
        event={event}
        registration={going("2030-03-14T18:05:00.000Z")}
        slots={slots}
        ended={false}
      />,
    );
    expect(screen.queryByRole("button", { name: "Cancel registration" })).toBeNull();
    expect(screen.getByText(/You're checked in/)).toBeTruthy();
  });
});
