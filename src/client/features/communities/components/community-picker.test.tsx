// The community selection card names the next event, dated in the community's own time zone.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MyCommunitiesQuery } from "#client/gql/graphql.ts";
import { renderInRouter } from "#client/test-router.tsx";
import { CommunityPicker } from "./community-picker.tsx";

const card = (overrides: Partial<MyCommunitiesQuery["myCommunities"][number]>) => ({
  id: "c1",
  name: "Book Club",
  slug: "book-club",
  description: "",
  logoUrl: null,
  brandColor: null,
  memberCount: 3,
  viewerRole: "MEMBER" as const,
  viewerCapabilities: [],
  visibility: "PUBLIC" as const,
  pendingJoinRequests: null,
  timeZone: "Asia/Tokyo",
  nextEvent: null,
  ...overrides,
});

describe("community selection cards", () => {
  it("show the next event's title and its date in the community's time zone", async () => {
    await renderInRouter(
      <CommunityPicker
        communities={[
          card({ nextEvent: { id: "e1", title: "Haiku evening", startsAt: "2031-05-01T10:00:00.000Z" } }),
          card({ id: "c2", name: "Chess" }),
        ]}
      />,
    );
    const [book, chess] = screen.getAllByRole("listitem");
    expect(book?.textContent).toContain("Next: Haiku evening");
    // 10:00 UTC is 7 PM in Tokyo, whatever the viewer's own zone.
    expect(book?.querySelector("time")?.textContent).toMatch(/May 1, 2031.*7:00\sPM GMT\+9/);
    expect(chess?.textContent).not.toContain("Next:");
  });

  it("count one community in the singular", async () => {
    await renderInRouter(<CommunityPicker communities={[card({ memberCount: 1 })]} />);
    expect(screen.getByText("1 community")).toBeTruthy();
    expect(screen.queryByText(/1 communities/)).toBeNull();
    expect(screen.getByRole("listitem").textContent).toContain("1 member");
  });
});
