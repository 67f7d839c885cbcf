import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { UpdateCommunityDocument } from "#client/gql/graphql.ts";
import { type CommunityFixture, communityFixture } from "#client/test-fixtures.ts";
import { api, fieldError, server } from "#client/test-network.ts";
import { renderInRouter } from "#client/test-router.tsx";
import { TEXT_LIMITS } from "#shared/limits.ts";
import { CommunitySettings } from "./community-settings.tsx";

/** An admin's view: everything but owning the community. */
const community = communityFixture({
  viewerRole: "ADMIN",
  viewerCapabilities: [
    "COMMUNITY_VIEW",
    "COMMUNITY_EDIT",
    "MEMBERS_VIEW",
    "MEMBERS_MANAGE",
    "EVENTS_MANAGE",
    "REGISTRATIONS_MANAGE",
    "CHECKIN",
    "PAYMENTS_MANAGE",
    "AGENTS_MANAGE",
  ],
});

async function renderSettings(overrides: Partial<CommunityFixture> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInRouter(
    <QueryClientProvider client={queryClient}>
      <CommunitySettings community={{ ...community, ...overrides }} />
    </QueryClientProvider>,
  );
}

describe("community settings", () => {
  it("is read-only for organizers and members", async () => {
    const organizer = communityFixture();
    await renderSettings({
      viewerRole: organizer.viewerRole,
      viewerCapabilities: organizer.viewerCapabilities,
    });
    expect(screen.getByRole("note").textContent).toBe("Only owners and admins can change these settings.");
    // Disabled through their fieldset, which is what :disabled (and the browser) goes by.
    for (const label of ["Name", "URL slug", "Time zone", "Currency", "Brand colour"]) {
      expect(screen.getByLabelText(label).matches(":disabled"), label).toBe(true);
    }
    expect(screen.getByRole("radio", { name: /Invite only/ }).matches(":disabled")).toBe(true);
    for (const button of screen.getAllByRole("button", { name: "Choose image" })) {
      expect(button.matches(":disabled")).toBe(true);
    }
    expect(screen.queryByRole("button", { name: /^Save/ })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Danger zone" })).toBeNull();
  });

  it("sends only the changed field and shows the server's field error next to it, keeping what was typed", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      api.mutation(UpdateCommunityDocument, ({ variables }) => {
        sent.push(variables);
        return fieldError("name", "TOO_LONG", "That name is not allowed.", "Invalid input");
      }),
    );
    await renderSettings();
    const name = screen.getByLabelText<HTMLInputElement>("Name");
    await user.clear(name);
    await user.type(name, "Book Club Deluxe");
    const general = screen.getByRole("region", { name: "General" });
    await user.click(within(general).getByRole("button", { name: "Save general settings" }));

    expect(await within(general).findByText("That name is not allowed.")).toBeTruthy();
    expect(name.value).toBe("Book Club Deluxe");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([{ id: "c1", input: { name: "Book Club Deluxe" } }]);
  });

  it("asks before leaving with an unsaved change, and not after it is saved", async () => {
    const user = userEvent.setup();
    const { router, leave } = await renderSettings();
    await user.clear(screen.getByLabelText("Name"));
    await user.type(screen.getByLabelText("Name"), "Book Club Berlin");

    leave();
    const dialog = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
    await user.click(within(dialog).getByRole("button", { name: "Stay and keep editing" }));
    await vi.waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/");
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Book Club Berlin");

    server.use(
      api.mutation(UpdateCommunityDocument, () =>
        HttpResponse.json({ data: { updateCommunity: { ...community, name: "Book Club Berlin" } } }),
      ),
    );
    await user.click(screen.getByRole("button", { name: "Save general settings" }));
    await vi.waitFor(() =>
      expect(
        (screen.getByRole("button", { name: "Save general settings" }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    leave();
    expect(await screen.findByRole("heading", { name: "Somewhere else" })).toBeTruthy();
  });

  it("says a name is too long at the field, keeping it, and stops the description at its limit", async () => {
    const user = userEvent.setup();
    await renderSettings();
    const name = screen.getByLabelText("Name") as HTMLInputElement;
    await user.clear(name);
    await user.paste("n".repeat(TEXT_LIMITS.communityName + 40));
    await user.click(screen.getByRole("button", { name: "Save general settings" }));
    expect(name.value).toHaveLength(TEXT_LIMITS.communityName + 40);
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(name.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      `Use at most ${TEXT_LIMITS.communityName} characters.`,
    );
    const description = screen.getByRole("textbox", { name: /Description/ }) as HTMLTextAreaElement;
    await user.clear(description);
    await user.paste("d".repeat(TEXT_LIMITS.communityDescription + 40));
    expect(description.value).toHaveLength(TEXT_LIMITS.communityDescription);
  });
});
