// Someone who signed up by phone has only a placeholder address (src/shared/phone.ts): organizers
// see their name, never that address, in the member table, its export, the join requests and an
// event's registrations.
import { expect, it } from "vitest";
import { serverWithTexts } from "#server/modules/auth/texting-server.test-support.ts";
import { createEvent, registerFor } from "#server/modules/events/events-test-support.ts";
import { communityWithOwner, join } from "#server/modules/membership/membership-test-support.ts";

const texting = serverWithTexts();

async function phoneSignUp(number: string, name: string) {
  const browser = texting.t.browser();
  await browser.post("/api/auth/phone-number/send-otp", { phoneNumber: number });
  const signedIn = await browser.post("/api/auth/phone-number/verify", {
    phoneNumber: number,
    code: await texting.twilio.codeFor(number),
  });
  expect(signedIn.status).toBe(200);
  expect((await browser.post("/api/auth/update-user", { name })).status).toBe(200);
  return browser;
}

it("shows organizers a phone sign-up's name and no placeholder address", async () => {
  const { communityId, owner } = await communityWithOwner(texting.t, { joinPolicy: "APPROVAL" });
  const pat = await phoneSignUp("+447400555321", "Pat Phone");
  const asked = await join(pat, communityId);
  expect(asked.data?.joinCommunity.status).toBe("PENDING");

  const requests = await owner.graphql<{
    joinRequests: { nodes: { person: { name: string; email: string } }[] };
  }>("query ($id: ID!) { joinRequests(communityId: $id) { nodes { person { name email } } } }", {
    id: communityId,
  });
  expect(requests.data?.joinRequests.nodes.map((node) => node.person)).toEqual([
    { name: "Pat Phone", email: "" },
  ]);

  const approved = await owner.graphql("mutation ($id: ID!) { approveJoinRequest(id: $id) { status } }", {
    id: asked.data?.joinCommunity.id,
  });
  expect(approved.errors).toBeUndefined();

  const table = await owner.graphql<{
    members: { nodes: { person: { name: string; email: string | null } }[] };
  }>("query ($id: ID!) { members(communityId: $id, first: 10) { nodes { person { name email } } } }", {
    id: communityId,
  });
  const people = table.data?.members.nodes.map((node) => node.person) ?? [];
  expect(people.find((person) => person.name === "Pat Phone")).toEqual({ name: "Pat Phone", email: "" });

  const exported = await owner.fetch(`/api/communities/${communityId}/members.csv`);
  expect(exported.status).toBe(200);
  const csv = await exported.text();
  expect(csv).toContain("Pat Phone");
  expect(csv).not.toContain("phone.invalid");

  const event = await createEvent(owner, communityId);
  const registered = await registerFor(pat, event.id);
  expect(registered.errors).toBeUndefined();
  const registrations = await owner.graphql<{
    eventRegistrations: { nodes: { person: { name: string; email: string } }[] };
  }>("query ($id: ID!) { eventRegistrations(eventId: $id) { nodes { person { name email } } } }", {
    id: event.id,
  });
  expect(registrations.data?.eventRegistrations.nodes.map((node) => node.person)).toEqual([
    { name: "Pat Phone", email: "" },
  ]);
  const list = await owner.fetch(`/api/events/${event.id}/registrations.csv`);
  expect(list.status).toBe(200);
  const listed = await list.text();
  expect(listed).toContain("Pat Phone");
  expect(listed).not.toContain("phone.invalid");
});
