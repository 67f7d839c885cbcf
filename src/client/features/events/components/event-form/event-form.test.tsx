import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import type { TicketPricing } from "#client/features/events/api/ticket-pricing-queries.ts";
import { CreateEventDocument, UpdateEventDocument } from "#client/gql/graphql.ts";
import { api, fieldError, server } from "#client/test-network.ts";
import { renderInRouter } from "#client/test-router.tsx";
import { TEXT_LIMITS } from "#shared/limits.ts";
import { EventForm } from "./event-form.tsx";
import { type EventFormValues, emptyEventValues } from "./event-form-schema.ts";

type Existing = NonNullable<Parameters<typeof EventForm>[0]["existing"]>;

const CONNECTED: TicketPricing = { currency: "EUR", canTakePayments: true, canManagePayments: true };

async function renderForm(
  onSaved = vi.fn(),
  overrides: Partial<EventFormValues> = {},
  existing?: Existing,
  pricing: TicketPricing = CONNECTED,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const values = {
    ...emptyEventValues("Europe/Berlin", "EUR"),
    // Clocks in Berlin jump from 02:00 to 03:00 on this night.
    startDate: "2036-03-30",
    startTime: "02:30",
    endDate: "2036-03-30",
    endTime: "05:00",
    ...overrides,
  };
  const view = await renderInRouter(
    <QueryClientProvider client={queryClient}>
      <EventForm
        communityId="c1"
        defaultValues={values}
        onSaved={onSaved}
        existing={existing}
        pricing={pricing}
      />
    </QueryClientProvider>,
  );
  return Object.assign(onSaved, { view });
}

/** Answers every new event as created with `status`, recording the variables of each save. */
function acceptNewEvents(status: "DRAFT" | "PUBLISHED") {
  const sent: unknown[] = [];
  server.use(
    api.mutation(CreateEventDocument, ({ variables }) => {
      sent.push(variables);
      return HttpResponse.json({ data: { createEvent: { id: "e1", status, host: { id: "c1" } } } });
    }),
  );
  return sent;
}

/** Refuses every new event with one field's error, recording the variables of each save. */
function refuseNewEvents(field: string, code: string, message: string, summary = message) {
  const sent: unknown[] = [];
  server.use(
    api.mutation(CreateEventDocument, ({ variables }) => {
      sent.push(variables);
      return fieldError(field, code, message, summary);
    }),
  );
  return sent;
}

describe("event form", () => {
  it("says under the start time that it does not exist, and shows the server's message there", async () => {
    const user = userEvent.setup();
    const message = "That time does not exist there: clocks skip it. Choose another.";
    const sent = refuseNewEvents("startsAtLocal", "NONEXISTENT_TIME", message, "Invalid input");
    const onSaved = await renderForm();
    expect(screen.getByText(/doesn't exist in Europe\/Berlin/)).toBeTruthy();

    await user.type(screen.getByLabelText("Title"), "Spring social");
    await user.click(screen.getByRole("button", { name: "Save draft" }));

    const error = await screen.findByText(message);
    const startTime = screen.getByLabelText("Starts time");
    expect(startTime.getAttribute("aria-invalid")).toBe("true");
    expect(startTime.getAttribute("aria-describedby")?.split(" ")).toContain(error.id);
    expect(document.activeElement).toBe(startTime);
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Spring social");
    expect(onSaved).not.toHaveBeenCalled();

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      communityId: "c1",
      publish: false,
      input: {
        title: "Spring social",
        startsAtLocal: "2036-03-30T02:30",
        endsAtLocal: "2036-03-30T05:00",
        timeZone: "Europe/Berlin",
        capacity: null,
        ticketTypes: [{ name: "General admission", quantity: null }],
        questions: [],
      },
    });
  });

  it("publishes a new event and reports it", async () => {
    const user = userEvent.setup();
    acceptNewEvents("PUBLISHED");
    const onSaved = await renderForm();
    await user.type(screen.getByLabelText("Title"), "Spring social");
    // user-event cannot type into jsdom's time inputs one key at a time.
    fireEvent.change(screen.getByLabelText("Starts time"), { target: { value: "03:30" } });
    expect(screen.queryByText(/doesn't exist/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Publish" }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: "e1" }), true));
  });

  it("keeps the event's length when the start moves", async () => {
    await renderForm(vi.fn(), {
      startDate: "2036-06-10",
      startTime: "18:00",
      endDate: "2036-06-10",
      endTime: "21:30",
    });
    fireEvent.change(screen.getByLabelText("Starts time"), { target: { value: "22:00" } });
    expect((screen.getByLabelText("Ends date") as HTMLInputElement).value).toBe("2036-06-11");
    expect((screen.getByLabelText("Ends time") as HTMLInputElement).value).toBe("01:30");
    fireEvent.change(screen.getByLabelText("Starts date"), { target: { value: "2036-06-20" } });
    expect((screen.getByLabelText("Ends date") as HTMLInputElement).value).toBe("2036-06-21");
    expect((screen.getByLabelText("Ends time") as HTMLInputElement).value).toBe("01:30");
  });

  it("warns before publishing a start that has passed, and shows the server's refusal at the start", async () => {
    const user = userEvent.setup();
    const message = "This start time has passed. Choose a later time, or keep the event as a draft.";
    refuseNewEvents("startsAtLocal", "STARTS_IN_PAST", message);
    const onSaved = await renderForm(vi.fn(), {
      startDate: "2020-01-10",
      startTime: "18:00",
      endDate: "2020-01-10",
      endTime: "20:00",
    });
    const publish = screen.getByRole("button", { name: "Publish" });
    expect(publish.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText(/This start time has already passed/).id).toBe(
      publish.getAttribute("aria-describedby"),
    );

    await user.type(screen.getByLabelText("Title"), "Old social");
    await user.click(publish);
    const error = await screen.findByText(message);
    expect(screen.getByLabelText("Starts time").getAttribute("aria-describedby")?.split(" ")).toContain(
      error.id,
    );
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows the server's refusal to lower the capacity below the people going next to Capacity", async () => {
    const user = userEvent.setup();
    const message = "2 people are going. Allow at least 2 seats, or cancel registrations first.";
    server.use(
      api.mutation(UpdateEventDocument, () => fieldError("capacity", "CAPACITY_BELOW_GOING", message)),
    );
    await renderForm(
      vi.fn(),
      { title: "Spring social", startTime: "18:00", endTime: "20:00", capacity: "5" },
      { id: "e1", status: "PUBLISHED", coverUrl: null },
    );
    await user.clear(screen.getByLabelText("Capacity"));
    await user.type(screen.getByLabelText("Capacity"), "1");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    const error = await screen.findByText(message);
    const capacity = screen.getByLabelText("Capacity");
    expect(capacity.getAttribute("aria-describedby")?.split(" ")).toContain(error.id);
    expect((capacity as HTMLInputElement).value).toBe("1");
  });

  it("asks before leaving with unsaved changes, keeps them on Stay, and lets a saved event go", async () => {
    const user = userEvent.setup();
    const onSaved = await renderForm();
    const { router, leave } = onSaved.view;
    await user.type(screen.getByLabelText("Title"), "Half-typed social");

    leave();
    const dialog = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
    await user.click(within(dialog).getByRole("button", { name: "Stay and keep editing" }));
    await vi.waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/");
    expect((screen.getByLabelText("Title") as HTMLInputElement).value).toBe("Half-typed social");

    leave();
    await user.click(await screen.findByRole("button", { name: "Leave and discard" }));
    expect(await screen.findByRole("heading", { name: "Somewhere else" })).toBeTruthy();
  });

  it("does not ask once the event is saved", async () => {
    const user = userEvent.setup();
    acceptNewEvents("DRAFT");
    const onSaved = await renderForm(vi.fn(), { startTime: "18:00", endTime: "20:00" });
    onSaved.mockImplementation(() => onSaved.view.leave());
    await user.type(screen.getByLabelText("Title"), "Spring social");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByRole("heading", { name: "Somewhere else" })).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("stops the title and venue at the lengths the server accepts", async () => {
    const user = userEvent.setup();
    await renderForm();
    const title = screen.getByLabelText("Title") as HTMLInputElement;
    await user.click(title);
    await user.paste("t".repeat(TEXT_LIMITS.eventTitle + 60));
    expect(title.value).toHaveLength(TEXT_LIMITS.eventTitle);
    const venue = screen.getByLabelText(/Venue name/) as HTMLInputElement;
    await user.click(venue);
    await user.paste("v".repeat(TEXT_LIMITS.venueName + 60));
    expect(venue.value).toHaveLength(TEXT_LIMITS.venueName);
  });

  it("says at the title, venue and ticket name when they carry hidden characters, and sends nothing", async () => {
    const user = userEvent.setup();
    const sent = acceptNewEvents("PUBLISHED");
    await renderForm(vi.fn(), { startTime: "03:30" });
    const fields = [
      screen.getByLabelText("Title"),
      screen.getByLabelText(/Venue name/),
      screen.getByRole("textbox", { name: /^Name/ }),
    ] as HTMLInputElement[];
    for (const field of fields) {
      await user.clear(field);
      await user.click(field);
      await user.paste("Spring \u202Elaicos");
    }
    await user.click(screen.getByRole("button", { name: "Publish" }));
    for (const field of fields) {
      expect(field.getAttribute("aria-invalid")).toBe("true");
      const described = (field.getAttribute("aria-describedby") ?? "").split(" ");
      const messages = described.map((id) => document.getElementById(id)?.textContent ?? "");
      expect(messages).toContain("Use one line of text, without special control characters.");
    }
    expect(sent).toEqual([]);
  });

  it("sends the verified-email setting, turning it on with approval", async () => {
    const user = userEvent.setup();
    const sent = acceptNewEvents("PUBLISHED");
    await renderForm();
    await user.type(screen.getByLabelText("Title"), "Curated dinner");
    fireEvent.change(screen.getByLabelText("Starts time"), { target: { value: "03:30" } });
    const verified = screen.getByLabelText("Verified email required") as HTMLInputElement;
    expect(verified.checked).toBe(false);
    await user.click(screen.getByLabelText("Approval required"));
    expect(verified.checked).toBe(true);
    await user.click(screen.getByRole("button", { name: "Publish" }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ input: { approvalRequired: true, requireVerifiedEmail: true } });
  });

  it("shows who is going unless the organizer switches it off, and sends the choice", async () => {
    const user = userEvent.setup();
    const sent = acceptNewEvents("PUBLISHED");
    await renderForm();
    await user.type(screen.getByLabelText("Title"), "Quiet salon");
    fireEvent.change(screen.getByLabelText("Starts time"), { target: { value: "03:30" } });
    const guestList = screen.getByLabelText("Show who is going") as HTMLInputElement;
    expect(guestList.checked).toBe(true);
    await user.click(guestList);
    await user.click(screen.getByRole("button", { name: "Publish" }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ input: { guestListVisible: false } });
  });
});
