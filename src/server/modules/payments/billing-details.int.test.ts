import { afterEach, describe, expect, it } from "vitest";
import { paidEvent, sessionIdOf, started } from "#server/modules/checkout/checkout-test-support.ts";
import { addMember, quickSignIn } from "#server/modules/events/events-test-support.ts";
import { auditTrail } from "#server/modules/log/log.audit.ts";
import { SERVER_PER_TEST_TIMEOUT, type TestBrowser, uniqueEmail } from "#server/test/harness.ts";
import { type PaymentsWorld, startPaymentsServer } from "./payments-test-support.ts";

let world: PaymentsWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

type Details = { legalName: string; address: string; taxNote: string };

const FIELDS = "legalName address taxNote updatedAt";

const setDetails = (browser: TestBrowser, communityId: string, input: Details) =>
  browser.graphql<{ updateBillingDetails: Details & { updatedAt: string | null } }>(
    `mutation ($id: ID!, $input: BillingDetailsInput!) { updateBillingDetails(communityId: $id, input: $input) { ${FIELDS} } }`,
    { id: communityId, input },
  );

const readDetails = async (browser: TestBrowser, communityId: string) => {
  const result = await browser.graphql<{
    community: { billingDetails: (Details & { updatedAt: string }) | null };
  }>(`query ($id: ID!) { community(id: $id) { billingDetails { ${FIELDS} } } }`, { id: communityId });
  expect(result.errors).toBeUndefined();
  return result.data?.community.billingDetails;
};

/** A guest buys one ticket of the event and pays on the stand-in's page; the receipt mail's text. */
async function receiptOfPurchase(w: PaymentsWorld, eventId: string, ticketTypeId: string) {
  const email = uniqueEmail("receipt");
  const { url } = await started(w.t.browser(), eventId, {
    ticketTypeId,
    quantity: 1,
    guest: { name: "Ada Guest", email },
  });
  w.standin.pay(sessionIdOf(url), { email, name: "Ada Guest" });
  await w.settle();
  const receipt = w.t.smtp.mails.find((m) => m.to.includes(email) && m.subject.startsWith("Receipt"));
  if (!receipt) throw new Error("no receipt");
  return receipt;
}

const ADDRESS = "Hafenstraße 12\nHinterhaus, 2. OG\n20457 Hamburg\nGermany";
const TAX_NOTE = "Prices include 19 % VAT · VAT ID DE123456789";

describe("receipt details in settings → payments", { timeout: SERVER_PER_TEST_TIMEOUT }, () => {
  it("prints the legal name, each line of the address and the tax note set by an admin on the receipt", async () => {
    world = await startPaymentsServer({ connect: false });
    const { owner, communityId, event, ticketTypeId } = await paidEvent(world);
    const saved = await setDetails(owner.browser, communityId, {
      legalName: "  Paid Circle e.V.  ",
      address: `\n  ${ADDRESS.replace(/\n/g, "  \r\n")}  \n\n`,
      taxNote: ` ${TAX_NOTE} `,
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data?.updateBillingDetails).toMatchObject({
      legalName: "Paid Circle e.V.",
      address: ADDRESS,
      taxNote: TAX_NOTE,
      updatedAt: expect.any(String),
    });
    expect(await readDetails(owner.browser, communityId)).toMatchObject({
      legalName: "Paid Circle e.V.",
      address: ADDRESS,
      taxNote: TAX_NOTE,
    });

    const receipt = await receiptOfPurchase(world, event.id, ticketTypeId);
    expect(receipt.text).toContain(`Sold by:\nPaid Circle e.V.\n${ADDRESS}`);
    expect(receipt.text).toContain(TAX_NOTE);
    expect(receipt.text).toContain("Thank you for your payment to Paid Circle for");

    const trail = await auditTrail(world.t.server.database.db, communityId);
    expect(trail.filter((entry) => entry.action === "community.billing_details_changed")).toEqual([
      expect.objectContaining({
        actorId: owner.id,
        target: `community:${communityId}`,
        before: { legalName: "", address: "", taxNote: "" },
        after: { legalName: "Paid Circle e.V.", address: ADDRESS, taxNote: TAX_NOTE },
      }),
    ]);
  });

  it("falls back to the community's name with nothing set, and again once the details are cleared", async () => {
    world = await startPaymentsServer({ connect: false });
    const { owner, communityId, event, ticketTypeId } = await paidEvent(world);
    expect(await readDetails(owner.browser, communityId)).toEqual({
      legalName: "",
      address: "",
      taxNote: "",
      updatedAt: null,
    });
    const first = await receiptOfPurchase(world, event.id, ticketTypeId);
    expect(first.text).toMatch(/Sold by:\nPaid Circle\n/);
    expect(first.text).not.toContain("VAT");

    expect(
      (
        await setDetails(owner.browser, communityId, {
          legalName: "Old Name Ltd",
          address: "Street 1",
          taxNote: "VAT ID X",
        })
      ).errors,
    ).toBeUndefined();
    const cleared = await setDetails(owner.browser, communityId, {
      legalName: " ",
      address: "\n",
      taxNote: "",
    });
    expect(cleared.data?.updateBillingDetails).toMatchObject({ legalName: "", address: "", taxNote: "" });
    const second = await receiptOfPurchase(world, event.id, ticketTypeId);
    expect(second.text).toMatch(/Sold by:\nPaid Circle\n/);
    expect(second.text).not.toContain("Old Name Ltd");
    expect(second.text).not.toContain("VAT ID X");
  });

  it("refuses values over their limits, naming each field, and keeps what was stored", async () => {
    world = await startPaymentsServer({ connect: false });
    const { owner, communityId } = await paidEvent(world);
    const before = { legalName: "Paid Circle e.V.", address: "Street 1", taxNote: "" };
    expect((await setDetails(owner.browser, communityId, before)).errors).toBeUndefined();
    const refused = await setDetails(owner.browser, communityId, {
      legalName: "L".repeat(201),
      address: "A".repeat(501),
      taxNote: "ok",
    });
    const error = refused.errors?.[0];
    expect(error?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(error?.message).toBe(
      "Legal name: Use at most 200 characters. Address: Use at most 500 characters.",
    );
    expect(error?.extensions?.fields).toEqual([
      { field: "legalName", code: "TOO_LONG", message: "Use at most 200 characters." },
      { field: "address", code: "TOO_LONG", message: "Use at most 500 characters." },
    ]);
    expect(await readDetails(owner.browser, communityId)).toMatchObject(before);
    const atLimit = await setDetails(owner.browser, communityId, {
      legalName: "L".repeat(200),
      address: "A".repeat(500),
      taxNote: "T".repeat(300),
    });
    expect(atLimit.errors).toBeUndefined();
  });

  it("is for owners and admins: organizers and members neither see nor set it", async () => {
    world = await startPaymentsServer({ connect: false });
    const { t } = world;
    const { owner, communityId } = await paidEvent(world);
    const admin = await quickSignIn(t, "Adele Admin");
    const organizer = await quickSignIn(t, "Orla Organizer");
    const member = await quickSignIn(t, "Mia Member");
    await addMember(t, communityId, admin.id, "admin");
    await addMember(t, communityId, organizer.id, "organizer");
    await addMember(t, communityId, member.id, "member");
    const input = { legalName: "Paid Circle e.V.", address: "", taxNote: "" };
    expect((await setDetails(admin.browser, communityId, input)).errors).toBeUndefined();
    expect(await readDetails(owner.browser, communityId)).toMatchObject(input);
    for (const other of [organizer, member]) {
      const refused = await setDetails(other.browser, communityId, { ...input, legalName: "Forged Ltd" });
      expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect(refused.data).toBeNull();
      expect(await readDetails(other.browser, communityId)).toBeNull();
    }
    expect(await readDetails(admin.browser, communityId)).toMatchObject(input);
  });
});
