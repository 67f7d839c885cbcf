import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { eventQueryOptions } from "#client/features/events/api/events-queries.ts";
import { EventRegistrationsDocument } from "#client/gql/graphql.ts";
import { registrationFixture, registrationsPage } from "#client/test-fixtures.ts";
import { api, server } from "#client/test-network.ts";
import { CheckInView } from "./check-in-view.tsx";

const guest = registrationFixture("r1", "Ada Guest");

describe("check-in view", () => {
  it("finds a guest by the check-in code typed into the search box and offers Check in", async () => {
    const user = userEvent.setup();
    const searches: unknown[] = [];
    server.use(
      api.query(EventRegistrationsDocument, ({ variables }) => {
        searches.push(variables.search);
        return HttpResponse.json({
          data: { eventRegistrations: registrationsPage(variables.search === "ab2cd-ef3gh" ? [guest] : []) },
        });
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(eventQueryOptions("e1").queryKey, {
      id: "e1",
      checkedInCount: 0,
      goingCount: 1,
    } as never);
    render(
      <QueryClientProvider client={queryClient}>
        <Suspense fallback="loading">
          <CheckInView eventId="e1" />
        </Suspense>
      </QueryClientProvider>,
    );

    const search = await screen.findByRole("searchbox", { name: /check-in code/i });
    await screen.findByText(/Nobody is going yet/);
    await user.type(search, "ab2cd-ef3gh{Enter}");

    const guests = screen.getByRole("region", { name: "Guests" });
    expect(await within(guests).findByText("ada@example.test · General")).toBeTruthy();
    expect(within(guests).getByRole("button", { name: /^Check in\s*Ada Guest$/ })).toBeTruthy();
    expect(searches).toContain("ab2cd-ef3gh");
  });
});
