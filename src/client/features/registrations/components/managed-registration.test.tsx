import { screen, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ManagedRegistrationDocument, type ManagedRegistrationQuery } from "#client/gql/graphql.ts";
import { renderApp } from "#client/test-app.tsx";
import { api } from "#client/test-network.ts";

const NOW = new Date("2036-04-30T16:30:00.000Z");

const offered: ManagedRegistrationQuery["managedRegistration"] = {
  id: "r1",
  status: "HELD",
  name: "Bo Guest",
  email: "bo@example.test",
  checkInCode: null,
  checkedInAt: null,
  waitlistPosition: null,
  quantity: 1,
  // Six hours from now: 00:30 the next day in the event's zone, whatever the reader's own zone.
  holdExpiresAt: "2036-04-30T22:30:00.000Z",
  ticketTypeName: "Standard",
  onlineUrl: null,
  canCancel: true,
  event: {
    id: "e1",
    title: "Cellar recital",
    description: "",
    startsAt: "2036-05-08T17:00:00.000Z",
    endsAt: "2036-05-08T19:00:00.000Z",
    timeZone: "Europe/Berlin",
    venueName: null,
    venueAddress: null,
    status: "PUBLISHED",
    host: { id: "c1", name: "Harbour Strings" },
  },
};

describe("the private link of a registration offered a paid seat", () => {
  // Only the clock: the page reads "now" to say how long is left; timers stay real for the app.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("says until when the seat is held, in the event's time zone, and how long that is from now", async () => {
    await renderApp("/r/offer-token", {
      handlers: [
        api.query(ManagedRegistrationDocument, () =>
          HttpResponse.json({ data: { managedRegistration: offered } }),
        ),
      ],
    });
    const status = await screen.findByRole("region", { name: "A seat is held for you" });
    expect(
      within(status).getByText(
        /^Pay by Thu, May 1, 2036, 12:30\sAM GMT\+2 \(in 6 hours\) to get your ticket; after that the offer passes to the next in line\.$/,
      ),
    ).toBeTruthy();
    expect(within(status).getByRole("button", { name: "Pay now" })).toBeTruthy();
  });
});
