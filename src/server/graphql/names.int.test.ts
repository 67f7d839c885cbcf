import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCommunity, eventInput, quickSignIn } from "#server/modules/events/events-test-support.ts";
import type { TestBrowser, TestServer } from "#server/test/harness.ts";
import { startTestServer } from "#server/test/harness.ts";

let t: TestServer;
let owner: TestBrowser;
let communityId: string;
let eventId: string;

beforeAll(async () => {
  t = await startTestServer();
  owner = (await quickSignIn(t, "Nia Names")).browser;
  communityId = await createCommunity(owner, "Name Rules");
  const created = await owner.graphql<{ createEvent: { id: string } }>(
    "mutation ($c: ID!, $input: EventInput!) { createEvent(communityId: $c, input: $input, publish: true) { id } }",
    { c: communityId, input: eventInput() },
  );
  expect(created.errors).toBeUndefined();
  eventId = created.data?.createEvent.id as string;
});
afterAll(() => t.close());

/** A page title with a forged second line, a name reversed on screen, and a look-alike. */
const SPOOFS = ["Spring meetup\nFree entry: pay at evil.test", "Runners \u202Egnp.exe", "Com\u200Bmons"];

type Result = { errors?: { extensions?: { code?: string; fields?: { field: string; code: string }[] } }[] };
const fieldCodes = (result: Result) =>
  result.errors?.[0]?.extensions?.fields?.map((f) => [f.field, f.code]) ??
  result.errors?.[0]?.extensions?.code;

const slug = () => `names-${Math.random().toString(36).slice(2, 8)}`;

/** Each write that takes a one-line name, with the field the refusal names. */
const WRITES: { label: string; field: string; send: (value: string) => Promise<Result> }[] = [
  {
    label: "community name (create)",
    field: "name",
    send: (name) =>
      owner.graphql("mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }", {
        input: {
          name,
          slug: slug(),
          timeZone: "Europe/Berlin",
          currency: "EUR",
          visibility: "PUBLIC",
          joinPolicy: "OPEN",
        },
      }),
  },
  {
    label: "community name (settings)",
    field: "name",
    send: (name) =>
      owner.graphql(
        "mutation ($id: ID!, $input: UpdateCommunityInput!) { updateCommunity(id: $id, input: $input) { id } }",
        {
          id: communityId,
          input: { name },
        },
      ),
  },
  {
    label: "event title",
    field: "title",
    send: (title) =>
      owner.graphql(
        "mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { id } }",
        {
          id: eventId,
          input: eventInput({ title }),
        },
      ),
  },
  {
    label: "venue name",
    field: "venueName",
    send: (venueName) =>
      owner.graphql(
        "mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { id } }",
        {
          id: eventId,
          input: eventInput({ venueName }),
        },
      ),
  },
  {
    label: "ticket type name",
    field: "ticketTypes.0.name",
    send: (name) =>
      owner.graphql(
        "mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { id } }",
        {
          id: eventId,
          input: eventInput({ ticketTypes: [{ name }] }),
        },
      ),
  },
  {
    label: "question label",
    field: "questions.0.label",
    send: (label) =>
      owner.graphql(
        "mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { id } }",
        {
          id: eventId,
          input: eventInput({ questions: [{ kind: "SHORT_TEXT", label, required: false }] }),
        },
      ),
  },
  {
    label: "question option",
    field: "questions.0.options",
    send: (option) =>
      owner.graphql(
        "mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { id } }",
        {
          id: eventId,
          input: eventInput({
            questions: [{ kind: "SINGLE_CHOICE", label: "Size", options: ["S", option], required: false }],
          }),
        },
      ),
  },
  {
    label: "plan name",
    field: "name",
    send: (name) =>
      owner.graphql(
        "mutation ($c: ID!, $input: MembershipPlanInput!) { createMembershipPlan(communityId: $c, input: $input) { id } }",
        {
          c: communityId,
          input: {
            name,
            interval: "FREE",
            membersOnlyEvents: false,
            memberPrices: false,
            approvalRequired: false,
          },
        },
      ),
  },
  {
    label: "segment name",
    field: "name",
    send: (name) =>
      owner.graphql(
        "mutation ($c: ID!, $name: String!) { saveMemberSegment(communityId: $c, name: $name, filter: {}) { id } }",
        { c: communityId, name },
      ),
  },
  {
    label: "member tag",
    field: "add",
    send: (tag) =>
      owner.graphql(
        "mutation ($c: ID!, $add: [String!]) { tagMembers(communityId: $c, add: $add, filter: {}) { __typename } }",
        { c: communityId, add: [tag] },
      ),
  },
  {
    label: "announcement subject",
    field: "subject",
    send: (subject) =>
      owner.graphql(
        "mutation ($c: ID!, $input: SendAnnouncementInput!) { sendAnnouncement(communityId: $c, input: $input) { id } }",
        { c: communityId, input: { subject, body: "Hello.", audience: { all: true } } },
      ),
  },
  {
    label: "message to registrants' subject",
    field: "subject",
    send: (subject) =>
      owner.graphql(
        "mutation ($e: ID!, $input: MessageRegistrantsInput!) { messageRegistrants(eventId: $e, input: $input) }",
        { e: eventId, input: { subject, body: "Hello." } },
      ),
  },
];

describe("one-line names refuse line breaks, direction overrides and invisible characters", () => {
  for (const write of WRITES) {
    it(`refuses them in the ${write.label} with INVALID_CHARACTERS`, async () => {
      for (const value of SPOOFS) {
        expect({ value, refusal: fieldCodes(await write.send(value)) }).toEqual({
          value,
          refusal: [[write.field, "INVALID_CHARACTERS"]],
        });
      }
    });
  }

  it("still takes names in any script, with emoji", async () => {
    for (const write of WRITES.slice(0, 6)) {
      const result = await write.send("Café 東京 👨\u200D👩\u200D👧");
      expect({ label: write.label, errors: result.errors }).toEqual({
        label: write.label,
        errors: undefined,
      });
    }
  });

  it("refuses a community name over the limit instead of cutting it", async () => {
    const result = await WRITES[0]?.send("a".repeat(81));
    expect(result && fieldCodes(result)).toEqual([["name", "TOO_LONG"]]);
  });
});
