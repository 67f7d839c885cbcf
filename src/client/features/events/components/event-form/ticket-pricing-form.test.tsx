import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import type { TicketPricing } from "#client/features/events/api/ticket-pricing-queries.ts";
import { CreateEventDocument } from "#client/gql/graphql.ts";
import { api, graphqlError, server } from "#client/test-network.ts";
import { renderInRouter } from "#client/test-router.tsx";
import { EventForm } from "./event-form.tsx";
import { emptyEventValues } from "./event-form-schema.ts";

const CONNECTED: TicketPricing = { currency: "EUR", canTakePayments: true, canManagePayments: true };

async function renderForm(pricing: TicketPricing = CONNECTED) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const values = {
    ...emptyEventValues("Europe/Berlin", pricing.currency),
    title: "Spring social",
    startDate: "2036-06-10",
    startTime: "18:00",
    endDate: "2036-06-10",
    endTime: "21:00",
  };
  const onSaved = vi.fn();
  await renderInRouter(
    <QueryClientProvider client={queryClient}>
      <EventForm communityId="c1" defaultValues={values} onSaved={onSaved} pricing={pricing} />
    </QueryClientProvider>,
  );
  return onSaved;
}

function recordSaves() {
  const sent: { input: { ticketTypes: unknown[] } }[] = [];
  server.use(
    api.mutation(CreateEventDocument, ({ variables }) => {
      sent.push(variables as (typeof sent)[number]);
      return HttpResponse.json({ data: { createEvent: { id: "e1", status: "DRAFT", host: { id: "c1" } } } });
    }),
  );
  return sent;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("pricing tickets in the event form", () => {
  it("sends the price, member price, order limit and sales window as typed, in minor units and the event's zone", async () => {
    const user = userEvent.setup();
    const sent = recordSaves();
    const onSaved = await renderForm();
    await user.type(field("Price (EUR)"), "12.50");
    await user.type(field("Member price (optional)"), "9");
    await user.clear(field("Per order"));
    await user.type(field("Per order"), "4");
    fireEvent.change(field("Sales start date"), { target: { value: "2036-06-01" } });
    fireEvent.change(field("Sales start time"), { target: { value: "09:00" } });
    fireEvent.change(field("Sales end date"), { target: { value: "2036-06-10" } });
    fireEvent.change(field("Sales end time"), { target: { value: "12:00" } });
    await user.click(screen.getByRole("button", { name: "Save draft" }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]?.input.ticketTypes).toEqual([
      {
        name: "General admission",
        quantity: null,
        priceMinor: 1250,
        memberPriceMinor: 900,
        maxPerOrder: 4,
        salesStartLocal: "2036-06-01T09:00",
        salesEndLocal: "2036-06-10T12:00",
      },
    ]);
  });

  it("says next to each field what the currency and the rules refuse, and sends nothing", async () => {
    const user = userEvent.setup();
    const sent = recordSaves();
    await renderForm();
    await user.type(field("Price (EUR)"), "12.345");
    await user.type(field("Member price (optional)"), "20");
    await user.clear(field("Per order"));
    await user.type(field("Per order"), "51");
    fireEvent.change(field("Sales start date"), { target: { value: "2036-06-05" } });
    fireEvent.change(field("Sales start time"), { target: { value: "09:00" } });
    fireEvent.change(field("Sales end date"), { target: { value: "2036-06-01" } });
    fireEvent.change(field("Sales end time"), { target: { value: "09:00" } });
    await user.click(screen.getByRole("button", { name: "Save draft" }));

    const describedBy = (input: HTMLInputElement) =>
      (input.getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent)
        .join(" ");
    await vi.waitFor(() =>
      expect(describedBy(field("Price (EUR)"))).toContain("EUR amounts have at most 2 decimals."),
    );
    expect(field("Price (EUR)").value).toBe("12.345");
    expect(describedBy(field("Per order"))).toContain("Allow 1 to 50 tickets per order.");
    expect(describedBy(field("Sales end time"))).toContain("Sales must end after they start.");
    expect(sent).toHaveLength(0);

    await user.clear(field("Price (EUR)"));
    await user.type(field("Price (EUR)"), "12.34");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await vi.waitFor(() =>
      expect(describedBy(field("Member price (optional)"))).toContain(
        "The member price can't be more than the price.",
      ),
    );
    expect(sent).toHaveLength(0);
  });

  it("reads yen as whole amounts", async () => {
    const user = userEvent.setup();
    const sent = recordSaves();
    const onSaved = await renderForm({ ...CONNECTED, currency: "JPY" });
    await user.type(field("Price (JPY)"), "1200.5");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText("JPY has no smaller unit: use a whole amount.")).toBeTruthy();
    await user.clear(field("Price (JPY)"));
    await user.type(field("Price (JPY)"), "1,200");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sent[0]?.input.ticketTypes).toEqual([expect.objectContaining({ priceMinor: 1200 })]);
  });

  it("offers no price until the community can take payments, and leads to settings → payments", async () => {
    await renderForm({ ...CONNECTED, canTakePayments: false });
    expect(screen.queryByLabelText(/^Price/)).toBeNull();
    expect(screen.queryByLabelText("Member price (optional)")).toBeNull();
    const link = screen.getByRole("link", { name: "Connect Stripe in Settings → Payments" });
    expect(link.getAttribute("href")).toBe("/dashboard/c1/edit#payments");
  });

  it("tells organizers who may not connect Stripe whom to ask", async () => {
    await renderForm({ ...CONNECTED, canTakePayments: false, canManagePayments: false });
    expect(screen.queryByRole("link", { name: /Connect Stripe/ })).toBeNull();
    expect(screen.getByText(/Ask the community's owner to connect it/)).toBeTruthy();
  });

  it("shows the server's PAYMENTS_NOT_CONNECTED beside the price and keeps what was typed", async () => {
    const user = userEvent.setup();
    const message =
      "Connect Stripe in settings → payments before charging for tickets. Until then, tickets are free.";
    server.use(
      api.mutation(CreateEventDocument, () =>
        graphqlError("PAYMENTS_NOT_CONNECTED", message, [
          { field: "ticketTypes.0.priceMinor", code: "PAYMENTS_NOT_CONNECTED", message },
        ]),
      ),
    );
    const onSaved = await renderForm();
    await user.type(field("Price (EUR)"), "15");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    const error = await screen.findByText(message);
    expect(field("Price (EUR)").getAttribute("aria-describedby")?.split(" ")).toContain(error.id);
    expect(field("Price (EUR)").value).toBe("15");
    expect(onSaved).not.toHaveBeenCalled();
  });
});
