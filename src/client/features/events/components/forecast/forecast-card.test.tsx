import { screen, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { EventForecastDocument, type EventInput, UpdateEventDocument } from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { eventDashboardHandlers, eventFixture } from "#client/test-fixtures.ts";
import { api } from "#client/test-network.ts";

const EVENT_URL = "/dashboard/c1/events/e1";

/**
 * The server's forecast: at 5% one more seat, at 20% two; the capacity the update saved is what
 * later answers read, as the server would.
 */
function forecastServer() {
  let capacity = 20;
  const risks: number[] = [];
  const saved: EventInput[] = [];
  const handlers = [
    api.query(EventForecastDocument, ({ variables }) => {
      const risk = Number(variables.risk);
      risks.push(risk);
      const extraSeats = capacity > 20 ? 0 : risk >= 0.2 ? 2 : 1;
      return HttpResponse.json({
        data: {
          event: {
            id: "e1",
            capacity,
            waitlistCount: 3,
            attendanceForecast: {
              expected: 15.6,
              low: 13,
              high: 18,
              going: 20,
              basis: 12,
              method: "EXACT" as const,
              overbooking: { extraSeats, admitted: extraSeats, risk, probabilityOver: risk * 0.8 },
            },
          },
        },
      });
    }),
    api.mutation(UpdateEventDocument, ({ variables }) => {
      saved.push(variables.input);
      capacity = variables.input.capacity ?? capacity;
      return HttpResponse.json({
        data: {
          updateEvent: {
            id: "e1",
            status: "PUBLISHED" as const,
            host: { id: "c1" },
          },
        },
      });
    }),
  ];
  return { handlers, risks, saved };
}

describe("the event's attendance forecast", () => {
  it("reads the expected check-ins and the advice, and raises the capacity by it after asking", async () => {
    const forecast = forecastServer();
    const { user } = await renderApp(EVENT_URL, {
      signedInAs: adaUser,
      handlers: [
        ...forecast.handlers,
        ...eventDashboardHandlers({
          rows: () => [],
          event: eventFixture({ capacity: 20, waitlistCount: 3 }),
        }),
      ],
    });
    const card = await screen.findByRole("region", { name: "Attendance forecast" });
    expect(within(card).getByTestId("forecast-headline").textContent).toContain(
      "Expected 16 check-ins, likely 13–18",
    );
    expect(card.textContent).toContain("12 registrants have a record of their own here");
    expect(within(card).getByTestId("forecast-advice").textContent).toContain(
      "You could let 1 more person in",
    );

    await user.selectOptions(
      within(card).getByLabelText("Accepted risk of more check-ins than seats"),
      "0.2",
    );
    expect(await within(card).findByRole("button", { name: "Raise capacity to 22" })).toBeTruthy();
    expect(forecast.risks).toContain(0.2);

    await user.click(within(card).getByRole("button", { name: "Raise capacity to 22" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Raise the capacity from 20 to 22?" });
    await user.click(within(dialog).getByRole("button", { name: "Keep 20" }));
    expect(forecast.saved).toEqual([]);

    await user.click(within(card).getByRole("button", { name: "Raise capacity to 22" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Raise to 22" }),
    );
    expect(await screen.findByText(/Capacity raised to 22/)).toBeTruthy();
    // The whole event is saved as it was, with only the capacity changed.
    expect(forecast.saved).toHaveLength(1);
    expect(forecast.saved[0]).toMatchObject({
      capacity: 22,
      title: "Board game night",
      venueName: "Café Hugo",
    });
    expect(await within(card).findByText(/Keep the capacity at 22/)).toBeTruthy();
  });
});
