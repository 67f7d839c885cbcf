import { screen, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type Capability,
  ConnectStripeDocument,
  PaymentConnectionDocument,
  type PaymentConnectionQuery,
  RefreshPaymentConnectionDocument,
  StripeDashboardLinkDocument,
} from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { communityFixture, eventDashboardHandlers } from "#client/test-fixtures.ts";
import { api, graphqlError, server } from "#client/test-network.ts";
import { billingDetailsHandler } from "./billing-details-test-support.ts";

type Connection = PaymentConnectionQuery["paymentConnection"];

const ADMIN: Capability[] = [
  "COMMUNITY_VIEW",
  "COMMUNITY_EDIT",
  "MEMBERS_VIEW",
  "MEMBERS_MANAGE",
  "PAYMENTS_MANAGE",
];
const OWNER: Capability[] = [...ADMIN, "PAYMENTS_CONNECT", "COMMUNITY_DELETE"];

const connection = (overrides: Partial<Connection> = {}): Connection => ({
  communityId: "c1",
  status: "NOT_CONNECTED",
  mode: "CONNECTED_ACCOUNT",
  accountId: null,
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  checkedAt: null,
  ...overrides,
});

const enabled = connection({
  status: "PAYOUTS_ENABLED",
  accountId: "acct_1",
  chargesEnabled: true,
  payoutsEnabled: true,
  detailsSubmitted: true,
  checkedAt: "2026-05-01T10:00:00.000Z",
});

/** The settings page at `url` for a viewer with `capabilities`; `stored` is what the query answers. */
async function openSettings(url: string, capabilities: Capability[], stored: Connection | null) {
  const asked: string[] = [];
  const view = await renderApp(url, {
    signedInAs: adaUser,
    handlers: [
      ...eventDashboardHandlers({
        community: communityFixture({
          viewerRole: capabilities.includes("PAYMENTS_CONNECT") ? "OWNER" : "ADMIN",
          viewerCapabilities: capabilities,
        }),
        rows: () => [],
      }),
      ...(stored
        ? [
            api.query(PaymentConnectionDocument, () => {
              asked.push("PaymentConnection");
              return HttpResponse.json({ data: { paymentConnection: stored } });
            }),
            billingDetailsHandler(),
          ]
        : []),
    ],
  });
  return { ...view, asked };
}

const paymentsSection = () => screen.findByRole("region", { name: "Payments" });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("settings → payments", () => {
  it("shows the owner that Stripe is not connected and sends them to Stripe's onboarding", async () => {
    const opened = vi.spyOn(window, "open").mockReturnValue(null);
    const sent: unknown[] = [];
    server.use(
      api.mutation(ConnectStripeDocument, ({ variables }) => {
        sent.push(variables);
        return HttpResponse.json({
          data: { connectStripe: { url: "https://connect.stripe.test/onboarding/1" } },
        });
      }),
    );
    const { user } = await openSettings("/dashboard/c1/edit", OWNER, connection());
    const section = await paymentsSection();
    expect(within(section).getByText("Not connected")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Settings sections" }).textContent).toContain("Payments");
    await user.click(within(section).getByRole("button", { name: "Connect Stripe" }));

    await vi.waitFor(() =>
      expect(opened).toHaveBeenCalledWith("https://connect.stripe.test/onboarding/1", "_self"),
    );
    expect(sent).toEqual([{ communityId: "c1", returnPath: "/dashboard/c1/edit#payments" }]);
  });

  it("asks Stripe at once when the owner comes back from onboarding, and shows charges enabled", async () => {
    let refreshed = 0;
    server.use(
      api.mutation(RefreshPaymentConnectionDocument, () => {
        refreshed++;
        return HttpResponse.json({ data: { refreshPaymentConnection: enabled } });
      }),
    );
    // The stored status still says onboarding is incomplete: the webhook has not come yet.
    const stale = connection({ status: "ONBOARDING_INCOMPLETE", accountId: "acct_1" });
    const { asked } = await openSettings("/dashboard/c1/edit?stripe=return", OWNER, stale);
    const section = await paymentsSection();

    expect(within(section).getByText("Charges and payouts enabled")).toBeTruthy();
    const charges = within(section).getByText("Charges").closest("div");
    expect(charges?.textContent).toBe("ChargesEnabled");
    expect(within(section).getByRole("button", { name: "Open Stripe dashboard" })).toBeTruthy();
    expect(within(section).queryByRole("button", { name: /Connect Stripe|Continue onboarding/ })).toBeNull();
    expect(refreshed).toBe(1);
    expect(asked).toEqual([]);
  });

  it("says an expired onboarding link can be continued, and opens a new one", async () => {
    const opened = vi.spyOn(window, "open").mockReturnValue(null);
    const incomplete = connection({ status: "ONBOARDING_INCOMPLETE", accountId: "acct_1" });
    server.use(
      api.mutation(RefreshPaymentConnectionDocument, () =>
        HttpResponse.json({ data: { refreshPaymentConnection: incomplete } }),
      ),
      api.mutation(ConnectStripeDocument, () =>
        HttpResponse.json({ data: { connectStripe: { url: "https://connect.stripe.test/onboarding/2" } } }),
      ),
    );
    const { user } = await openSettings("/dashboard/c1/edit?stripe=refresh", OWNER, incomplete);
    const section = await paymentsSection();
    expect(within(section).getByRole("note").textContent).toContain("That Stripe link had expired");
    expect(within(section).getByText("Onboarding incomplete")).toBeTruthy();
    await user.click(within(section).getByRole("button", { name: "Continue onboarding" }));
    await vi.waitFor(() =>
      expect(opened).toHaveBeenCalledWith("https://connect.stripe.test/onboarding/2", "_self"),
    );
  });

  it("opens the Stripe dashboard for the owner, and shows Stripe's refusal in a toast", async () => {
    const opened = vi.spyOn(window, "open").mockReturnValue(null);
    let answer = 0;
    server.use(
      api.mutation(StripeDashboardLinkDocument, () =>
        answer++ === 0
          ? graphqlError(
              "PAYMENT_PROVIDER_ERROR",
              "Stripe could not open the dashboard just now. Try again in a moment.",
            )
          : HttpResponse.json({
              data: { stripeDashboardLink: { url: "https://connect.stripe.test/express/1" } },
            }),
      ),
    );
    const { user } = await openSettings("/dashboard/c1/edit", OWNER, enabled);
    const section = await paymentsSection();
    const open = within(section).getByRole("button", { name: "Open Stripe dashboard" });
    await user.click(open);
    expect(
      await screen.findByText(
        "Stripe could not open the dashboard just now. Try again in a moment. (PAYMENT_PROVIDER_ERROR)",
      ),
    ).toBeTruthy();
    expect(opened).not.toHaveBeenCalled();
    await user.click(open);
    await vi.waitFor(() =>
      expect(opened).toHaveBeenCalledWith("https://connect.stripe.test/express/1", "_self"),
    );
  });

  it("shows admins the status without the owner's buttons", async () => {
    await openSettings("/dashboard/c1/edit", ADMIN, enabled);
    const section = await paymentsSection();
    expect(within(section).getByText("Charges and payouts enabled")).toBeTruthy();
    expect(within(section).getByRole("note").textContent).toBe(
      "Only the owner can connect a Stripe account or open its dashboard.",
    );
    expect(within(section).queryByRole("button", { name: /Stripe|onboarding/ })).toBeNull();
    expect(within(section).getByRole("button", { name: "Check status again" })).toBeTruthy();
  });

  it("says payments are not set up on this server, with no button to press", async () => {
    await openSettings("/dashboard/c1/edit", OWNER, connection({ status: "NOT_CONFIGURED", mode: null }));
    const section = await paymentsSection();
    expect(within(section).getByRole("note").textContent).toBe(
      "Payments are not set up on this server. Whoever runs it can turn them on by adding Stripe keys to its configuration.",
    );
    // The receipt details form below has its own buttons; the connection part has none.
    await within(section).findByRole("form", { name: "Receipt details" });
    expect(
      within(section)
        .queryAllByRole("button")
        .filter((button) => !button.closest("form")),
    ).toEqual([]);
  });

  it("is not shown to organizers, and their page does not ask for it", async () => {
    // No PaymentConnection handler: were it asked, the unanswered request would fail the test.
    await openSettings("/dashboard/c1/edit", communityFixture().viewerCapabilities, null);
    expect(await screen.findByRole("region", { name: "General" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Payments" })).toBeNull();
    expect(screen.getByRole("navigation", { name: "Settings sections" }).textContent).not.toContain(
      "Payments",
    );
  });
});
