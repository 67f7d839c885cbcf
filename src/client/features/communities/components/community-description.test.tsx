import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MarkdownContent } from "#client/components/ui/markdown-content.tsx";
import type { MyCommunitiesQuery } from "#client/gql/graphql.ts";
import { prepareMarkdown } from "#client/lib/server-markdown.ts";
import { renderInRouter } from "#client/test-router.tsx";
import { CommunityPicker } from "./community-picker.tsx";

const DESCRIPTION =
  "We **read** one book a month. [Our site](https://example.com) and [x](javascript&#58;alert(1))";

describe("community descriptions", () => {
  it("render as Markdown where the public page shows them, without scripting links", async () => {
    // As the community page's loader does: the renderer is loaded before the description shows.
    await prepareMarkdown(DESCRIPTION);
    await renderInRouter(<MarkdownContent source={DESCRIPTION} />);
    const bold = await screen.findByText("read");
    expect(bold.tagName).toBe("STRONG");
    expect(screen.getByRole("link", { name: "Our site" }).getAttribute("href")).toBe("https://example.com");
    expect(screen.queryByText(/\*\*read\*\*/)).toBeNull();
    for (const link of document.querySelectorAll("a[href]")) {
      expect(link.getAttribute("href")).not.toMatch(/^javascript/i);
    }
  });

  it("show as plain words on the community cards", async () => {
    const summary: MyCommunitiesQuery["myCommunities"][number] = {
      id: "c1",
      name: "Book Club",
      slug: "book-club",
      description: DESCRIPTION,
      logoUrl: null,
      brandColor: null,
      memberCount: 3,
      viewerRole: "OWNER",
      visibility: "PUBLIC",
    } as MyCommunitiesQuery["myCommunities"][number];
    await renderInRouter(<CommunityPicker communities={[summary]} />);
    const card = await screen.findByRole("link", { name: /Book Club/ });
    expect(card.textContent).toContain("We read one book a month. Our site and x");
    expect(card.textContent).not.toContain("**");
    expect(card.querySelector("a")).toBeNull();
  });
});
