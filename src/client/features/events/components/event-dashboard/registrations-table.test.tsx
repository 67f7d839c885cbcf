import { screen, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  ApproveRegistrationDocument,
  CheckInDocument,
  DeclineRegistrationDocument,
  ManagerCancelRegistrationDocument,
  type RegistrationStatus,
  UndoCheckInDocument,
} from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import {
  type EventFixture,
  eventDashboardHandlers,
  eventFixture,
  type RegistrationFixture,
  registrationFixture,
} from "#client/test-fixtures.ts";
import { api, graphqlError, server } from "#client/test-network.ts";

const EVENT_URL = "/dashboard/c1/events/e1";

/**
 * The event's registrations as the server keeps them: actions change a row, and the table's
 * refetch after each action reads the change. `sent` lists each action with the id it named.
 */
function registrationsServer(initial: RegistrationFixture[]) {
  let rows = initial;
  const sent: { action: string; id: string }[] = [];
  const update = (action: string, id: string, change: Partial<RegistrationFixture>) => {
    sent.push({ action, id });
    rows = rows.map((row) => (row.id === id ? { ...row, ...change } : row));
    const row = rows.find((candidate) => candidate.id === id);
    return {
      id,
      status: row?.status ?? ("GOING" as RegistrationStatus),
      checkedInAt: row?.checkedInAt ?? null,
    };
  };
  server.use(
    api.mutation(ApproveRegistrationDocument, ({ variables }) =>
      HttpResponse.json({
        data: { approveRegistration: update("approve", String(variables.id), { status: "GOING" }) },
      }),
    ),
    api.mutation(DeclineRegistrationDocument, ({ variables }) =>
      HttpResponse.json({
        data: { declineRegistration: update("decline", String(variables.id), { status: "DECLINED" }) },
      }),
    ),
    api.mutation(ManagerCancelRegistrationDocument, ({ variables }) =>
      HttpResponse.json({
        data: { cancelRegistration: update("cancel", String(variables.id), { status: "CANCELED" }) },
      }),
    ),
    api.mutation(CheckInDocument, ({ variables }) =>
      HttpResponse.json({
        data: {
          checkIn: update("checkIn", String(variables.registrationId), {
            checkedInAt: "2036-05-01T17:05:00.000Z",
          }),
        },
      }),
    ),
    api.mutation(UndoCheckInDocument, ({ variables }) =>
      HttpResponse.json({
        data: { undoCheckIn: update("undoCheckIn", String(variables.registrationId), { checkedInAt: null }) },
      }),
    ),
  );
  return { rows: () => rows, sent };
}

async function openDashboard(initial: RegistrationFixture[], event?: EventFixture) {
  const registrations = registrationsServer(initial);
  const app = await renderApp(EVENT_URL, {
    signedInAs: adaUser,
    handlers: eventDashboardHandlers({ rows: registrations.rows, ...(event ? { event } : {}) }),
  });
  const table = await screen.findByRole("table", { name: /Registrations/ });
  return { ...app, ...registrations, table };
}

/** The table row that shows `name`. */
function rowOf(table: HTMLElement, name: string): HTMLElement {
  const row = within(table)
    .getAllByRole("row")
    .find((candidate) => candidate.querySelector("td")?.textContent?.startsWith(name));
  if (!row) throw new Error(`No row shows ${name}`);
  return row;
}

// The person's name is in a visually hidden span after the visible label; jsdom's name
// computation drops the space between them that browsers keep.
const approveGrace = /^Approve\s*Grace Pending$/;
const checkInLinus = /^Check in\s*Linus Going$/;

const grace = registrationFixture("r-grace", "Grace Pending", { status: "PENDING" });
const linus = registrationFixture("r-linus", "Linus Going");

describe("the event dashboard's registrations", () => {
  it("approves a pending registration: a toast says so and the row reads Going", async () => {
    const { user, table, sent } = await openDashboard([grace, linus]);
    expect(within(rowOf(table, "Grace Pending")).getByText("Pending approval")).toBeTruthy();

    await user.click(within(table).getByRole("button", { name: approveGrace }));

    expect(await screen.findByText("Grace Pending is approved.")).toBeTruthy();
    await within(rowOf(table, "Grace Pending")).findByText("Going");
    expect(within(rowOf(table, "Grace Pending")).queryByRole("button", { name: /^Approve/ })).toBeNull();
    expect(sent).toEqual([{ action: "approve", id: "r-grace" }]);
  });

  it("declines a pending registration from the row's menu", async () => {
    const { user, table, sent } = await openDashboard([grace]);

    await user.click(within(table).getByRole("button", { name: "More actions for Grace Pending" }));
    await user.click(await screen.findByRole("menuitem", { name: "Decline" }));

    expect(await screen.findByText("Grace Pending is declined.")).toBeTruthy();
    await within(rowOf(table, "Grace Pending")).findByText("Declined");
    expect(sent).toEqual([{ action: "decline", id: "r-grace" }]);
  });

  it("checks a guest in and undoes it", async () => {
    const { user, table, sent } = await openDashboard([linus]);

    await user.click(within(table).getByRole("button", { name: checkInLinus }));
    expect(await screen.findByText("Linus Going is checked in.")).toBeTruthy();
    const undo = await within(table).findByRole("button", { name: /^Undo\s*check-in of Linus Going$/ });

    await user.click(undo);
    expect(await screen.findByText("Linus Going's check-in is undone.")).toBeTruthy();
    expect(await within(table).findByRole("button", { name: checkInLinus })).toBeTruthy();
    expect(sent).toEqual([
      { action: "checkIn", id: "r-linus" },
      { action: "undoCheckIn", id: "r-linus" },
    ]);
  });

  it("asks before canceling a registration; Keep leaves it, confirming cancels it", async () => {
    const { user, table, sent } = await openDashboard([linus]);
    const more = within(table).getByRole("button", { name: "More actions for Linus Going" });

    await user.click(more);
    await user.click(await screen.findByRole("menuitem", { name: "Cancel registration…" }));
    let dialog = await screen.findByRole("alertdialog", { name: "Cancel Linus Going's registration?" });
    expect(within(dialog).getByText(/Their seat goes to the first person on the waitlist/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Keep" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(within(rowOf(table, "Linus Going")).getByText("Going")).toBeTruthy();
    expect(sent).toEqual([]);

    await user.click(more);
    await user.click(await screen.findByRole("menuitem", { name: "Cancel registration…" }));
    dialog = await screen.findByRole("alertdialog", { name: "Cancel Linus Going's registration?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel registration" }));

    expect(await screen.findByText("Linus Going's registration is canceled.")).toBeTruthy();
    await within(rowOf(table, "Linus Going")).findByText("Canceled");
    expect(sent).toEqual([{ action: "cancel", id: "r-linus" }]);
  });

  it("tells until when seats are held for a payment, in the event's time zone", async () => {
    const held = registrationFixture("r-mia", "Mia Offered", {
      status: "HELD",
      holdExpiresAt: "2036-04-30T22:30:00.000Z",
    });
    const paidEvent = eventFixture({ capacity: 2, spotsLeft: 0, goingCount: 1, heldCount: 1 });
    paidEvent.ticketTypes = paidEvent.ticketTypes.map((ticket) => ({ ...ticket, priceMinor: 2500 }));
    const { table } = await openDashboard([held, linus], paidEvent);

    // The counts say a seat is taken by someone paying, and that the tickets are not free.
    const stat = (label: string) => screen.getByText(label, { selector: "dt" }).parentElement;
    expect(stat("Going")?.textContent).toBe("Going1 / 20 left · 1 held for payment");
    expect(stat("Ticket types")?.textContent).toBe("Ticket types1Paid");

    const row = rowOf(table, "Mia Offered");
    expect(within(row).getByText("Paying")).toBeTruthy();
    expect(
      row.querySelector("time[datetime='2036-04-30T22:30:00.000Z']")?.parentElement?.textContent,
    ).toMatch(/^Held until Thu, May 1, 2036, 12:30\sAM GMT\+2$/);
    expect(rowOf(table, "Linus Going").textContent).not.toMatch(/Held until/);
  });

  it("says in a toast why the server refused an action, and leaves the row as it was", async () => {
    const { user, table } = await openDashboard([grace]);
    server.use(api.mutation(ApproveRegistrationDocument, () => graphqlError("EVENT_FULL", "Full")));

    await user.click(within(table).getByRole("button", { name: approveGrace }));

    expect(await screen.findByText("The event is full.")).toBeTruthy();
    expect(within(rowOf(table, "Grace Pending")).getByText("Pending approval")).toBeTruthy();
    expect(within(table).getByRole("button", { name: approveGrace })).toBeTruthy();
  });
});
