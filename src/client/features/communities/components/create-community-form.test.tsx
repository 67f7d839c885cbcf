import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { CreateCommunityDocument, SlugAvailabilityDocument } from "#client/gql/graphql.ts";
import { api, graphqlError, server } from "#client/test-network.ts";
import { renderInRouter } from "#client/test-router.tsx";
import { CreateCommunityForm } from "./create-community-form.tsx";

const REFUSAL = "You have created 10 communities in the last hour. Try again in 42 minutes.";

describe("creating a community", () => {
  it("says why when the server refuses too many new communities, keeping what was typed", async () => {
    server.use(
      api.mutation(CreateCommunityDocument, () => graphqlError("RATE_LIMITED", REFUSAL)),
      api.query(SlugAvailabilityDocument, ({ variables }) =>
        HttpResponse.json({
          data: { slugAvailability: { slug: variables.slug, available: true, reason: null } },
        }),
      ),
    );
    const onCreated = vi.fn();
    const user = userEvent.setup();
    await renderInRouter(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CreateCommunityForm onCreated={onCreated} />
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText("Name"), "Book Club");
    await user.click(screen.getByRole("button", { name: "Create community" }));
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Book Club");
  });
});
