import { afterAll, beforeAll, expect, it } from "vitest";
import { appFrom } from "#server/modules/auth/two-factor.test-support.ts";
import { communityWithOwner } from "#server/modules/membership/membership-test-support.ts";
import type { TestBrowser } from "#server/test/harness.ts";
import { completeOnboarding } from "./onboarding-test-support.ts";
import { type PaymentsWorld, startPaymentsServer } from "./payments-test-support.ts";

let world: PaymentsWorld;
beforeAll(async () => {
  // Webhooks by hand: an `account.updated` handled before the owner's refresh would turn payments
  // on first, and the refresh itself would then (rightly) ask for the second factor.
  world = await startPaymentsServer({ requireOwnerSecondFactor: "paid", webhookMode: "manual" });
});
afterAll(() => world.close());

const readCommunity = (browser: TestBrowser, id: string) =>
  browser.graphql<{ community: { name: string } }>("query ($id: ID!) { community(id: $id) { name } }", {
    id,
  });

const status = async (browser: TestBrowser) =>
  (await (await browser.fetch("/api/auth/second-factor/status")).json()) as {
    required: boolean;
    enabled: boolean;
  };

it("with REQUIRE_OWNER_SECOND_FACTOR=paid, the owner of a community taking payments reaches its dashboard data only with a second factor", async () => {
  const { t } = world;
  const { owner, communityId } = await communityWithOwner(t);
  // Before it takes payments nothing is asked.
  expect((await readCommunity(owner, communityId)).data?.community.name).toBeTruthy();
  expect((await status(owner)).required).toBe(false);

  await completeOnboarding(owner, communityId);
  const refused = await readCommunity(owner, communityId);
  expect(refused.errors?.[0]?.extensions?.code).toBe("SECOND_FACTOR_REQUIRED");
  expect(refused.data?.community ?? null).toBeNull();
  expect(await status(owner)).toMatchObject({ required: true, enabled: false });

  // Setting it up stays possible, and then the dashboard answers again.
  const enabled = (await (await owner.post("/api/auth/two-factor/enable", {})).json()) as { totpURI: string };
  const confirmed = await owner.post("/api/auth/two-factor/verify-totp", {
    code: appFrom(enabled.totpURI).code(),
  });
  expect(confirmed.status).toBe(200);
  expect(await status(owner)).toMatchObject({ required: false, enabled: true });
  expect((await readCommunity(owner, communityId)).data?.community.name).toBeTruthy();
});

it("asks nothing of owners of communities that take no payments", async () => {
  const { t } = world;
  const { owner, communityId } = await communityWithOwner(t);
  expect((await readCommunity(owner, communityId)).errors).toBeUndefined();
  expect((await status(owner)).required).toBe(false);
});
