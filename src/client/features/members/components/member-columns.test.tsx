// The member table shows the useful columns by default; the rest are chosen, and the choice is
// remembered in this browser.
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { server } from "#client/test-network.ts";
import {
  adminCommunity,
  memberRow,
  membersPageHandlers,
  openMembersPage,
} from "./members-page-test-support.ts";

afterEach(() => window.localStorage.clear());

const rows = [memberRow("m1", "Ada Guest", { tags: ["volunteer"] })];

async function openTable() {
  server.use(...membersPageHandlers({ members: () => rows, segments: () => [] }));
  const opened = await openMembersPage(adminCommunity, "/dashboard/c1/members");
  const table = await screen.findByRole("table", { name: /Members/ });
  const headers = () =>
    within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent?.trim());
  return { ...opened, table, headers };
}

describe("the member table's columns", () => {
  it("shows attendance and activity by default and leaves the source to be chosen", async () => {
    const { headers } = await openTable();
    expect(headers()).toEqual([
      "Select all members on this page",
      "Person",
      "Role",
      "Status",
      "Tags",
      "Joined",
      "Events attended",
      "Check-ins",
      "Last active",
    ]);
  });

  it("lets a person choose columns and remembers the choice after a reload", async () => {
    const { user, headers } = await openTable();
    await user.click(screen.getByRole("button", { name: "Columns" }));
    const chooser = screen.getByRole("group", { name: "Columns shown" });
    await user.click(within(chooser).getByRole("checkbox", { name: "Source" }));
    await user.click(within(chooser).getByRole("checkbox", { name: "Tags" }));
    expect(headers()).toContain("Source");
    expect(headers()).not.toContain("Tags");
    expect(within(chooser).queryByRole("checkbox", { name: "Plan" })).toBeNull();

    cleanup();
    const again = await openTable();
    expect(again.headers()).toContain("Source");
    expect(again.headers()).not.toContain("Tags");
  });
});
