// A refund of a ticket may cancel its registration as organizers do, freeing the seat for the
// waitlist; the event dashboard sees each registration's payments to refund from its row.
import { afterEach, describe, expect, it } from "vitest";
import { createEvent, registerFor } from "#server/modules/events/events-test-support.ts";
import {
  communityWithOwner,
  join,
  person,
  setRole,
} from "#server/modules/membership/membership-test-support.ts";
import { SERVER_PER_TEST_TIMEOUT, type TestBrowser } from "#server/test/harness.ts";
import { takeCardPayment } from "./card-payments.test-support.ts";
import { recordPaymentAs, refundPaymentAs } from "./ledger-test-support.ts";
import { completeOnboarding } from "./onboarding-test-support.ts";
import { type PaymentsWorld, startPaymentsServer } from "./payments-test-support.ts";

let world: PaymentsWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

type Row = {
  id: string;
  status: string;
  person: { name: string };
  payments: { id: string; method: string; status: string; refundedMinor: number }[] | null;
};

const registrations = async (browser: TestBrowser, eventId: string) => {
  const result = await browser.graphql<{ eventRegistrations: { nodes: Row[] } }>(
    `query ($id: ID!) { eventRegistrations(eventId: $id) {
      nodes { id status person { name } payments { id method status refundedMinor } } } }`,
    { id: eventId },
  );
  expect(result.errors).toBeUndefined();
  return Object.fromEntries((result.data?.eventRegistrations.nodes ?? []).map((r) => [r.person.name, r]));
};

const fieldsOf = (result: { errors?: { extensions?: { fields?: { field: string; code: string }[] } }[] }) =>
  result.errors?.[0]?.extensions?.fields?.map((f) => `${f.field}:${f.code}`);

/** A paid-for event of one seat: Ada has it, Bea waits for it. */
async function fullEvent() {
  world = await startPaymentsServer();
  const w = world;
  const { owner, communityId } = await communityWithOwner(w.t);
  await completeOnboarding(owner, communityId);
  const event = await createEvent(owner, communityId, { capacity: 1, waitlistEnabled: true });
  const ada = await person(w.t, "ada", "Ada Guest");
  const bea = await person(w.t, "bea", "Bea Guest");
  const ids: Record<string, string> = {};
  for (const [name, who] of [
    ["Ada Guest", ada],
    ["Bea Guest", bea],
  ] as const) {
    const registered = await registerFor(who.browser, event.id);
    ids[name] = registered.data?.register.id as string;
  }
  return { w, owner, communityId, eventId: event.id, ada, bea, ids };
}

describe("refunding a ticket and canceling its registration", { timeout: SERVER_PER_TEST_TIMEOUT }, () => {
  it("cancels the card payment's registration with its refund, and the seat goes to the waitlist", async () => {
    const { w, owner, communityId, eventId, ada, ids } = await fullEvent();
    const card = await takeCardPayment(w, {
      communityId,
      amountMinor: 2_500,
      eventId,
      registrationId: ids["Ada Guest"],
      payer: { userId: ada.user.id, name: "Ada Guest", email: ada.email },
    });
    const before = await registrations(owner, eventId);
    expect(before["Ada Guest"]).toMatchObject({
      status: "GOING",
      payments: [{ id: card.payment.id, method: "STRIPE", status: "SUCCEEDED", refundedMinor: 0 }],
    });
    expect(before["Bea Guest"]).toMatchObject({ status: "WAITLISTED", payments: [] });

    const refunded = await refundPaymentAs(owner, card.payment.id, 2_500, "Cannot come", true);
    expect(refunded.errors).toBeUndefined();
    expect(refunded.data?.refundPayment).toMatchObject({ status: "REFUNDED", refundedMinor: 2_500 });
    const after = await registrations(owner, eventId);
    expect(after["Ada Guest"]).toMatchObject({
      status: "CANCELED",
      payments: [{ status: "REFUNDED", refundedMinor: 2_500 }],
    });
    expect(after["Bea Guest"]?.status).toBe("GOING");
    expect(
      await w.stripe.refunds.list(
        { payment_intent: card.paymentIntentId },
        { stripeAccount: card.stripeAccount },
      ),
    ).toMatchObject({ data: [{ amount: 2_500 }] });
  });

  it("cancels with a refund of money recorded by hand, and undoes neither when the refund is refused", async () => {
    const { owner, communityId, eventId, ids } = await fullEvent();
    const cash = await recordPaymentAs(owner, communityId, {
      purpose: "TICKET",
      amountMinor: 2_000,
      payerName: null,
      registrationId: ids["Ada Guest"],
    });
    const paymentId = cash.data?.recordPayment.id as string;
    const tooMuch = await refundPaymentAs(owner, paymentId, 2_001, "Cannot come", true);
    expect(fieldsOf(tooMuch)).toEqual(["amountMinor:MORE_THAN_LEFT"]);
    expect((await registrations(owner, eventId))["Ada Guest"]?.status).toBe("GOING");

    const part = await refundPaymentAs(owner, paymentId, 500, "Half the evening", true);
    expect(part.data?.refundPayment).toMatchObject({ status: "PARTIALLY_REFUNDED", refundedMinor: 500 });
    const after = await registrations(owner, eventId);
    expect([after["Ada Guest"]?.status, after["Bea Guest"]?.status]).toEqual(["CANCELED", "GOING"]);
  });

  it("refuses to cancel a registration already checked in, before any money goes back", async () => {
    const { w, owner, communityId, eventId, ada, ids } = await fullEvent();
    const adaRegistration = ids["Ada Guest"] as string;
    const checkedIn = await owner.graphql("mutation ($id: ID!) { checkIn(registrationId: $id) { id } }", {
      id: adaRegistration,
    });
    expect(checkedIn.errors).toBeUndefined();
    const card = await takeCardPayment(w, {
      communityId,
      amountMinor: 2_500,
      eventId,
      registrationId: adaRegistration,
      payer: { userId: ada.user.id, name: "Ada Guest", email: ada.email },
    });
    const read = await owner.graphql<{ payment: { registrationCancelable: boolean } }>(
      "query ($id: ID!) { payment(id: $id) { registrationCancelable } }",
      { id: card.payment.id },
    );
    expect(read.data?.payment.registrationCancelable).toBe(false);
    const refused = await refundPaymentAs(owner, card.payment.id, 2_500, "Cannot come", true);
    expect(fieldsOf(refused)).toEqual(["cancelRegistration:CHECKED_IN"]);
    expect(refused.errors?.[0]?.message).toBe(
      "They are already checked in, so the registration cannot be canceled.",
    );
    expect(
      (
        await w.stripe.refunds.list(
          { payment_intent: card.paymentIntentId },
          { stripeAccount: card.stripeAccount },
        )
      ).data,
    ).toEqual([]);

    const unlinked = await takeCardPayment(w, { communityId, amountMinor: 900 });
    const noRegistration = await refundPaymentAs(owner, unlinked.payment.id, 900, "Wrong charge", true);
    expect(fieldsOf(noRegistration)).toEqual(["cancelRegistration:NO_REGISTRATION"]);
  });

  it("shows a registration's payments only to those who manage payments", async () => {
    const { w, owner, communityId, eventId, ids } = await fullEvent();
    await recordPaymentAs(owner, communityId, {
      purpose: "TICKET",
      payerName: null,
      registrationId: ids["Ada Guest"],
    });
    const organizer = await person(w.t, "org", "Olga Organizer");
    const joined = await join(organizer.browser, communityId);
    await setRole(owner, joined.data?.joinCommunity.id as string, "ORGANIZER");
    const seen = await registrations(organizer.browser, eventId);
    expect(seen["Ada Guest"]).toMatchObject({ status: "GOING", payments: null });
    expect((await registrations(owner, eventId))["Ada Guest"]?.payments).toHaveLength(1);
  });
});
