import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { SetMemberRolesDocument, type SetMemberRolesMutationVariables } from "#client/gql/graphql.ts";
import { communityFixture } from "#client/test-fixtures.ts";
import { api, graphqlError, server } from "#client/test-network.ts";
import {
  ADMIN_CAPABILITIES,
  type MemberRow,
  memberRow,
  membersPageHandlers,
  openMembersPage as open,
} from "./members-page-test-support.ts";

const member = (id: string, name: string, role: MemberRow["role"] = "MEMBER") =>
  memberRow(id, name, { role });

const owner = communityFixture({
  viewerRole: "OWNER",
  viewerCapabilities: [...ADMIN_CAPABILITIES, "MEMBERS_MANAGE_ADMINS"],
});

function membersServer(rows: MemberRow[]) {
  const changes: SetMemberRolesMutationVariables[] = [];
  server.use(
    ...membersPageHandlers({ members: () => rows }),
    api.mutation(SetMemberRolesDocument, ({ variables }) => {
      changes.push(variables);
      const ids = [variables.membershipIds ?? []].flat().map(String);
      const skipped = ids
        .filter((id) => rows.find((r) => r.id === id)?.role === "ADMIN")
        .map((membershipId) => ({ membershipId, reason: "FORBIDDEN" as const }));
      return HttpResponse.json({
        data: {
          setMemberRoles: { matched: ids.length, changed: ids.length - skipped.length, skipped },
        },
      });
    }),
  );
  return { changes };
}

describe("changing the role of the selected members", () => {
  it("offers an admin only member and organizer, sends the selection and says who was left as they were", async () => {
    const network = membersServer([member("m1", "Ada Guest"), member("m2", "Bo Guest", "ADMIN")]);
    const { user } = await open();
    const table = await screen.findByRole("table", { name: /Members/ });
    await user.click(within(table).getByRole("checkbox", { name: "Select Ada Guest" }));
    await user.click(within(table).getByRole("checkbox", { name: "Select Bo Guest" }));

    const picker = screen.getByLabelText("Role for the selected members");
    expect(
      within(picker)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Member", "Organizer"]);
    await user.selectOptions(picker, "ORGANIZER");
    await user.click(screen.getByRole("button", { name: "Change role" }));

    expect(
      await screen.findByText("1 member now has the role Organizer. Not changed: 1 is not yours to change."),
    ).toBeTruthy();
    expect(network.changes).toEqual([{ communityId: "c1", membershipIds: ["m1", "m2"], role: "ORGANIZER" }]);
  });

  it("offers the owner the admin role too", async () => {
    membersServer([member("m1", "Ada Guest")]);
    const { user } = await open(owner);
    const table = await screen.findByRole("table", { name: /Members/ });
    await user.click(within(table).getByRole("checkbox", { name: "Select Ada Guest" }));
    const picker = screen.getByLabelText("Role for the selected members");
    expect(
      within(picker)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Member", "Organizer", "Admin"]);
  });

  it("shows the server's refusal", async () => {
    membersServer([member("m1", "Ada Guest")]);
    server.use(
      api.mutation(SetMemberRolesDocument, () => graphqlError("FORBIDDEN", "Only the owner makes admins.")),
    );
    const { user } = await open();
    const table = await screen.findByRole("table", { name: /Members/ });
    await user.click(within(table).getByRole("checkbox", { name: "Select Ada Guest" }));
    await user.click(screen.getByRole("button", { name: "Change role" }));
    await waitFor(() => expect(screen.getByText(/FORBIDDEN/)).toBeTruthy());
  });
});
