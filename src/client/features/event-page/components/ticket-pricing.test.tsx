import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import type { PublicEvent } from "#client/features/event-page/api/event-page-queries.ts";
import {
  RegisterForEventDocument,
  StartCheckoutDocument,
  type StartCheckoutMutation,
  TicketQuoteDocument,
  type TicketQuoteQuery,
  type TicketQuoteQueryVariables,
} from "#client/gql/graphql.ts";
import { api, graphqlError, server } from "#client/test-network.ts";
import { boardGameNight, emptySlots, ticketFixture } from "./event-page-test-fixtures.ts";
import { RegistrationForm } from "./registration-form.tsx";

const slots = emptySlots(true);

function renderForm(event: PublicEvent) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <RegistrationForm event={event} slots={slots} />
    </QueryClientProvider>,
  );
}

/** The order's total: the last line of the summary. */
const totalOf = (summary: HTMLElement) => summary.lastElementChild?.querySelector("dd")?.textContent;

/** Continues to payment and waits for the tab to leave for the stand-in's first Stripe page. */
async function continueToStripe(user: ReturnType<typeof userEvent.setup>) {
  const open = vi.spyOn(window, "open").mockReturnValue(null);
  try {
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith("https://stripe.test/checkout/cs_1", "_self"));
  } finally {
    open.mockRestore();
  }
}

/** The checkout the form sends for standard tickets, with no answers, no guest and no announcements. */
const standardCheckout = (quantity: number, promoCode: string | null) => ({
  eventId: "ev1",
  input: {
    ticketTypeId: "t-std",
    quantity,
    promoCode,
    answers: [],
    guest: null,
    announcements: false,
    origin: "event_page",
  },
});

const standard = ticketFixture({
  id: "t-std",
  name: "Standard",
  priceMinor: 2500,
  viewerPriceMinor: 2500,
  maxPerOrder: 4,
});

/** The server's quote: €25 a ticket, SPRING15 takes 15 %, OLD has expired. Records every question. */
function quoteServer() {
  const asked: TicketQuoteQueryVariables[] = [];
  const registered: unknown[] = [];
  const checkouts: unknown[] = [];
  server.use(
    api.query(TicketQuoteDocument, ({ variables }) => {
      asked.push(variables);
      if (variables.promoCode === "OLD") {
        return graphqlError("PROMO_CODE_EXPIRED", "This code has expired.", [
          { field: "promoCode", code: "PROMO_CODE_EXPIRED", message: "This code has expired." },
        ]);
      }
      const unit = 2500;
      const off = variables.promoCode?.toUpperCase() === "SPRING15" ? 375 : 0;
      const quote: TicketQuoteQuery["ticketQuote"] = {
        currency: "EUR",
        subtotalMinor: unit * variables.quantity,
        discountMinor: off * variables.quantity,
        totalMinor: (unit - off) * variables.quantity,
        promoCode: off ? "Spring15" : null,
        lines: [
          {
            ticketTypeId: String(variables.ticketTypeId),
            quantity: variables.quantity,
            unitPriceMinor: unit,
            listUnitPriceMinor: unit,
            memberPrice: false,
            unitDiscountMinor: off,
          },
        ],
      };
      return HttpResponse.json({ data: { ticketQuote: quote } });
    }),
    api.mutation(RegisterForEventDocument, ({ variables }) => {
      registered.push(variables);
      return graphqlError("PAYMENT_REQUIRED");
    }),
    api.mutation(StartCheckoutDocument, ({ variables }) => {
      checkouts.push(variables);
      if (variables.input.promoCode === "OLD") {
        return graphqlError("PROMO_CODE_EXPIRED", "This code has expired.", [
          { field: "promoCode", code: "PROMO_CODE_EXPIRED", message: "This code has expired." },
        ]);
      }
      const order: StartCheckoutMutation["startCheckout"]["order"] = {
        id: "o1",
        eventId: "ev1",
        status: "OPEN",
        ticketName: "Standard",
        quantity: variables.input.quantity,
        currency: "EUR",
        totalMinor: 4250,
        expiresAt: "2099-01-01T00:31:00.000Z",
        checkoutUrl: "https://stripe.test/checkout/cs_1",
      };
      return HttpResponse.json({
        data: { startCheckout: { url: "https://stripe.test/checkout/cs_1", order } },
      });
    }),
  );
  return { asked, registered, checkouts };
}

describe("prices on the event page", () => {
  it("shows each price in its currency's own units, member prices, and when sales open or ended", () => {
    renderForm({
      ...boardGameNight,
      timeZone: "UTC",
      ticketTypes: [
        ticketFixture({
          id: "t-yen",
          name: "Seat",
          priceMinor: 1500,
          viewerPriceMinor: 1500,
          currency: "JPY",
        }),
        ticketFixture({
          id: "t-eur",
          name: "Standard",
          priceMinor: 2500,
          memberPriceMinor: 1500,
          viewerPriceMinor: 1500,
        }),
        ticketFixture({
          id: "t-kwd",
          name: "Dinner",
          priceMinor: 12_345,
          memberPriceMinor: 10_000,
          viewerPriceMinor: 12_345,
          currency: "KWD",
        }),
        ticketFixture({ id: "t-later", name: "Later", salesStartAt: "2099-03-01T09:00:00.000Z" }),
        ticketFixture({ id: "t-gone", name: "Gone", salesEndAt: "2020-03-01T09:00:00.000Z" }),
      ],
    });
    const option = (name: string) => screen.getByRole("radio", { name: new RegExp(`^${name}`) });
    // What the person reads beside each choice: the choice's label, whose text names the radio.
    const text = (name: string) => option(name).closest("label")?.textContent ?? "";
    expect(text("Seat")).toContain("¥1,500");
    const member = text("Standard");
    expect(member).toContain("€15.00");
    expect(member).toContain("Member price");
    expect(member).toContain("€25.00");
    const dinner = text("Dinner").replace(/\s/g, " ");
    expect(dinner).toContain("KWD 12.345");
    expect(dinner).toContain("Members KWD 10.000");
    expect(text("Later")).toContain("Sales open Mar 1, 9:00");
    expect((option("Later") as HTMLInputElement).disabled).toBe(true);
    expect(text("Gone")).toContain("Sales ended");
    expect((option("Gone") as HTMLInputElement).disabled).toBe(true);
  });

  it("quotes a priced ticket on the server for the quantity chosen, up to the per-order limit", async () => {
    const user = userEvent.setup();
    const { asked } = quoteServer();
    renderForm({ ...boardGameNight, ticketTypes: [{ ...standard, remaining: 3 }] });
    const summary = await screen.findByLabelText("Order total");
    expect(totalOf(summary)).toBe("€25.00");

    const quantity = screen.getByLabelText("Quantity") as HTMLSelectElement;
    // Four per order, but only three left.
    expect([...quantity.options].map((o) => o.value)).toEqual(["1", "2", "3"]);
    await user.selectOptions(quantity, "2");
    await vi.waitFor(() => expect(totalOf(summary)).toBe("€50.00"));
    expect(asked.at(-1)).toEqual({ eventId: "ev1", ticketTypeId: "t-std", quantity: 2, promoCode: null });
  });

  it("shows a refused promo code beside the field, then the discounted total for a good one", async () => {
    const user = userEvent.setup();
    const { asked, registered, checkouts } = quoteServer();
    renderForm({ ...boardGameNight, ticketTypes: [standard] });
    const summary = await screen.findByLabelText("Order total");
    await user.selectOptions(screen.getByLabelText("Quantity"), "2");

    await user.type(screen.getByLabelText("Promo code"), "OLD");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    const error = await screen.findByText("This code has expired.");
    expect(screen.getByLabelText("Promo code").getAttribute("aria-describedby")).toBe(error.id);
    expect(totalOf(summary)).toBe("€50.00");

    await user.clear(screen.getByLabelText("Promo code"));
    await user.type(screen.getByLabelText("Promo code"), "spring15");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await vi.waitFor(() => expect(totalOf(summary)).toBe("€42.50"));
    expect(within(summary).getByText("Promo code Spring15")).toBeTruthy();
    expect(within(summary).getByText("−€7.50")).toBeTruthy();
    expect(screen.queryByText("This code has expired.")).toBeNull();
    expect(asked.at(-1)).toEqual({
      eventId: "ev1",
      ticketTypeId: "t-std",
      quantity: 2,
      promoCode: "spring15",
    });

    // Enter in the code's field applies it; it never submits the form.
    await user.type(screen.getByLabelText("Promo code"), "{Enter}");
    expect(registered).toEqual([]);
    expect(checkouts).toEqual([]);

    // Checkout buys exactly what the summary shows, and the tab leaves for Stripe's page.
    await continueToStripe(user);
    expect(checkouts).toEqual([standardCheckout(2, "spring15")]);
    expect(registered).toEqual([]);
  });

  it("drops a refused promo code once the field is cleared, and checks out with what the field shows", async () => {
    const user = userEvent.setup();
    const { checkouts } = quoteServer();
    renderForm({ ...boardGameNight, ticketTypes: [standard] });
    const summary = await screen.findByLabelText("Order total");
    const field = screen.getByLabelText("Promo code");
    await user.type(field, "OLD");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await screen.findByText("This code has expired.");

    await user.clear(field);
    expect(screen.queryByText("This code has expired.")).toBeNull();
    expect(field.getAttribute("aria-invalid")).toBeNull();
    await continueToStripe(user);
    expect(checkouts).toEqual([standardCheckout(1, null)]);
    expect(totalOf(summary)).toBe("€25.00");
  });

  it("checks out with a code typed but not applied, shows checkout's refusal at the field until it changes", async () => {
    const user = userEvent.setup();
    const { checkouts } = quoteServer();
    renderForm({ ...boardGameNight, ticketTypes: [standard] });
    await screen.findByLabelText("Order total");
    const field = screen.getByLabelText("Promo code");
    await user.type(field, "OLD");
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    const error = await screen.findByText("This code has expired.");
    expect(field.getAttribute("aria-describedby")).toBe(error.id);
    expect(document.activeElement).toBe(field);
    expect(checkouts.at(-1)).toMatchObject({ input: { promoCode: "OLD" } });

    await user.type(field, "{Backspace}");
    expect(screen.queryByText("This code has expired.")).toBeNull();
    await user.clear(field);
    await user.type(field, "spring15");
    const open = vi.spyOn(window, "open").mockReturnValue(null);
    await user.click(screen.getByRole("button", { name: "Continue to payment" }));
    await vi.waitFor(() => expect(open).toHaveBeenCalled());
    expect(checkouts.at(-1)).toMatchObject({ input: { promoCode: "spring15" } });
    open.mockRestore();
  });

  it("joins a sold-out paid event's waitlist with a quantity, paying nothing until a seat is offered", async () => {
    const user = userEvent.setup();
    const { registered, checkouts } = quoteServer();
    renderForm({
      ...boardGameNight,
      spotsLeft: 0,
      waitlistEnabled: true,
      waitlistOfferHours: 6,
      ticketTypes: [{ ...standard, remaining: 0 }],
    });
    expect(screen.queryByLabelText("Promo code")).toBeNull();
    expect(screen.getByText(/Nothing to pay now\. When a seat frees up for you/).textContent).toContain(
      "you'll have 6 hours to pay",
    );
    await user.selectOptions(screen.getByLabelText("Quantity"), "3");
    await user.click(screen.getByRole("button", { name: "Join the waitlist" }));
    await vi.waitFor(() => expect(registered).toHaveLength(1));
    expect(registered).toEqual([
      {
        eventId: "ev1",
        input: {
          ticketTypeId: "t-std",
          answers: [],
          announcements: false,
          quantity: 3,
          origin: "event_page",
        },
      },
    ]);
    expect(checkouts).toEqual([]);
  });

  it("registers for a free ticket of a paid event exactly as before", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      api.mutation(RegisterForEventDocument, ({ variables }) => {
        sent.push(variables);
        return HttpResponse.json({
          data: {
            register: {
              id: "r1",
              status: "GOING",
              checkInCode: "ABC",
              waitlistPosition: null,
              ticketType: null,
            },
          },
        });
      }),
    );
    renderForm({
      ...boardGameNight,
      ticketTypes: [ticketFixture({ id: "t-free", name: "Free seat" }), standard],
    });
    expect(screen.queryByLabelText("Promo code")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Register" }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent).toEqual([
      {
        eventId: "ev1",
        input: { ticketTypeId: "t-free", answers: [], announcements: false, origin: "event_page" },
      },
    ]);
  });

  it("keeps Register off with the date sales open for a free ticket not on sale yet", () => {
    renderForm({
      ...boardGameNight,
      timeZone: "UTC",
      ticketTypes: [ticketFixture({ salesStartAt: "2099-03-01T09:00:00.000Z" })],
    });
    const register = screen.getByRole("button", { name: "Register" });
    expect(register.hasAttribute("disabled")).toBe(true);
    expect(document.getElementById(register.getAttribute("aria-describedby") ?? "")?.textContent).toMatch(
      /^Sales open Mar 1, 9:00/,
    );
  });
});
