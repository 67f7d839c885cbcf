import { screen, waitFor } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  AnnouncementSubscriptionDocument,
  InvitationPreviewDocument,
  ManagedRegistrationDocument,
} from "#client/gql/graphql.ts";
import { renderApp } from "#client/test-app.tsx";
import { api, graphqlError } from "#client/test-network.ts";

// The links people get by mail work without signing in; one the server does not know shows a page
// that says so (and what to do), never the app's error screen.
describe("a mailed link the server does not know", () => {
  it("says a registration link doesn't work and offers to sign in", async () => {
    await renderApp("/r/not-a-token", {
      handlers: [api.query(ManagedRegistrationDocument, () => graphqlError("NOT_FOUND"))],
    });
    expect(await screen.findByRole("heading", { name: "This link doesn't work" })).toBeTruthy();
    expect(screen.getByText(/Copy the whole link from your registration email/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login");
    await waitFor(() => expect(document.title).toBe("Link not recognized · Commons"));
  });

  it("says an invitation link doesn't work and offers to sign in", async () => {
    await renderApp("/invitation/not-a-token", {
      handlers: [
        api.query(InvitationPreviewDocument, () => HttpResponse.json({ data: { invitation: null } })),
      ],
    });
    expect(await screen.findByRole("heading", { name: "This invitation link doesn't work" })).toBeTruthy();
    expect(screen.getByText(/only the newest link works/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login");
    await waitFor(() => expect(document.title).toBe("Link not recognized · Commons"));
  });

  it("says an unsubscribe link doesn't work and points to the profile", async () => {
    await renderApp("/unsubscribe/not-a-token", {
      handlers: [
        // The server refuses a token it did not sign.
        api.query(AnnouncementSubscriptionDocument, () => graphqlError("NOT_FOUND")),
      ],
    });
    expect(await screen.findByRole("heading", { name: "This unsubscribe link doesn't work" })).toBeTruthy();
    expect(screen.getByText(/change your email choices on your profile/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();
    await waitFor(() => expect(document.title).toBe("Link not recognized · Commons"));
  });
});
