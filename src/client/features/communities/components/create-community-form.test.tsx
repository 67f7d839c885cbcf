import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { CreateCommunityDocument, SlugAvailabilityDocument } from "#client/gql/graphql.ts";
import { api, graphqlError, server } from "#client/test-network.ts";
import { renderInRouter } from "#client/test-router.tsx";
import { TEXT_LIMITS } from "#shared/limits.ts";
import { CreateCommunityForm } from "./create-community-form.tsx";

const REFUSAL = "You have created 10 communities in the last hour. Try again in 42 minutes.";

describe("creating a community", () => {
  it("says why when the server refuses too many new communities, keeping what was typed", async () => {
    server.use(api.mutation(CreateCommunityDocument, () => graphqlError("RATE_LIMITED", REFUSAL)));
    const { onCreated, user } = await renderForm();
    await user.type(screen.getByLabelText("Name"), "Book Club");
    await user.click(screen.getByRole("button", { name: "Create community" }));
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
    expect(onCreated).not.toHaveBeenCalled();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Book Club");
  });

  it("says at the name field when a name is too long or carries hidden characters, keeping what was typed", async () => {
    const { onCreated, user } = await renderForm();
    const name = screen.getByLabelText("Name") as HTMLInputElement;
    const long = `Book Club ${"x".repeat(TEXT_LIMITS.communityName)}`;
    await user.click(name);
    await user.paste(long);
    await user.click(screen.getByRole("button", { name: "Create community" }));
    expect(name.value).toBe(long);
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(accessibleDescription(name)).toBe(`Use at most ${TEXT_LIMITS.communityName} characters.`);

    await user.clear(name);
    await user.paste("Book Club \u202Ebulc kooB");
    await user.click(screen.getByRole("button", { name: "Create community" }));
    expect(name.value).toBe("Book Club \u202Ebulc kooB");
    expect(accessibleDescription(name)).toBe("Use one line of text, without special control characters.");
    expect(onCreated).not.toHaveBeenCalled();
  });
});

/** The form, every slug free, with a spy for `onCreated` and a user to drive it. */
async function renderForm() {
  server.use(
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
  return { onCreated, user };
}

function accessibleDescription(element: HTMLElement): string {
  return (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ")
    .trim();
}
