import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AcceptInvitationDocument, type InvitationPreviewQuery } from "#client/gql/graphql.ts";
import { api, graphqlError, server } from "#client/test-network.ts";
import { InvitationPage } from "./invitation-page.tsx";

type Invitation = NonNullable<InvitationPreviewQuery["invitation"]>;

const invitation: Invitation = {
  email: "ada@example.test",
  role: "MEMBER",
  status: "PENDING",
  expiresAt: "2036-05-01T17:00:00.000Z",
  community: { id: "c1", name: "Book Club", slug: "book-club", logoUrl: null },
};

function renderPage(overrides: Partial<Invitation> = {}, viewerEmail: string | null = "ada@example.test") {
  const onAccepted = vi.fn(async () => {});
  const onSignOut = vi.fn(async () => {});
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InvitationPage
        token="t0k3n"
        invitation={{ ...invitation, ...overrides }}
        viewerEmail={viewerEmail}
        onSignOut={onSignOut}
        onAccepted={onAccepted}
        renderSignIn={({ email }) => <p>Sign-in form for {email}</p>}
      />
    </QueryClientProvider>,
  );
  return { onAccepted, onSignOut };
}

describe("invitation page", () => {
  it.each([
    ["EXPIRED", "This invitation has expired"],
    ["ACCEPTED", "This invitation was already used"],
    ["REVOKED", "This invitation was withdrawn"],
  ] as const)("a %s invitation says so and offers nothing to accept", (status, title) => {
    renderPage({ status });
    expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Accept invitation" })).toBeNull();
  });

  it("asks a signed-out visitor to sign in with the invited address", () => {
    renderPage({}, null);
    expect(screen.getByText("Sign-in form for ada@example.test")).toBeTruthy();
  });

  it("tells someone signed in with another address to switch accounts", async () => {
    const user = userEvent.setup();
    const { onSignOut } = renderPage({}, "bob@example.test");
    expect(screen.getByText(/You're signed in as/).textContent).toContain("bob@example.test");
    expect(screen.queryByRole("button", { name: "Accept invitation" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it("shows the server's reason when accepting fails", async () => {
    const user = userEvent.setup();
    server.use(
      api.mutation(AcceptInvitationDocument, () =>
        graphqlError("INVITATION_EXPIRED", "This invitation has expired. Ask for a new one."),
      ),
    );
    const { onAccepted } = renderPage();
    await user.click(screen.getByRole("button", { name: "Accept invitation" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This invitation has expired. Ask for a new one.",
    );
    expect(onAccepted).not.toHaveBeenCalled();
  });
});
