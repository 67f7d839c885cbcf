import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  CancelCheckoutDocument,
  TicketOrderDocument,
  type TicketOrderStatus,
  TicketQuoteDocument,
} from "#client/gql/graphql.ts";
import { api, graphqlError, server } from "#client/test-network.ts";
import { renderInRouter } from "#client/test-router.tsx";
import type { CheckoutOutcome } from "./checkout-return.tsx";
import { EventPage } from "./event-page.tsx";
import { boardGameNight, emptySlots, ticketFixture } from "./event-page-test-fixtures.ts";

const slots = emptySlots(false);

const order = (status: TicketOrderStatus) => ({
  id: "o1",
  eventId: "ev1",
  status,
  ticketName: "Standard",
  quantity: 2,
  currency: "EUR",
  totalMinor: 5000,
  expiresAt: "2099-01-01T00:30:00.000Z",
  checkoutUrl: "https://stripe.test/checkout/cs_1",
});

function renderReturn(status: TicketOrderStatus, outcome: CheckoutOutcome) {
  server.use(
    api.query(TicketOrderDocument, () => HttpResponse.json({ data: { ticketOrder: order(status) } })),
    api.query(TicketQuoteDocument, () => graphqlError("EVENT_CLOSED", "Not now.")),
    api.mutation(CancelCheckoutDocument, () =>
      HttpResponse.json({ data: { cancelCheckout: order("EXPIRED") } }),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const event = {
    ...boardGameNight,
    ticketTypes: [ticketFixture({ id: "t-std", name: "Standard", priceMinor: 2500, viewerPriceMinor: 2500 })],
  };
  return renderInRouter(
    <QueryClientProvider client={queryClient}>
      <EventPage
        event={event}
        descriptionHtml=""
        slots={slots}
        checkout={{ orderId: "o1", outcome: outcome }}
      />
    </QueryClientProvider>,
  );
}

const section = (name: string) => screen.getByRole("region", { name });

describe("back on the event page from Stripe's checkout", () => {
  it("shows a signed-out buyer who paid the ticket bought and how to manage it, not a form to fill again", async () => {
    await renderReturn("PAID", "paid");
    await screen.findByText("You're going: payment received");
    const registration = section("Your registration");
    expect(within(registration).getByRole("heading", { name: "You're going" })).toBeTruthy();
    expect(within(registration).getByText("2 × Standard")).toBeTruthy();
    expect(within(registration).getByText(/emailed your ticket and receipt/)).toBeTruthy();
    expect(within(registration).getByText(/private link to see your QR code/)).toBeTruthy();
    expect(screen.getByRole("link", { name: /Google Calendar/ })).toBeTruthy();
    expect(within(registration).queryByRole("form", { name: "Registration" })).toBeNull();
    expect(within(registration).queryByLabelText("Your name")).toBeNull();
  });

  it("keeps the form away while the payment is confirmed", async () => {
    await renderReturn("OPEN", "paid");
    await screen.findByText("Confirming your payment…");
    const registration = section("Registration");
    expect(
      within(registration).getByText(/Your ticket shows here as soon as the payment is confirmed/),
    ).toBeTruthy();
    expect(within(registration).queryByRole("button", { name: "Continue to payment" })).toBeNull();
  });

  it("shows held seats instead of the form, and the form again once they are released", async () => {
    const user = userEvent.setup();
    await renderReturn("OPEN", "canceled");
    const release = await screen.findByRole("button", { name: "Release my seats" });
    const registration = section("Registration");
    expect(within(registration).getByText(/Your seats are held for the order above/)).toBeTruthy();
    expect(within(registration).queryByRole("button", { name: "Continue to payment" })).toBeNull();

    await user.click(release);
    expect(await within(registration).findByRole("button", { name: "Continue to payment" })).toBeTruthy();
    expect(within(registration).queryByText(/Your seats are held/)).toBeNull();
  });
});
