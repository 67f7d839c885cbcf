import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { checkoutSessionRouter } from "./checkout-session-events.ts";
import type { HandlerDeps, InboxEvent, StripeEventHandler } from "./stripe-event-handlers.ts";

const deps = {} as HandlerDeps;

const sessionEvent = (type: string, kind: string | null): InboxEvent => ({
  id: `evt_${type}_${kind}`,
  type,
  account: null,
  payload: {
    type,
    data: {
      object: { id: "cs_test_1", object: "checkout.session", metadata: kind ? { commons_kind: kind } : {} },
    },
  } as unknown as Stripe.Event,
});

describe("checkoutSessionRouter", () => {
  it("hands each Checkout Session event to the handler of its kind, and ignores kinds nobody handles", async () => {
    const seen: string[] = [];
    const handler =
      (name: string): StripeEventHandler =>
      async (_deps, event) => {
        seen.push(`${name} ${event.type}`);
        return { outcome: "handled" };
      };
    const handlers = checkoutSessionRouter({
      ticket: {
        "checkout.session.completed": handler("ticket"),
        "checkout.session.expired": handler("ticket"),
      },
      membership: { "checkout.session.completed": handler("membership") },
    });
    expect(Object.keys(handlers).sort()).toEqual(["checkout.session.completed", "checkout.session.expired"]);

    const completed = handlers["checkout.session.completed"] as StripeEventHandler;
    const expired = handlers["checkout.session.expired"] as StripeEventHandler;
    expect(await completed(deps, sessionEvent("checkout.session.completed", "membership"))).toEqual({
      outcome: "handled",
    });
    await completed(deps, sessionEvent("checkout.session.completed", "ticket"));
    await expired(deps, sessionEvent("checkout.session.expired", "ticket"));
    expect(await expired(deps, sessionEvent("checkout.session.expired", "membership"))).toEqual({
      outcome: "ignored",
    });
    expect(await completed(deps, sessionEvent("checkout.session.completed", null))).toEqual({
      outcome: "ignored",
    });
    expect(seen).toEqual([
      "membership checkout.session.completed",
      "ticket checkout.session.completed",
      "ticket checkout.session.expired",
    ]);
  });
});
