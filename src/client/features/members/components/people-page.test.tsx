import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  ApproveJoinRequestDocument,
  type Capability,
  DeclineJoinRequestDocument,
  type DeclineJoinRequestMutationVariables,
  InviteMembersDocument,
  type InviteMembersMutationVariables,
  MemberDocument,
  type MemberQuery,
  RevokeInvitationDocument,
  SetMemberRoleDocument,
  type SetMemberRoleMutationVariables,
  TransferOwnershipDocument,
} from "#client/gql/graphql.ts";
import { communityFixture } from "#client/test-fixtures.ts";
import { api, graphqlError, server } from "#client/test-network.ts";
import {
  ADMIN_CAPABILITIES as ADMIN,
  type InvitationFixture as Invitation,
  memberRow,
  membersPageHandlers,
  openMembersPage,
  type JoinRequestFixture as Request,
  type MemberRow as Row,
} from "./members-page-test-support.ts";

const row = (id: string, name: string, role: Row["role"] = "MEMBER") =>
  memberRow(id, name, { role, tags: ["volunteer"] });

const OWNER: Capability[] = [...ADMIN, "MEMBERS_MANAGE_ADMINS", "COMMUNITY_TRANSFER", "COMMUNITY_DELETE"];
const ORGANIZER: Capability[] = ["COMMUNITY_VIEW", "MEMBERS_VIEW", "EVENTS_MANAGE"];

const invitation = (id: string, email: string): Invitation => ({
  id,
  email,
  role: "MEMBER",
  status: "PENDING",
  sentAt: "2026-03-01T10:00:00.000Z",
  expiresAt: "2026-03-08T10:00:00.000Z",
});

const request: Request = {
  id: "r1",
  requestedAt: "2026-03-02T10:00:00.000Z",
  person: { id: "u-r1", name: "Bo Guest", email: "bo@example.test" },
  answers: [{ questionId: "q1", question: "Why do you want to join?", values: ["To meet people"] }],
};

/** The page's server: members, requests and invitations as given, recording each write. */
function peopleServer(options: { rows?: Row[]; invitations?: Invitation[]; requests?: Request[] } = {}) {
  let rows = options.rows ?? [row("m1", "Ada Guest")];
  let invitations = options.invitations ?? [];
  let requests = options.requests ?? [];
  const invited: InviteMembersMutationVariables[] = [];
  const declined: DeclineJoinRequestMutationVariables[] = [];
  const roles: SetMemberRoleMutationVariables[] = [];
  server.use(
    ...membersPageHandlers({
      members: () => rows,
      joinRequests: () => requests,
      invitations: () => invitations,
    }),
    api.query(MemberDocument, ({ variables }) => {
      const found = rows.find((r) => r.id === variables.id);
      if (!found) return graphqlError("NOT_FOUND");
      const member: MemberQuery["member"] = {
        ...found,
        eventsRegistered: 3,
        joinAnswers: [{ questionId: "q1", question: "Why do you want to join?", values: ["Music"] }],
        timeline: [
          {
            type: "member.role_changed",
            occurredAt: "2026-03-01T10:00:00.000Z",
            summary: "Role changed from member to organizer",
            actorName: "Olive Owner",
          },
        ],
      };
      return HttpResponse.json({ data: { member } });
    }),
    api.mutation(InviteMembersDocument, ({ variables }) => {
      invited.push(variables);
      const emails = [variables.emails].flat();
      invitations = [
        ...invitations,
        ...emails.filter((e) => e.includes("@")).map((e, i) => invitation(`i${i}`, e)),
      ];
      return HttpResponse.json({
        data: {
          inviteMembers: emails.map((email) => ({
            email,
            result: !email.includes("@") ? "INVALID" : email.startsWith("m1@") ? "ALREADY_MEMBER" : "INVITED",
          })),
        },
      });
    }),
    api.mutation(RevokeInvitationDocument, ({ variables }) => {
      invitations = invitations.filter((i) => i.id !== variables.id);
      return HttpResponse.json({
        data: { revokeInvitation: { id: String(variables.id), status: "REVOKED" } },
      });
    }),
    api.mutation(ApproveJoinRequestDocument, ({ variables }) => {
      const approved = requests.find((r) => r.id === variables.id);
      requests = requests.filter((r) => r.id !== variables.id);
      if (approved) rows = [...rows, row(approved.id, approved.person.name)];
      return HttpResponse.json({
        data: { approveJoinRequest: { id: String(variables.id), status: "ACTIVE" } },
      });
    }),
    api.mutation(DeclineJoinRequestDocument, ({ variables }) => {
      declined.push(variables);
      requests = requests.filter((r) => r.id !== variables.id);
      return HttpResponse.json({ data: { declineJoinRequest: true } });
    }),
    api.mutation(SetMemberRoleDocument, ({ variables }) => {
      roles.push(variables);
      rows = rows.map((r) => (r.id === variables.membershipId ? { ...r, role: variables.role } : r));
      return HttpResponse.json({
        data: { setMemberRole: { id: String(variables.membershipId), role: variables.role } },
      });
    }),
  );
  return { invited, declined, roles };
}

const open = (capabilities: Capability[]) =>
  openMembersPage(communityFixture({ viewerRole: "ADMIN", viewerCapabilities: capabilities }));

describe("inviting people", () => {
  it("sends pasted addresses with a role the viewer may grant and shows what happened to each", async () => {
    const network = peopleServer({ rows: [row("m1", "Ada Guest")] });
    const { user } = await open(ADMIN);
    await user.click(await screen.findByRole("button", { name: "Invite people" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite people" });
    const role = within(dialog).getByLabelText("Role") as HTMLSelectElement;
    // Admins manage members and organizers; only the owner makes admins.
    expect([...role.options].map((o) => o.value)).toEqual(["MEMBER", "ORGANIZER"]);

    await user.click(within(dialog).getByRole("button", { name: "Send invitations" }));
    expect(within(dialog).getByText("Add at least one email address.")).toBeTruthy();

    await user.click(within(dialog).getByLabelText("Email addresses"));
    await user.paste("cy@example.test, m1@example.test\nnot-an-address dee@example.test");
    await user.selectOptions(role, "ORGANIZER");
    await user.click(within(dialog).getByRole("button", { name: "Send invitations" }));

    const results = await within(dialog).findByRole("list", { name: "Invitation results" });
    expect(network.invited).toEqual([
      {
        communityId: "c1",
        emails: ["cy@example.test", "m1@example.test", "not-an-address", "dee@example.test"],
        role: "ORGANIZER",
      },
    ]);
    expect(within(dialog).getByText("2 invitations sent.")).toBeTruthy();
    expect(
      within(results)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "cy@example.testInvited",
      "m1@example.testAlready a member",
      "not-an-addressNot a valid address",
      "dee@example.testInvited",
    ]);
    await user.click(within(dialog).getByRole("button", { name: "Done" }));

    await user.click(screen.getByRole("tab", { name: /Invitations/ }));
    const pending = await screen.findByRole("list", { name: "Pending invitations" });
    expect(within(pending).getByText("cy@example.test")).toBeTruthy();
    await user.click(
      within(pending).getByRole("button", { name: "Revoke the invitation to cy@example.test" }),
    );
    await waitFor(() => expect(within(pending).queryByText("cy@example.test")).toBeNull());
    expect(within(pending).getByText("dee@example.test")).toBeTruthy();
  });

  it("offers the owner the admin role and keeps the addresses when the server refuses", async () => {
    peopleServer();
    server.use(
      api.mutation(InviteMembersDocument, () => graphqlError("RATE_LIMITED", "Too many invitations today.")),
    );
    const { user } = await open(OWNER);
    await user.click(await screen.findByRole("button", { name: "Invite people" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite people" });
    const role = within(dialog).getByLabelText("Role") as HTMLSelectElement;
    expect([...role.options].map((o) => o.value)).toEqual(["MEMBER", "ORGANIZER", "ADMIN"]);
    await user.type(within(dialog).getByLabelText("Email addresses"), "cy@example.test");
    await user.click(within(dialog).getByRole("button", { name: "Send invitations" }));
    expect(await within(dialog).findByText("Too many invitations today. (RATE_LIMITED)")).toBeTruthy();
    expect((within(dialog).getByLabelText("Email addresses") as HTMLTextAreaElement).value).toBe(
      "cy@example.test",
    );
  });

  it("does not offer invitations to organizers", async () => {
    peopleServer();
    await open(ORGANIZER);
    await screen.findByRole("table", { name: /Members/ });
    expect(screen.queryByRole("button", { name: "Invite people" })).toBeNull();
  });
});

describe("the join-request queue", () => {
  it("counts pending requests, shows the answers, approves one and declines another with a message", async () => {
    const second: Request = {
      ...request,
      id: "r2",
      person: { id: "u-r2", name: "Cy Guest", email: "cy@example.test" },
    };
    const network = peopleServer({ requests: [request, second] });
    const { user } = await open(ADMIN);
    const tab = await screen.findByRole("tab", { name: /Join requests.*2 pending/ });
    await user.click(tab);
    const queue = await screen.findByRole("list", { name: "Join requests" });
    expect(within(queue).getAllByText("To meet people")).toHaveLength(2);

    await user.click(within(queue).getByRole("button", { name: "Approve Bo Guest" }));
    expect(await screen.findByText("Bo Guest is now a member.")).toBeTruthy();
    await waitFor(() => expect(within(queue).queryByText("Bo Guest")).toBeNull());
    expect(screen.getByRole("tab", { name: /Join requests.*1 pending/ })).toBeTruthy();

    await user.click(within(queue).getByRole("button", { name: "Decline Cy Guest" }));
    const dialog = await screen.findByRole("dialog", { name: "Decline Cy Guest's request" });
    await user.type(within(dialog).getByLabelText("Message (optional)"), "We are full this season.");
    await user.click(within(dialog).getByRole("button", { name: "Decline request" }));
    expect(await screen.findByText("No one is waiting to join.")).toBeTruthy();
    expect(network.declined).toEqual([{ id: "r2", message: "We are full this season." }]);
  });

  it("lets organizers read the queue without deciding", async () => {
    peopleServer({ requests: [request] });
    const { user } = await open(ORGANIZER);
    await user.click(await screen.findByRole("tab", { name: /Join requests/ }));
    const queue = await screen.findByRole("list", { name: "Join requests" });
    expect(within(queue).getByText("Bo Guest")).toBeTruthy();
    expect(within(queue).queryByRole("button", { name: /Approve/ })).toBeNull();
  });
});

describe("the member drawer", () => {
  it("opens from a name with the member's details and changes their role", async () => {
    const network = peopleServer({ rows: [row("m1", "Ada Guest"), row("m2", "Bo Guest", "ADMIN")] });
    const { user } = await open(ADMIN);
    const table = await screen.findByRole("table", { name: /Members/ });
    await user.click(within(table).getByRole("button", { name: "Ada Guest" }));
    const drawer = await screen.findByRole("dialog", { name: "Ada Guest" });
    expect(await within(drawer).findByText("m1@example.test")).toBeTruthy();
    expect(within(drawer).getByText("Music")).toBeTruthy();
    expect(within(drawer).getByText("Events registered").nextElementSibling?.textContent).toBe("3");
    const timeline = within(drawer).getByRole("region", { name: "Timeline" });
    expect(within(timeline).getByRole("listitem").textContent).toMatch(
      /^Role changed from member to organizer by Olive Owner/,
    );

    await user.selectOptions(within(drawer).getByLabelText("Role"), "ORGANIZER");
    await user.click(within(drawer).getByRole("button", { name: "Change role" }));
    expect(await screen.findByText("Ada Guest is now organizer.")).toBeTruthy();
    expect(network.roles).toEqual([{ membershipId: "m1", role: "ORGANIZER" }]);
    await waitFor(() => expect(within(table).getAllByText("Organizer").length).toBeGreaterThan(0));

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(within(table).getByRole("button", { name: "Ada Guest" }));
    // An admin cannot act on another admin: the drawer shows no actions.
    await user.click(within(table).getByRole("button", { name: "Bo Guest" }));
    const other = await screen.findByRole("dialog", { name: "Bo Guest" });
    await within(other).findByText("m2@example.test");
    expect(within(other).queryByRole("button", { name: "Remove" })).toBeNull();
    expect(within(other).queryByRole("button", { name: "Transfer ownership" })).toBeNull();
  });

  it("asks the owner to confirm a transfer and shows the server's code when it fails", async () => {
    peopleServer({ rows: [row("m1", "Ada Guest")] });
    server.use(
      api.mutation(TransferOwnershipDocument, () => graphqlError("CONFLICT", "Ada Guest left meanwhile.")),
    );
    const { user } = await open(OWNER);
    const table = await screen.findByRole("table", { name: /Members/ });
    await user.click(within(table).getByRole("button", { name: "Ada Guest" }));
    const drawer = await screen.findByRole("dialog", { name: "Ada Guest" });
    await user.click(await within(drawer).findByRole("button", { name: "Transfer ownership" }));
    const confirm = await screen.findByRole("dialog", { name: "Transfer ownership?" });
    expect(confirm.textContent).toContain("you become an admin");
    await user.click(within(confirm).getByRole("button", { name: "Transfer ownership" }));
    expect(await screen.findByText("Ada Guest left meanwhile. (CONFLICT)")).toBeTruthy();
  });
});
