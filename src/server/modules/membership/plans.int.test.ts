import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  createEvent,
  quickSignIn,
  registerFor,
} from "#server/modules/events/events-test-support.ts";
import { auditTrail } from "#server/modules/log/log.audit.ts";
import { completeOnboarding } from "#server/modules/payments/onboarding-test-support.ts";
import { type PaymentsWorld, startPaymentsServer } from "#server/modules/payments/payments-test-support.ts";
import type { TestBrowser, TestServer } from "#server/test/harness.ts";
import { communityWithOwner } from "./membership-test-support.ts";
import {
  archivePlanAs,
  communityPage,
  createPlanAs,
  errorCode,
  fieldErrors,
  joinWithPlan,
  managedPlansOf,
  plan,
  updatePlanAs,
} from "./plans-test-support.ts";

let world: PaymentsWorld;
let t: TestServer;
let owner: TestBrowser;
let communityId: string;
let slug: string;

beforeAll(async () => {
  world = await startPaymentsServer();
  t = world.t;
  const made = await communityWithOwner(t);
  owner = made.owner;
  communityId = made.communityId;
  slug = made.slug;
});
afterAll(() => world.close());

const communityPageById = async (browser: TestBrowser, id: string) =>
  (
    await browser.graphql<{ community: { slug: string } }>(
      "query ($id: ID!) { community(id: $id) { slug } }",
      { id },
    )
  ).data?.community;

const approve = (browser: TestBrowser, id: string) =>
  browser.graphql<{ approveJoinRequest: { id: string; status: string; planStatus: string } }>(
    "mutation ($id: ID!) { approveJoinRequest(id: $id) { id status planStatus } }",
    { id },
  );

describe("membership plans", () => {
  it("makes a free plan at once and a priced one only once the community takes payments, in its currency and order", async () => {
    const free = await plan(owner, communityId, {
      name: "  Friends ",
      description: "Come along to everything public.",
      interval: "FREE",
      priceMinor: 500,
      membersOnlyEvents: false,
      memberPrices: false,
    });
    expect(free).toMatchObject({
      name: "Friends",
      priceMinor: 0,
      currency: "EUR",
      interval: "FREE",
      membersOnlyEvents: false,
      memberPrices: false,
      approvalRequired: false,
      archived: false,
      position: 0,
    });

    const refused = await createPlanAs(owner, communityId, {
      name: "Supporter",
      interval: "MONTH",
      priceMinor: 1200,
    });
    expect(errorCode(refused)).toBe("PAYMENTS_NOT_CONNECTED");
    expect(fieldErrors(refused)).toEqual([["priceMinor", "PAYMENTS_NOT_CONNECTED"]]);

    await completeOnboarding(owner, communityId);
    const monthly = await plan(owner, communityId, {
      name: "Supporter",
      interval: "MONTH",
      priceMinor: 1200,
    });
    expect(monthly).toMatchObject({ priceMinor: 1200, interval: "MONTH", position: 1 });
    const page = await communityPage(t.browser(), slug);
    expect(page.data?.communityBySlug?.plans.map((p) => p.name)).toEqual(["Friends", "Supporter"]);
  });

  it("names each wrong field and its code", async () => {
    const blank = await createPlanAs(owner, communityId, { name: "  ", interval: "MONTH", priceMinor: 0 });
    expect(errorCode(blank)).toBe("BAD_USER_INPUT");
    expect(fieldErrors(blank)).toEqual([
      ["name", "REQUIRED"],
      ["priceMinor", "INVALID_AMOUNT"],
    ]);
    const long = await createPlanAs(owner, communityId, {
      name: "x".repeat(81),
      description: "y".repeat(2001),
      interval: "YEAR",
      priceMinor: 100_000_000,
    });
    expect(fieldErrors(long)).toEqual([
      ["name", "TOO_LONG"],
      ["description", "TOO_LONG"],
      ["priceMinor", "PRICE_TOO_LARGE"],
    ]);
  });

  it("lets only admins and the owner manage plans", async () => {
    const target = await plan(owner, communityId, { name: "Patron", interval: "FREE" });
    const admin = await quickSignIn(t, "Ada Admin");
    await addMember(t, communityId, admin.id, "admin");
    const organizer = await quickSignIn(t, "Otto Organizer");
    await addMember(t, communityId, organizer.id, "organizer");
    const stranger = await quickSignIn(t, "Sam Stranger");

    expect(
      (await createPlanAs(admin.browser, communityId, { name: "By admin", interval: "FREE" })).errors,
    ).toBeUndefined();
    expect(
      errorCode(await createPlanAs(organizer.browser, communityId, { name: "No", interval: "FREE" })),
    ).toBe("FORBIDDEN");
    expect(
      errorCode(await updatePlanAs(organizer.browser, target.id, { name: "No", interval: "FREE" })),
    ).toBe("FORBIDDEN");
    expect(errorCode(await archivePlanAs(organizer.browser, target.id))).toBe("FORBIDDEN");
    // Organizers read the plans (the member table filters by them) but change none.
    expect(
      (await managedPlansOf(organizer.browser, communityId)).data?.membershipPlans.length,
    ).toBeGreaterThan(0);
    const member = await quickSignIn(t, "Mo Member");
    await addMember(t, communityId, member.id, "member");
    expect(errorCode(await managedPlansOf(member.browser, communityId))).toBe("FORBIDDEN");
    expect(
      errorCode(await createPlanAs(stranger.browser, communityId, { name: "No", interval: "FREE" })),
    ).toBe("NOT_FOUND");
    expect(errorCode(await archivePlanAs(stranger.browser, target.id))).toBe("NOT_FOUND");
    expect(errorCode(await managedPlansOf(t.browser(), communityId))).toBe("UNAUTHENTICATED");
  });

  it("changes and archives a plan: archived plans leave the page but stay listed for admins, and are logged", async () => {
    const target = await plan(owner, communityId, { name: "Old friends", interval: "FREE" });
    const changed = await updatePlanAs(owner, target.id, {
      name: "Old friends club",
      interval: "YEAR",
      priceMinor: 5000,
      approvalRequired: true,
    });
    expect(changed.data?.updateMembershipPlan).toMatchObject({
      name: "Old friends club",
      interval: "YEAR",
      priceMinor: 5000,
      approvalRequired: true,
    });
    const archived = await archivePlanAs(owner, target.id);
    expect(archived.data?.archiveMembershipPlan.archived).toBe(true);
    const offered = (await communityPage(t.browser(), slug)).data?.communityBySlug?.plans ?? [];
    expect(offered.map((p) => p.id)).not.toContain(target.id);
    const all = (await managedPlansOf(owner, communityId)).data?.membershipPlans ?? [];
    expect(all.find((p) => p.id === target.id)).toMatchObject({ archived: true });
    const joiner = await quickSignIn(t, "Ada Guest");
    const late = await joinWithPlan(joiner.browser, communityId, target.id);
    expect(fieldErrors(late)).toEqual([["planId", "PLAN_UNAVAILABLE"]]);

    const trail = (await auditTrail(t.server.database.db, communityId)).filter(
      (entry) => entry.target === `plan:${target.id}`,
    );
    expect(trail.map((entry) => entry.action)).toEqual([
      "membership_plan.created",
      "membership_plan.updated",
      "membership_plan.archived",
    ]);
    expect(trail[1]?.after).toMatchObject({ name: "Old friends club", priceMinor: 5000, interval: "year" });
  });
});

describe("joining with a plan", () => {
  it("asks for a plan where plans are offered, joins a free one at once and sends a priced one to checkout", async () => {
    const { owner: host, communityId: club } = await communityWithOwner(t);
    await completeOnboarding(host, club);
    const free = await plan(host, club, { name: "Free", interval: "FREE" });
    const monthly = await plan(host, club, { name: "Monthly", interval: "MONTH", priceMinor: 900 });
    const ada = await quickSignIn(t, "Ada Guest");

    expect(fieldErrors(await joinWithPlan(ada.browser, club, null))).toEqual([["planId", "REQUIRED"]]);
    const paid = await joinWithPlan(ada.browser, club, monthly.id);
    expect(errorCode(paid)).toBe("PAYMENT_REQUIRED");
    const joined = await joinWithPlan(ada.browser, club, free.id);
    expect(joined.data?.joinCommunity).toMatchObject({
      status: "ACTIVE",
      planStatus: "ACTIVE",
      plan: { id: free.id, name: "Free" },
    });
    // Registering for a public event joins an open community on the side, but not one offering plans.
    const event = await createEvent(host, club, { visibility: "PUBLIC" });
    const bea = await quickSignIn(t, "Bea Guest");
    expect((await registerFor(bea.browser, event.id)).errors).toBeUndefined();
    const clubSlug = (await communityPageById(host, club))?.slug as string;
    expect((await communityPage(bea.browser, clubSlug)).data?.communityBySlug?.viewerMembership).toBeNull();
    const started = (await auditTrail(t.server.database.db, club)).filter(
      (e) => e.action === "membership.started",
    );
    expect(started.map((e) => e.after)).toEqual([{ plan: "Free", planStatus: "active" }]);
  });

  it("files a request for a plan an admin approves first, charges nothing before, and starts a free one on approval", async () => {
    const { owner: host, communityId: club } = await communityWithOwner(t);
    await completeOnboarding(host, club);
    const vetted = await plan(host, club, { name: "Vetted", interval: "FREE", approvalRequired: true });
    const patron = await plan(host, club, {
      name: "Patron",
      interval: "YEAR",
      priceMinor: 12000,
      approvalRequired: true,
    });
    const ada = await quickSignIn(t, "Ada Guest");
    const bea = await quickSignIn(t, "Bea Guest");

    const asked = await joinWithPlan(ada.browser, club, vetted.id);
    expect(asked.data?.joinCommunity).toMatchObject({ status: "PENDING", planStatus: "REQUESTED" });
    const askedPaid = await joinWithPlan(bea.browser, club, patron.id);
    expect(askedPaid.data?.joinCommunity).toMatchObject({ status: "PENDING", planStatus: "REQUESTED" });
    expect(world.standin.events().filter((e) => e.event.type === "checkout.session.created")).toEqual([]);

    const freeApproved = await approve(host, asked.data?.joinCommunity.id as string);
    expect(freeApproved.data?.approveJoinRequest).toMatchObject({ status: "ACTIVE", planStatus: "ACTIVE" });
    const paidApproved = await approve(host, askedPaid.data?.joinCommunity.id as string);
    expect(paidApproved.data?.approveJoinRequest).toMatchObject({
      status: "ACTIVE",
      planStatus: "AWAITING_PAYMENT",
    });
    expect(world.standin.events().map((e) => e.event.type)).not.toContain("checkout.session.completed");
  });
});

describe("plan benefits", () => {
  it("gives a plan's holders what it gives, members without a plan what members had, and follows changes of the plan", async () => {
    const { owner: host, communityId: club } = await communityWithOwner(t);
    await completeOnboarding(host, club);
    const basic = await plan(host, club, {
      name: "Basic",
      interval: "FREE",
      membersOnlyEvents: false,
      memberPrices: false,
    });
    const event = await createEvent(host, club, {
      visibility: "MEMBERS",
      ticketTypes: [{ name: "Standard", priceMinor: 2000, memberPriceMinor: 1000 }],
    });
    const holder = await quickSignIn(t, "Ada Guest");
    expect((await joinWithPlan(holder.browser, club, basic.id)).errors).toBeUndefined();
    const legacy = await quickSignIn(t, "Lee Legacy");
    await addMember(t, club, legacy.id, "member");

    const priceSeenBy = async (browser: TestBrowser) => {
      const result = await browser.graphql<{ event: { ticketTypes: { viewerPriceMinor: number }[] } }>(
        "query ($id: ID!) { event(id: $id) { ticketTypes { viewerPriceMinor } } }",
        { id: event.id },
      );
      return result.errors
        ? (result.errors[0]?.extensions?.code as string)
        : result.data?.event.ticketTypes[0]?.viewerPriceMinor;
    };
    const listed = async (browser: TestBrowser) => {
      const result = await browser.graphql<{ events: { nodes: { id: string }[] } }>(
        "query ($id: ID!) { events(communityId: $id, filter: UPCOMING) { nodes { id } } }",
        { id: club },
      );
      return result.data?.events.nodes.map((n) => n.id).includes(event.id);
    };
    expect(await priceSeenBy(legacy.browser)).toBe(1000);
    expect(await listed(legacy.browser)).toBe(true);
    expect(await priceSeenBy(holder.browser)).toBe("NOT_FOUND");
    expect(await listed(holder.browser)).toBe(false);

    await updatePlanAs(host, basic.id, {
      name: "Basic",
      interval: "FREE",
      membersOnlyEvents: true,
      memberPrices: true,
    });
    expect(await priceSeenBy(holder.browser)).toBe(1000);
    expect(await listed(holder.browser)).toBe(true);
  });
});

describe("the member table's plans", () => {
  it("shows each member's plan and where they stand with it, and filters by plan and by plan status", async () => {
    const { owner: host, communityId: club } = await communityWithOwner(t);
    const friends = await plan(host, club, { name: "Friends", interval: "FREE" });
    const vetted = await plan(host, club, { name: "Vetted", interval: "FREE", approvalRequired: true });
    const ada = await quickSignIn(t, "Ada Guest");
    await joinWithPlan(ada.browser, club, friends.id);
    const bea = await quickSignIn(t, "Bea Guest");
    await joinWithPlan(bea.browser, club, vetted.id);
    const lee = await quickSignIn(t, "Lee Legacy");
    await addMember(t, club, lee.id, "member");

    const table = async (filter: Record<string, unknown>) => {
      const result = await host.graphql<{
        members: {
          totalCount: number;
          nodes: { person: { name: string }; planStatus: string | null; plan: { name: string } | null }[];
        };
      }>(
        "query ($id: ID!, $filter: MemberFilter) { members(communityId: $id, filter: $filter) { totalCount nodes { person { name } planStatus plan { name } } } }",
        { id: club, filter },
      );
      expect(result.errors).toBeUndefined();
      return result.data?.members;
    };
    const everyone = await table({});
    expect(
      Object.fromEntries(
        (everyone?.nodes ?? []).map((n) => [n.person.name, [n.plan?.name ?? null, n.planStatus]]),
      ),
    ).toEqual({
      "Olive Owner": [null, null],
      "Ada Guest": ["Friends", "ACTIVE"],
      "Bea Guest": ["Vetted", "REQUESTED"],
      "Lee Legacy": [null, null],
    });
    const onFriends = await table({ plans: [friends.id] });
    expect([onFriends?.totalCount, onFriends?.nodes.map((n) => n.person.name)]).toEqual([1, ["Ada Guest"]]);
    const requested = await table({ planStatuses: ["REQUESTED"] });
    expect([requested?.totalCount, requested?.nodes.map((n) => n.person.name)]).toEqual([1, ["Bea Guest"]]);
    const both = await table({ plans: [friends.id, vetted.id], planStatuses: ["ACTIVE"] });
    expect(both?.nodes.map((n) => n.person.name)).toEqual(["Ada Guest"]);
  });
});
