// Payments recorded by hand over GraphQL: who may, what they link to, refunds in part and in
// full with their field errors, the overview's revenue, and the CSV export.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCommunity, createEvent, registerFor } from "#server/modules/events/events-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";
import { parseCsv } from "#server/test/parse-csv.ts";
import {
  PAYMENT_FIELDS,
  type PaymentResult,
  recordPaymentAs,
  refundPaymentAs,
  staffedCommunity,
} from "./ledger-test-support.ts";

let t: TestServer;
let admin: TestBrowser;
let organizer: TestBrowser;
let member: { browser: TestBrowser; id: string };
let communityId: string;
let eventId: string;

beforeAll(async () => {
  t = await startTestServer();
  const staff = await staffedCommunity(t, "Cash club");
  const owner = staff.owner;
  ({ communityId, admin, organizer, member } = staff);
  eventId = (await createEvent(owner.browser, communityId, { title: "Summer picnic" })).id;
});
afterAll(() => t.close());

const fieldsOf = (result: { errors?: { extensions?: { fields?: { field: string; code: string }[] } }[] }) =>
  result.errors?.[0]?.extensions?.fields?.map((f) => `${f.field}:${f.code}`);

async function emailOf(browser: TestBrowser) {
  const result = await browser.graphql<{ viewer: { email: string } }>("{ viewer { email } }");
  return result.data?.viewer.email as string;
}

describe("recording payments by hand", () => {
  it("records cash from a member, refunds part and then the rest, and lists the refunds", async () => {
    const email = await emailOf(member.browser);
    const recorded = await recordPaymentAs(admin, communityId, {
      purpose: "MEMBERSHIP",
      amountMinor: 10_000,
      method: "BANK_TRANSFER",
      payerName: "",
      payerEmail: email.toUpperCase(),
      note: "Yearly dues",
    });
    expect(recorded.errors).toBeUndefined();
    const payment = recorded.data?.recordPayment as PaymentResult;
    expect(payment).toMatchObject({
      purpose: "MEMBERSHIP",
      status: "SUCCEEDED",
      method: "BANK_TRANSFER",
      amountMinor: 10_000,
      netMinor: 10_000,
      note: "Yearly dues",
      payer: { userId: member.id, name: "Member Mia", email },
    });

    const part = await refundPaymentAs(admin, payment.id, 2_500, "Joined late");
    expect(part.data?.refundPayment).toMatchObject({
      status: "PARTIALLY_REFUNDED",
      refundedMinor: 2_500,
      netMinor: 7_500,
    });
    const tooMuch = await refundPaymentAs(admin, payment.id, 7_501);
    expect(tooMuch.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(tooMuch.errors?.[0]?.message).toMatch(/^At most €75\.00 is left to refund\.$/);
    expect(fieldsOf(tooMuch)).toEqual(["amountMinor:MORE_THAN_LEFT"]);
    const rest = await refundPaymentAs(admin, payment.id, 7_500, "Moved away");
    expect(rest.data?.refundPayment).toMatchObject({
      status: "REFUNDED",
      refundedMinor: 10_000,
      netMinor: 0,
    });
    const again = await refundPaymentAs(admin, payment.id, 1);
    expect(again.errors?.[0]?.extensions?.code).toBe("CONFLICT");

    const detail = await admin.graphql<{ payment: { refunds: { amountMinor: number; reason: string }[] } }>(
      "query ($id: ID!) { payment(id: $id) { refunds { amountMinor reason method } } }",
      { id: payment.id },
    );
    expect(detail.data?.payment.refunds).toEqual([
      { amountMinor: 2_500, reason: "Joined late", method: "BANK_TRANSFER" },
      { amountMinor: 7_500, reason: "Moved away", method: "BANK_TRANSFER" },
    ]);
  });

  it("links a ticket to the payer's registration, through the registration or through the event", async () => {
    const registration = await registerFor(member.browser, eventId);
    const registrationId = registration.data?.register.id as string;
    const byRegistration = await recordPaymentAs(admin, communityId, {
      purpose: "TICKET",
      payerName: null,
      registrationId,
    });
    expect(byRegistration.data?.recordPayment).toMatchObject({
      registrationId,
      event: { id: eventId, title: "Summer picnic" },
      payer: { userId: member.id, name: "Member Mia" },
    });
    const byEvent = await recordPaymentAs(admin, communityId, {
      purpose: "TICKET",
      eventId,
      payerName: "Mia at the door",
      payerEmail: await emailOf(member.browser),
    });
    expect(byEvent.data?.recordPayment).toMatchObject({
      registrationId,
      payer: { userId: member.id, name: "Mia at the door" },
    });
    const stranger = await recordPaymentAs(admin, communityId, {
      purpose: "TICKET",
      eventId,
      payerName: "Walk-in",
    });
    expect(stranger.data?.recordPayment).toMatchObject({
      registrationId: null,
      payer: { userId: null },
      event: { id: eventId },
    });
  });

  it("answers bad input field by field and keeps nothing of it", async () => {
    const otherCommunity = await createCommunity(member.browser, "Elsewhere");
    const otherEvent = await createEvent(member.browser, otherCommunity);
    const count = async () =>
      (
        await admin.graphql<{ payments: { totalCount: number } }>(
          "query ($c: ID!) { payments(communityId: $c) { totalCount } }",
          { c: communityId },
        )
      ).data?.payments.totalCount;
    const before = await count();
    const bad = await recordPaymentAs(admin, communityId, {
      amountMinor: 0,
      currency: "EURO",
      payerName: " ",
      payerEmail: "not-an-address",
      eventId: otherEvent.id,
    });
    expect(bad.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(fieldsOf(bad)).toEqual([
      "currency:INVALID_CURRENCY",
      "amountMinor:OUT_OF_RANGE",
      "payerEmail:INVALID_EMAIL",
      "eventId:NOT_FOUND",
      "payerName:REQUIRED",
    ]);
    expect(await count()).toBe(before);
    const ok = await recordPaymentAs(admin, communityId, { amountMinor: 700 });
    const noReason = await refundPaymentAs(admin, ok.data?.recordPayment.id as string, 0, "  ");
    expect(fieldsOf(noReason)).toEqual(["amountMinor:OUT_OF_RANGE", "reason:REQUIRED"]);
  });

  it("records what a transfer cost and when it came in: net less the fee, dated in the table and the totals", async () => {
    const lastWeek = new Date(Math.floor(t.clock.now().getTime() / 1000) * 1000 - 7 * 86_400_000);
    const recorded = await recordPaymentAs(admin, communityId, {
      amountMinor: 20_000,
      feeMinor: 150,
      method: "BANK_TRANSFER",
      payerName: "Lars Late",
      paidAt: lastWeek.toISOString(),
    });
    expect(recorded.errors).toBeUndefined();
    expect(recorded.data?.recordPayment).toMatchObject({
      amountMinor: 20_000,
      feeMinor: 150,
      netMinor: 19_850,
    });
    expect(new Date(recorded.data?.recordPayment.createdAt as string)).toEqual(lastWeek);
    expect(new Date(recorded.data?.recordPayment.succeededAt as string)).toEqual(lastWeek);

    const older = await admin.graphql<{ payments: { nodes: { payer: { name: string } }[] } }>(
      "query ($c: ID!, $f: PaymentFilter) { payments(communityId: $c, filter: $f) { nodes { payer { name } } } }",
      { c: communityId, f: { createdBefore: new Date(lastWeek.getTime() + 86_400_000).toISOString() } },
    );
    expect(older.data?.payments.nodes.map((n) => n.payer.name)).toEqual(["Lars Late"]);
    const totals = await admin.graphql<{ paymentTotals: Record<string, unknown>[] }>(
      `query ($c: ID!, $from: DateTime!, $to: DateTime!) {
        paymentTotals(communityId: $c, from: $from, to: $to) { currency grossMinor feesMinor netMinor payments } }`,
      {
        c: communityId,
        from: new Date(lastWeek.getTime() - 3_600_000).toISOString(),
        to: new Date(lastWeek.getTime() + 3_600_000).toISOString(),
      },
    );
    expect(totals.data?.paymentTotals).toEqual([
      { currency: "EUR", grossMinor: 20_000, feesMinor: 150, netMinor: 19_850, payments: 1 },
    ]);

    const bad = await recordPaymentAs(admin, communityId, {
      amountMinor: 20_000,
      feeMinor: 20_001,
      paidAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    });
    expect(fieldsOf(bad)).toEqual(["feeMinor:OUT_OF_RANGE", "paidAt:IN_FUTURE"]);
    const ancient = await recordPaymentAs(admin, communityId, {
      paidAt: new Date(t.clock.now().getTime() - 11 * 365 * 86_400_000).toISOString(),
    });
    expect(fieldsOf(ancient)).toEqual(["paidAt:TOO_OLD"]);
  });

  it("keeps payments to admins and owners: organizers and members are refused, whoever paid", async () => {
    const own = await recordPaymentAs(admin, communityId, { payerEmail: await emailOf(member.browser) });
    const id = own.data?.recordPayment.id as string;
    for (const browser of [organizer, member.browser]) {
      expect((await recordPaymentAs(browser, communityId)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect((await refundPaymentAs(browser, id, 1)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      const read = await browser.graphql(`query ($id: ID!) { payment(id: $id) { ${PAYMENT_FIELDS} } }`, {
        id,
      });
      expect(read.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      const list = await browser.graphql("query ($c: ID!) { payments(communityId: $c) { totalCount } }", {
        c: communityId,
      });
      expect(list.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      const csv = await browser.fetch(`/api/communities/${communityId}/payments.csv`);
      expect(csv.status).toBe(403);
    }
  });
});

describe("money in other currencies", () => {
  it("exports yen and dinars exactly, and counts them apart in the overview's revenue", async () => {
    const club = await createCommunity(admin, "Currency club");
    const yen = await recordPaymentAs(admin, club, {
      amountMinor: 1_500,
      currency: "JPY",
      payerName: "Ada Guest",
    });
    const dinar = await recordPaymentAs(admin, club, {
      amountMinor: 12_345,
      currency: "kwd",
      payerName: "Ada Guest",
    });
    expect(dinar.data?.recordPayment.currency).toBe("KWD");
    await refundPaymentAs(admin, dinar.data?.recordPayment.id as string, 2_000);
    const revenue = () =>
      admin.graphql<{ community: { revenueLast30Days: { currency: string; amountMinor: number }[] } }>(
        "query ($id: ID!) { community(id: $id) { revenueLast30Days { currency amountMinor } } }",
        { id: club },
      );
    expect((await revenue()).data?.community.revenueLast30Days).toEqual([
      { currency: "JPY", amountMinor: 1_500 },
      { currency: "KWD", amountMinor: 10_345 },
    ]);
    await refundPaymentAs(admin, yen.data?.recordPayment.id as string, 500);
    expect((await revenue()).data?.community.revenueLast30Days[0]).toEqual({
      currency: "JPY",
      amountMinor: 1_000,
    });
    t.clock.advance(31 * 86_400_000);
    expect((await revenue()).data?.community.revenueLast30Days).toEqual([]);

    const response = await admin.fetch(
      `/api/communities/${club}/payments.csv?status=refunded,partially_refunded`,
    );
    expect(response.status).toBe(200);
    const [header, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    expect(header?.slice(5, 11)).toEqual(["Currency", "Amount", "Fee", "Refunded", "Net", "Status"]);
    expect(rows.map((r) => r.slice(5, 11))).toEqual([
      ["KWD", "12.345", "0.000", "2.000", "10.345", "partially_refunded"],
      ["JPY", "1500", "0", "500", "1000", "partially_refunded"],
    ]);
    const organizerView = await organizer.graphql<{ community: { revenueLast30Days: null } }>(
      "query ($id: ID!) { community(id: $id) { revenueLast30Days { currency } } }",
      { id: communityId },
    );
    expect(organizerView.data?.community.revenueLast30Days).toBeNull();
  });
});
