// Invitations: pasting many addresses, the mail and its link, accepting once, expiry, revoke,
// resend (the old link stops working) and the wrong account.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { domainEvent, invitation } from "#server/db/schema.ts";
import { startTestServer, type TestServer } from "#server/test/harness.ts";
import { INVITE_SENDS } from "./invitations.service.ts";
import {
  accept,
  communityWithOwner,
  invitationTokenIn,
  invite,
  join,
  lastMailTo,
  person,
} from "./membership-test-support.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;

async function invited(role = "MEMBER") {
  const setup = await communityWithOwner(t, { joinPolicy: "INVITE", visibility: "PRIVATE" });
  const guest = await person(t, "invitee");
  const sent = await invite(setup.owner, setup.communityId, [guest.email.toUpperCase()], role);
  expect(sent.data?.inviteMembers[0]).toMatchObject({ email: guest.email, result: "INVITED" });
  const mail = await lastMailTo(t, guest.email);
  expect(mail?.subject).toBe(`You're invited to join Community ${setup.slug}`);
  return {
    ...setup,
    guest,
    invitationId: sent.data?.inviteMembers[0]?.invitation?.id as string,
    token: invitationTokenIn(mail?.text ?? ""),
  };
}

describe("invitations", () => {
  it("answers each pasted address: invited, already a member, banned or invalid", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const member = await person(t, "member");
    await join(member.browser, communityId);
    const outcast = await person(t, "outcast");
    const joined = await join(outcast.browser, communityId);
    await owner.graphql("mutation ($id: ID!) { banMember(membershipId: $id) { id } }", {
      id: joined.data?.joinCommunity.id,
    });
    const result = await invite(owner, communityId, [
      "new.person@example.test",
      member.email,
      outcast.email,
      "not an address",
      "new.person@example.test",
    ]);
    expect(result.data?.inviteMembers.map((o) => [o.email, o.result])).toEqual([
      ["new.person@example.test", "INVITED"],
      [member.email, "ALREADY_MEMBER"],
      [outcast.email, "BANNED"],
      ["not an address", "INVALID"],
    ]);
    const pending = await owner.graphql<{ invitations: { email: string; status: string; role: string }[] }>(
      "query ($id: ID!) { invitations(communityId: $id) { email status role } }",
      { id: communityId },
    );
    expect(pending.data?.invitations).toEqual([
      { email: "new.person@example.test", status: "PENDING", role: "MEMBER" },
    ]);
    const tokens = await t.server.database.db.select({ hash: invitation.tokenHash }).from(invitation);
    const mail = await lastMailTo(t, "new.person@example.test");
    const token = invitationTokenIn(mail?.text ?? "");
    expect(tokens.map((row) => row.hash)).not.toContain(token);
  });

  it("the link makes the invited person a member with the role, once", async () => {
    const { guest, token, communityId, slug } = await invited("ORGANIZER");
    const preview = await t
      .browser()
      .graphql<{ invitation: Record<string, unknown> }>(
        "query ($token: String!) { invitation(token: $token) { email role status community { name } } }",
        { token },
      );
    expect(preview.data?.invitation).toEqual({
      email: guest.email,
      role: "ORGANIZER",
      status: "PENDING",
      community: { name: `Community ${slug}` },
    });
    const accepted = await accept(guest.browser, token);
    expect(accepted.data?.acceptInvitation).toMatchObject({ role: "ORGANIZER", status: "ACTIVE" });
    const mine = await guest.browser.graphql<{ community: { viewerRole: string } }>(
      "query ($id: ID!) { community(id: $id) { viewerRole } }",
      { id: communityId },
    );
    expect(mine.data?.community.viewerRole).toBe("ORGANIZER");
    const again = await accept(guest.browser, token);
    expect(again.errors?.[0]?.extensions?.code).toBe("INVITATION_USED");
    const entries = await t.server.database.db
      .select({ type: domainEvent.type })
      .from(domainEvent)
      .where(eq(domainEvent.communityId, communityId));
    expect(entries.map((e) => e.type)).toEqual([
      "community.created",
      "member.joined",
      "member.invited",
      "member.joined",
    ]);
  });

  it("expires after seven days", async () => {
    const { guest, token } = await invited();
    t.clock.advance(7 * DAY + 60_000);
    try {
      const late = await accept(guest.browser, token);
      expect(late.errors?.[0]?.extensions?.code).toBe("INVITATION_EXPIRED");
    } finally {
      t.clock.advance(-(7 * DAY + 60_000));
    }
  });

  it("a revoked invitation opens nothing", async () => {
    const { owner, guest, token, invitationId } = await invited();
    const revoked = await owner.graphql<{ revokeInvitation: { status: string } }>(
      "mutation ($id: ID!) { revokeInvitation(id: $id) { status } }",
      { id: invitationId },
    );
    expect(revoked.data?.revokeInvitation.status).toBe("REVOKED");
    expect((await accept(guest.browser, token)).errors?.[0]?.extensions?.code).toBe("INVITATION_REVOKED");
  });

  it("resending sends a new link for a new week; the old link stops working", async () => {
    const { owner, guest, token, invitationId } = await invited();
    t.clock.advance(6 * DAY);
    try {
      const resent = await owner.graphql("mutation ($id: ID!) { resendInvitation(id: $id) { id } }", {
        id: invitationId,
      });
      expect(resent.errors).toBeUndefined();
      const mail = await lastMailTo(t, guest.email);
      const fresh = invitationTokenIn(mail?.text ?? "");
      expect(fresh).not.toBe(token);
      expect((await accept(guest.browser, token)).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
      t.clock.advance(3 * DAY);
      expect((await accept(guest.browser, fresh)).data?.acceptInvitation.status).toBe("ACTIVE");
    } finally {
      t.clock.advance(-9 * DAY);
    }
  });

  it("another signed-in account cannot use someone else's invitation", async () => {
    const { token, communityId } = await invited();
    const other = await person(t, "other");
    const wrong = await accept(other.browser, token);
    expect(wrong.errors?.[0]?.extensions?.code).toBe("INVITATION_WRONG_ACCOUNT");
    expect(wrong.errors?.[0]?.message).toContain("Sign out and sign in with that address");
    const theirs = await other.browser.graphql("query ($id: ID!) { community(id: $id) { id } }", {
      id: communityId,
    });
    expect(theirs.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  it("admins invite members and organizers but not admins; the owner invites admins", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    const admin = await person(t, "admin");
    const adminInvite = await invite(owner, communityId, [admin.email], "ADMIN");
    const mail = await lastMailTo(t, admin.email);
    expect(adminInvite.data?.inviteMembers[0]?.result).toBe("INVITED");
    await accept(admin.browser, invitationTokenIn(mail?.text ?? ""));
    expect(
      (await invite(admin.browser, communityId, ["x@example.test"], "ORGANIZER")).errors,
    ).toBeUndefined();
    const refused = await invite(admin.browser, communityId, ["y@example.test"], "ADMIN");
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const owners = await invite(owner, communityId, ["z@example.test"], "OWNER");
    expect(owners.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("stops a community sending invitations in a flood", async () => {
    const { owner, communityId } = await communityWithOwner(t);
    for (let i = 0; i < INVITE_SENDS.max; i++) {
      expect((await invite(owner, communityId, [`flood-${i}@example.test`])).errors).toBeUndefined();
    }
    const refused = await invite(owner, communityId, ["one-more@example.test"]);
    expect(refused.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
  });
});
