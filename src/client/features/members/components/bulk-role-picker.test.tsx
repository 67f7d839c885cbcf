import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  InvitationsDocument,
  JoinRequestsDocument,
  MemberImportsDocument,
  MemberSegmentsDocument,
  MembersDocument,
  type MembersQuery,
  SetMemberRolesDocument,
  type SetMemberRolesMutationVariables,
} from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { communityFixture, eventDashboardHandlers } from "#client/test-fixtures.ts";
import { api, graphqlError, server } from "#client/test-network.ts";

type Member = MembersQuery["members"]["nodes"][number];

const member = (id: string, name: string, role: Member["role"] = "MEMBER"): Member => ({
  id,
  role,
  status: "ACTIVE",
  source: "JOINED",
  tags: [],
  joinedAt: "2026-02-01T10:00:00.000Z",
  eventsAttended: 2,
  checkIns: 1,
  lastActiveAt: "2026-03-01T10:00:00.000Z",
  person: { id: `u-${id}`, name, email: `${id}@example.test` },
});

const MANAGE = ["COMMUNITY_VIEW", "MEMBERS_VIEW", "MEMBERS_MANAGE", "EVENTS_MANAGE"] as const;
const admin = communityFixture({ viewerRole: "ADMIN", viewerCapabilities: [...MANAGE] });
const owner = communityFixture({
  viewerRole: "OWNER",
  viewerCapabilities: [...MANAGE, "MEMBERS_MANAGE_ADMINS"],
});

function membersServer(rows: Member[]) {
  const changes: SetMemberRolesMutationVariables[] = [];
  server.use(
    api.query(MembersDocument, () =>
      HttpResponse.json({
        data: {
          members: {
            totalCount: rows.length,
            totalCountCapped: false,
            pageInfo: { endCursor: null, hasNextPage: false },
            nodes: rows,
          },
        },
      }),
    ),
    api.query(MemberImportsDocument, () => HttpResponse.json({ data: { memberImports: [] } })),
    api.query(MemberSegmentsDocument, () => HttpResponse.json({ data: { memberSegments: [] } })),
    api.query(JoinRequestsDocument, () =>
      HttpResponse.json({
        data: { joinRequests: { totalCount: 0, endCursor: null, hasNextPage: false, nodes: [] } },
      }),
    ),
    api.query(InvitationsDocument, () => HttpResponse.json({ data: { invitations: [] } })),
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

const open = (community = admin) =>
  renderApp("/dashboard/c1/members", {
    signedInAs: adaUser,
    handlers: eventDashboardHandlers({ community, rows: () => [] }),
  });

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
