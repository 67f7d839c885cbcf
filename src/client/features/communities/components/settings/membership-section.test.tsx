import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { UpdateCommunityDocument } from "#client/gql/graphql.ts";
import { communityFixture } from "#client/test-fixtures.ts";
import { api, fieldError, server } from "#client/test-network.ts";
import { renderInRouter } from "#client/test-router.tsx";
import { CommunitySettings } from "./community-settings.tsx";

const admin = communityFixture({
  viewerRole: "ADMIN",
  viewerCapabilities: ["COMMUNITY_VIEW", "COMMUNITY_EDIT", "MEMBERS_VIEW", "MEMBERS_MANAGE"],
});

async function renderSettings() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await renderInRouter(
    <QueryClientProvider client={queryClient}>
      <CommunitySettings community={admin} />
    </QueryClientProvider>,
  );
  return screen.getByRole("region", { name: "Membership" });
}

describe("membership settings: join questions", () => {
  it("asks for join questions once requests need approval, and saves them with the policy", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      api.mutation(UpdateCommunityDocument, ({ variables }) => {
        sent.push(variables);
        return HttpResponse.json({
          data: {
            updateCommunity: {
              ...admin,
              joinPolicy: "APPROVAL",
              joinQuestions: [
                {
                  id: "q1",
                  kind: "SHORT_TEXT",
                  label: "Why do you want to join?",
                  required: true,
                  options: [],
                },
              ],
            },
          },
        });
      }),
    );
    const section = await renderSettings();
    expect(within(section).queryByRole("group", { name: "Join questions" })).toBeNull();
    await user.click(within(section).getByRole("radio", { name: /approval/i }));
    const questions = within(section).getByRole("group", { name: "Join questions" });
    await user.click(within(questions).getByRole("button", { name: "Add question" }));
    await user.type(within(questions).getByLabelText("Question"), "Why do you want to join?");
    await user.click(within(questions).getByRole("checkbox", { name: "Required" }));
    await user.click(within(section).getByRole("button", { name: "Save membership settings" }));

    const saveButton = within(section).getByRole<HTMLButtonElement>("button", {
      name: "Save membership settings",
    });
    await vi.waitFor(() => expect(saveButton.disabled).toBe(true));
    expect(sent).toEqual([
      {
        id: "c1",
        input: {
          joinPolicy: "APPROVAL",
          joinQuestions: [
            { kind: "SHORT_TEXT", label: "Why do you want to join?", required: true, options: [] },
          ],
        },
      },
    ]);
  });

  it("shows the server's error next to the question it names, keeping what was typed", async () => {
    const user = userEvent.setup();
    server.use(
      api.mutation(UpdateCommunityDocument, () =>
        fieldError("joinQuestions.0.label", "TOO_LONG", "That question is not allowed.", "Invalid input"),
      ),
    );
    const section = await renderSettings();
    await user.click(within(section).getByRole("radio", { name: /approval/i }));
    await user.click(within(section).getByRole("button", { name: "Add question" }));
    const label = within(section).getByLabelText<HTMLInputElement>("Question");
    await user.type(label, "What brings you here?");
    await user.click(within(section).getByRole("button", { name: "Save membership settings" }));

    expect(await within(section).findByText("That question is not allowed.")).toBeTruthy();
    expect(label.value).toBe("What brings you here?");
    expect(label.getAttribute("aria-invalid")).toBe("true");
  });
});

describe("membership settings: the member directory", () => {
  it("turns the directory on for members and sends only that change", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      api.mutation(UpdateCommunityDocument, ({ variables }) => {
        sent.push(variables);
        return HttpResponse.json({ data: { updateCommunity: { ...admin, memberDirectory: true } } });
      }),
    );
    const section = await renderSettings();
    const box = within(section).getByRole<HTMLInputElement>("checkbox", {
      name: "Show members who else belongs",
    });
    expect(box.checked).toBe(false);
    expect(box.getAttribute("aria-describedby")).toBeTruthy();
    await user.click(box);
    await user.click(within(section).getByRole("button", { name: "Save membership settings" }));
    await vi.waitFor(() => expect(sent).toEqual([{ id: "c1", input: { memberDirectory: true } }]));
    await vi.waitFor(() => expect(box.checked).toBe(true));
  });
});
