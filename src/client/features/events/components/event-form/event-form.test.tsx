import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TEXT_LIMITS } from "../../../../../shared/limits.ts";
import { EventForm } from "./event-form.tsx";
import { emptyEventValues } from "./event-form-schema.ts";

function respond(body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }),
  );
}

function renderForm(onSaved = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const values = {
    ...emptyEventValues("Europe/Berlin"),
    // Clocks in Berlin jump from 02:00 to 03:00 on this night.
    startDate: "2026-03-29",
    startTime: "02:30",
    endDate: "2026-03-29",
    endTime: "05:00",
  };
  render(
    <QueryClientProvider client={queryClient}>
      <EventForm communityId="c1" defaultValues={values} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

describe("event form", () => {
  beforeAll(() => {
    // jsdom has no ResizeObserver; Radix's radio group measures itself with one.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  });
  afterEach(() => vi.restoreAllMocks());

  it("says under the start time that it does not exist, and shows the server's message there", async () => {
    const user = userEvent.setup();
    const message = "That time does not exist there: clocks skip it. Choose another.";
    const fetchMock = vi.spyOn(globalThis, "fetch").mockImplementation(() =>
      respond({
        data: null,
        errors: [
          {
            message: "Invalid input",
            extensions: {
              code: "BAD_USER_INPUT",
              fields: [{ field: "startsAtLocal", code: "NONEXISTENT_TIME", message }],
            },
          },
        ],
      }),
    );
    const onSaved = renderForm();
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

    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body.variables).toMatchObject({
      communityId: "c1",
      publish: false,
      input: {
        title: "Spring social",
        startsAtLocal: "2026-03-29T02:30",
        endsAtLocal: "2026-03-29T05:00",
        timeZone: "Europe/Berlin",
        capacity: null,
        ticketTypes: [{ name: "General admission", quantity: null }],
        questions: [],
      },
    });
  });

  it("publishes a new event and reports it", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis, "fetch").mockImplementation(() =>
      respond({ data: { createEvent: { id: "e1", status: "PUBLISHED", host: { id: "c1" } } } }),
    );
    const onSaved = renderForm();
    await user.type(screen.getByLabelText("Title"), "Spring social");
    // user-event cannot type into jsdom's time inputs one key at a time.
    fireEvent.change(screen.getByLabelText("Starts time"), { target: { value: "03:30" } });
    expect(screen.queryByText(/doesn't exist/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Publish" }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: "e1" }), true));
  });

  it("stops the title and venue at the lengths the server accepts", async () => {
    const user = userEvent.setup();
    renderForm();
    const title = screen.getByLabelText("Title") as HTMLInputElement;
    await user.click(title);
    await user.paste("t".repeat(TEXT_LIMITS.eventTitle + 60));
    expect(title.value).toHaveLength(TEXT_LIMITS.eventTitle);
    const venue = screen.getByLabelText(/Venue name/) as HTMLInputElement;
    await user.click(venue);
    await user.paste("v".repeat(TEXT_LIMITS.venueName + 60));
    expect(venue.value).toHaveLength(TEXT_LIMITS.venueName);
  });

  it("sends the verified-email setting, turning it on with approval", async () => {
    const user = userEvent.setup();
    const fetchMock = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(() =>
        respond({ data: { createEvent: { id: "e1", status: "PUBLISHED", host: { id: "c1" } } } }),
      );
    renderForm();
    await user.type(screen.getByLabelText("Title"), "Curated dinner");
    fireEvent.change(screen.getByLabelText("Starts time"), { target: { value: "03:30" } });
    const verified = screen.getByLabelText("Verified email required") as HTMLInputElement;
    expect(verified.checked).toBe(false);
    await user.click(screen.getByLabelText("Approval required"));
    expect(verified.checked).toBe(true);
    await user.click(screen.getByRole("button", { name: "Publish" }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const init = fetchMock.mock.calls.at(-1)?.[1] as RequestInit | undefined;
    const sent = JSON.parse(String(init?.body));
    expect(sent.variables.input).toMatchObject({ approvalRequired: true, requireVerifiedEmail: true });
  });
});
