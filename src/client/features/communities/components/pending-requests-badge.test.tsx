// The count of waiting join requests: beside "Members" in the dashboard's sidebar and on the
// community selection card, for the roles the server gives a count to (null for the others).
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { communityFixture, eventDashboardHandlers, eventFixture } from "#client/test-fixtures.ts";
import { renderInRouter } from "#client/test-router.tsx";
import { CommunityPicker } from "./community-picker.tsx";

const EVENT_URL = "/dashboard/c1/events/e1";

async function sidebarMembersLink(pendingJoinRequests: number | null) {
  await renderApp(EVENT_URL, {
    signedInAs: adaUser,
    handlers: eventDashboardHandlers({
      community: communityFixture({ pendingJoinRequests }),
      event: eventFixture(),
      rows: () => [],
    }),
  });
  const nav = (await screen.findAllByRole("navigation", { name: "Community" }))[0] as HTMLElement;
  return within(nav).getByRole("link", { name: /^Members/ });
}

const card = (pendingJoinRequests: number | null) => ({
  id: "c1",
  name: "Book Club",
  slug: "book-club",
  description: "",
  logoUrl: null,
  brandColor: null,
  memberCount: 3,
  viewerRole: "ADMIN" as const,
  viewerCapabilities: [],
  visibility: "PUBLIC" as const,
  pendingJoinRequests,
  timeZone: "UTC",
  nextEvent: null,
});

describe("pending join requests", () => {
  it("show as a count beside Members in the sidebar", async () => {
    const link = await sidebarMembersLink(3);
    expect(link.textContent?.trim()).toBe("Members3 join requests");
  });

  it("show nothing beside Members when none wait or the role does not review them", async () => {
    expect((await sidebarMembersLink(0)).textContent?.trim()).toBe("Members");
  });

  it("show on the community selection card", async () => {
    await renderInRouter(
      <CommunityPicker communities={[card(2), { ...card(null), id: "c2", name: "Chess" }]} />,
    );
    const [book, chess] = screen.getAllByRole("listitem");
    expect(book?.textContent).toContain("2 join requests waiting");
    expect(chess?.textContent).not.toContain("join request");
  });
});
