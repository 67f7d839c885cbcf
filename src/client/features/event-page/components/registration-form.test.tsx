import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import type { PublicEvent } from "#client/features/event-page/api/event-page-queries.ts";
import {
  RegisterAsGuestDocument,
  type RegisterAsGuestMutationVariables,
  RegisterForEventDocument,
  type RegisterForEventMutationVariables,
  ResendTicketDocument,
  type ResendTicketMutationVariables,
} from "#client/gql/graphql.ts";
import { api, graphqlError, server } from "#client/test-network.ts";
import { boardGameNight } from "./event-page-test-fixtures.ts";
import { RegistrationForm } from "./registration-form.tsx";
import type { EventPageSlots } from "./slots.ts";

const event: PublicEvent = {
  ...boardGameNight,
  questions: [
    {
      id: "q-name",
      kind: "SHORT_TEXT",
      label: "What should we call you at the table?",
      required: true,
      options: [],
    },
    {
      id: "q-game",
      kind: "SINGLE_CHOICE",
      label: "Favourite game",
      required: true,
      options: ["Catan", "Go"],
    },
    { id: "q-diet", kind: "MULTIPLE_CHOICE", label: "Snacks", required: false, options: ["Vegan", "Sweet"] },
    { id: "q-ok", kind: "CHECKBOX", label: "I agree to the house rules", required: true, options: [] },
  ],
};

function renderForm(slots: Partial<EventPageSlots> = {}, shown: PublicEvent = event) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fullSlots: EventPageSlots = {
    isSignedIn: true,
    renderSignIn: ({ onSignedIn }) => (
      <button type="button" onClick={() => void onSignedIn()}>
        Pretend to sign in
      </button>
    ),
    renderTicket: () => null,
    renderCancel: () => null,
    ...slots,
  };
  return render(
    <QueryClientProvider client={queryClient}>
      <RegistrationForm event={shown} slots={fullSlots} />
    </QueryClientProvider>,
  );
}

const going = {
  register: { id: "r1", status: "GOING", checkInCode: "ABC123", waitlistPosition: null, ticketType: null },
} as const;

/** Answers member registrations with `going`, recording the variables of each. */
function acceptRegistrations() {
  const sent: RegisterForEventMutationVariables[] = [];
  server.use(
    api.mutation(RegisterForEventDocument, ({ variables }) => {
      sent.push(variables);
      return HttpResponse.json({ data: going });
    }),
  );
  return sent;
}

describe("event registration form", () => {
  it("shows each missing answer next to its question and focuses the first one", async () => {
    const sent = acceptRegistrations();
    renderForm();
    await userEvent.click(screen.getByRole("button", { name: "Register" }));

    const nameInput = screen.getByLabelText(/What should we call you/);
    expect(nameInput.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(nameInput.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "This question needs an answer.",
    );
    expect(screen.getByText("Choose an option.")).toBeTruthy();
    expect(screen.getByText("Tick this box to continue.")).toBeTruthy();
    // Optional questions stay quiet.
    expect(screen.queryByText("Choose at least one option.")).toBeNull();
    expect(document.activeElement).toBe(nameInput);
    expect(sent).toEqual([]);

    await userEvent.type(nameInput, "Ada");
    expect(nameInput.getAttribute("aria-invalid")).toBeNull();
  });

  it("asks a signed-out visitor to sign in where a verified email is required, keeping the answers", async () => {
    const sent = acceptRegistrations();
    const onRegistered = vi.fn(() => Promise.resolve());
    renderForm({ isSignedIn: false, onRegistered }, { ...event, requireVerifiedEmail: true });

    expect(screen.queryByLabelText(/Email/)).toBeNull();
    await userEvent.type(screen.getByLabelText(/What should we call you/), "  Ada  ");
    await userEvent.click(screen.getByRole("radio", { name: "Go" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Sweet" }));
    await userEvent.click(screen.getByRole("checkbox", { name: /house rules/ }));
    await userEvent.click(screen.getByRole("button", { name: "Register" }));

    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Pretend to sign in" }));

    await vi.waitFor(() => expect(onRegistered).toHaveBeenCalledOnce());
    expect(sent.at(-1)).toEqual({
      eventId: "ev1",
      input: {
        ticketTypeId: "t1",
        answers: [
          { questionId: "q-name", values: ["Ada"] },
          { questionId: "q-game", values: ["Go"] },
          { questionId: "q-diet", values: ["Sweet"] },
          { questionId: "q-ok", values: ["true"] },
        ],
        announcements: false,
        origin: "event_page",
      },
    });
  });

  it("puts the server's answer errors next to the question and explains a full event", async () => {
    server.use(
      api.mutation(
        RegisterForEventDocument,
        () =>
          graphqlError("BAD_USER_INPUT", "Invalid input", [
            { field: "answers.q-game", code: "INVALID_ANSWER", message: "Go is no longer offered." },
          ]),
        { once: true },
      ),
      api.mutation(RegisterForEventDocument, () => graphqlError("EVENT_FULL", "Full"), { once: true }),
    );
    renderForm();

    await userEvent.type(screen.getByLabelText(/What should we call you/), "Ada");
    await userEvent.click(screen.getByRole("radio", { name: "Go" }));
    await userEvent.click(screen.getByRole("checkbox", { name: /house rules/ }));
    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("Go is no longer offered.")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("Sorry — this event just filled up.")).toBeTruthy();
  });

  async function answerAll() {
    await userEvent.type(screen.getByLabelText(/What should we call you/), "Ada");
    await userEvent.click(screen.getByRole("radio", { name: "Go" }));
    await userEvent.click(screen.getByRole("checkbox", { name: /house rules/ }));
  }

  it("registers a signed-out guest in one step with their announcements choice and points to the mail, never showing a ticket", async () => {
    const sent: RegisterAsGuestMutationVariables[] = [];
    server.use(
      api.mutation(RegisterAsGuestDocument, ({ variables }) => {
        sent.push(variables);
        return HttpResponse.json({
          data: { registerAsGuest: { status: "GOING", email: "ada@example.test" } },
        });
      }),
    );
    renderForm({ isSignedIn: false });

    await userEvent.click(screen.getByRole("button", { name: "Register" }));
    const nameField = screen.getByLabelText(/Your name/);
    expect(nameField.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter your email address.")).toBeTruthy();
    expect(document.activeElement).toBe(nameField);
    expect(sent).toEqual([]);

    await userEvent.type(nameField, "Ada Guest");
    await userEvent.type(screen.getByLabelText(/Email/), "ada@example.test");
    await answerAll();
    const consent = screen.getByRole("checkbox", { name: /Send me announcements from Vienna Gamers/ });
    expect((consent as HTMLInputElement).checked).toBe(false);
    await userEvent.click(consent);
    await userEvent.click(screen.getByRole("button", { name: "Register" }));

    expect(await screen.findByText("You're registered")).toBeTruthy();
    expect(screen.getByText("ada@example.test")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Pretend to sign in" })).toBeNull();
    expect(sent.at(-1)).toEqual({
      eventId: "ev1",
      input: {
        name: "Ada Guest",
        email: "ada@example.test",
        ticketTypeId: "t1",
        answers: [
          { questionId: "q-name", values: ["Ada"] },
          { questionId: "q-game", values: ["Go"] },
          { questionId: "q-ok", values: ["true"] },
        ],
        announcements: true,
        origin: "event_page",
      },
    });
  });

  it("offers to resend the ticket when the address is already registered", async () => {
    const resends: ResendTicketMutationVariables[] = [];
    server.use(
      api.mutation(RegisterAsGuestDocument, () => graphqlError("ALREADY_REGISTERED", "Already")),
      api.mutation(ResendTicketDocument, ({ variables }) => {
        resends.push(variables);
        return HttpResponse.json({ data: { resendTicket: true } });
      }),
    );
    renderForm({ isSignedIn: false });
    await userEvent.type(screen.getByLabelText(/Your name/), "Ada Guest");
    await userEvent.type(screen.getByLabelText(/Email/), "ada@example.test");
    await answerAll();
    await userEvent.click(screen.getByRole("button", { name: "Register" }));

    expect(await screen.findByText(/is already registered for this event/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Resend my ticket" }));
    expect(await screen.findByText(/We sent the ticket to that address again/)).toBeTruthy();
    expect(resends).toEqual([{ eventId: "ev1", email: "ada@example.test" }]);
    // Typed answers stay in place.
    expect((screen.getByLabelText(/Your name/) as HTMLInputElement).value).toBe("Ada Guest");
  });
});
