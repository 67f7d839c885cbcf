// A dry run plans each past trigger as the agent would have planned it then, not against today's
// records: a join request a person decided since still waits, a tag a person added since is not
// there yet, a segment the member entered since does not hold them yet; and two triggers about
// the same person do not both plan the tag the first would have added.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agent as agentTable } from "#server/db/schema.ts";
import { createEvent, registerFor } from "#server/modules/events/events-test-support.ts";
import { communityWithOwner, join, person } from "#server/modules/membership/membership-test-support.ts";
import type { TestBrowser, TestServer } from "#server/test/harness.ts";
import { startTestServer } from "#server/test/harness.ts";
import {
  type AgentAction,
  type AgentDefinition,
  type AgentTrigger,
  DEFAULT_AGENT_LIMITS,
} from "#shared/agents.ts";
import { dryRunAgent } from "./agent-dry-run.service.ts";
import { agentDeps, seedSegment } from "./agent-plan.test-support.ts";

const HOUR = 60 * 60_000;

let t: TestServer;
let communityId: string;
let owner: TestBrowser;
let ownerId: string;
let adaMembershipId: string;
beforeAll(async () => {
  t = await startTestServer();
  const setup = await communityWithOwner(t, { joinPolicy: "APPROVAL" });
  communityId = setup.communityId;
  owner = setup.owner;
  ownerId = setup.ownerUser.id;

  // Ada and Bo ask to join; the owner approves Ada and declines Bo by hand.
  const ada = await person(t, "ada", "Ada Lovelace");
  const bo = await person(t, "bo", "Bo Brown");
  const adaAsked = await join(ada.browser, communityId);
  const boAsked = await join(bo.browser, communityId);
  adaMembershipId = adaAsked.data?.joinCommunity.id as string;
  const approved = await owner.graphql("mutation ($id: ID!) { approveJoinRequest(id: $id) { id } }", {
    id: adaMembershipId,
  });
  expect(approved.errors).toBeUndefined();
  const declined = await owner.graphql("mutation ($id: ID!) { declineJoinRequest(id: $id) }", {
    id: boAsked.data?.joinCommunity.id,
  });
  expect(declined.errors).toBeUndefined();

  // Ada registers for two events, then the owner tags her "new" and "regular".
  for (const title of ["Loom night", "Punch cards"]) {
    const event = await createEvent(owner, communityId, { title });
    expect((await registerFor(ada.browser, event.id)).errors).toBeUndefined();
  }
  const tagged = await owner.graphql(
    'mutation ($c: ID!, $ids: [ID!]) { tagMembers(communityId: $c, membershipIds: $ids, add: ["new", "regular"]) { __typename } }',
    { c: communityId, ids: [adaMembershipId] },
  );
  expect(tagged.errors).toBeUndefined();
  await t.drain();
});
afterAll(() => t.close());

async function dryRun(
  trigger: AgentTrigger,
  actions: AgentAction[],
  conditions: AgentDefinition["conditions"] = {},
) {
  const definition: AgentDefinition = {
    trigger,
    conditions,
    actions,
    approvalMode: "act",
    limits: DEFAULT_AGENT_LIMITS,
  };
  const id = randomUUID();
  const at = new Date();
  await t.server.database.db.insert(agentTable).values({
    id,
    communityId,
    name: "Helper",
    definition,
    approvalMode: "act",
    status: "off",
    createdBy: ownerId,
    createdAt: at,
    updatedAt: at,
  });
  const result = await dryRunAgent(agentDeps(t), {
    agent: { id, communityId, name: "Helper", definition, webhookSecret: null },
    definition,
    from: new Date(Date.now() - HOUR),
    to: new Date(Date.now() + HOUR),
    requestedBy: ownerId,
  });
  return result.runs.map((run) => run.skipped ?? run.steps.map((step) => step.summary).join(" + "));
}

describe("dry run on past data", () => {
  it("decides the join requests that were waiting then, though a person decided them since", async () => {
    expect(
      await dryRun({ kind: "join_requested" }, [{ kind: "decide_join_request", decision: "approve" }]),
    ).toEqual(["Approve Ada Lovelace’s request to join", "Approve Bo Brown’s request to join"]);
  });

  it("adds the tag a person added since, once per person, and checks the segment as it stood", async () => {
    expect(await dryRun({ kind: "member_joined" }, [{ kind: "add_tag", tag: "new" }])).toEqual([
      "Tag Ada Lovelace “new”",
    ]);
    // Two registrations by Ada: the first would have tagged her, so the second finds the tag there.
    expect(await dryRun({ kind: "registration_created" }, [{ kind: "add_tag", tag: "regular" }])).toEqual([
      "Tag Ada Lovelace “regular”",
      "Nothing to do: no one to reach and nothing to change.",
    ]);
    // Ada is in the "new" segment today, but was not when she joined.
    const segmentId = await seedSegment(t, communityId, { tags: ["new"] });
    expect(
      await dryRun(
        { kind: "member_joined" },
        [{ kind: "notify_admins", message: "Welcome {{member.name}}" }],
        {
          segmentId,
        },
      ),
    ).toEqual(["Ada Lovelace is not in the segment."]);
    // Mailing the segment when Ada joined: nobody was in it then.
    const mailed = await dryRun({ kind: "member_joined" }, [
      { kind: "email", to: "segment", segmentId, subject: "Hello", body: "Hi" },
    ]);
    expect(mailed).toEqual(["Nothing to do: no one to reach and nothing to change."]);
  });

  it("mails a segment as it stood at each event's publication", async () => {
    const segmentId = await seedSegment(t, communityId, { tags: ["regular"] });
    await createEvent(owner, communityId, { title: "Difference engine" });
    // The first two events came out before Ada was tagged, the third after.
    expect(
      await dryRun({ kind: "event_published" }, [
        { kind: "email", to: "segment", segmentId, subject: "New: {{event.title}}", body: "{{event.link}}" },
      ]),
    ).toEqual([
      "Nothing to do: no one to reach and nothing to change.",
      "Nothing to do: no one to reach and nothing to change.",
      "Email “New: Difference engine” to 1 member of the segment",
    ]);
  });
});
