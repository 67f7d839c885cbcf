import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  ArchiveMembershipPlanDocument,
  CreateMembershipPlanDocument,
  type MembershipPlanInput,
  MembershipPlansDocument,
  type PlanFieldsFragment,
} from "#client/gql/graphql.ts";
import { api, graphqlError, server } from "#client/test-network.ts";
import { renderInRouter } from "#client/test-router.tsx";
import { PlansSection } from "./plans-section.tsx";

const friends: PlanFieldsFragment = {
  id: "p1",
  name: "Friends",
  description: "",
  priceMinor: 0,
  currency: "EUR",
  interval: "FREE",
  membersOnlyEvents: false,
  memberPrices: false,
  approvalRequired: false,
  archived: false,
  position: 0,
};

/** The server's plans: creating and archiving change what the list answers next. */
function plansServer(initial: PlanFieldsFragment[], canTakePayments: boolean) {
  let plans = initial;
  const created: MembershipPlanInput[] = [];
  server.use(
    api.query(MembershipPlansDocument, () =>
      HttpResponse.json({ data: { membershipPlans: plans, community: { id: "c1", canTakePayments } } }),
    ),
    api.mutation(CreateMembershipPlanDocument, ({ variables }) => {
      const input = variables.input as MembershipPlanInput;
      created.push(input);
      if (input.interval !== "FREE" && !canTakePayments)
        return graphqlError("PAYMENTS_NOT_CONNECTED", "Connect Stripe first.", [
          {
            field: "priceMinor",
            code: "PAYMENTS_NOT_CONNECTED",
            message: "Connect Stripe in settings → payments before charging for a plan, or make it free.",
          },
        ]);
      const plan: PlanFieldsFragment = {
        ...friends,
        id: `p${plans.length + 1}`,
        name: input.name,
        description: input.description ?? "",
        interval: input.interval,
        priceMinor: input.priceMinor ?? 0,
        membersOnlyEvents: input.membersOnlyEvents,
        memberPrices: input.memberPrices,
        approvalRequired: input.approvalRequired,
        position: plans.length,
      };
      plans = [...plans, plan];
      return HttpResponse.json({ data: { createMembershipPlan: plan } });
    }),
    api.mutation(ArchiveMembershipPlanDocument, ({ variables }) => {
      plans = plans.map((p) => (p.id === variables.id ? { ...p, archived: true } : p));
      const plan = plans.find((p) => p.id === variables.id) as PlanFieldsFragment;
      return HttpResponse.json({ data: { archiveMembershipPlan: plan } });
    }),
  );
  return { created };
}

function renderSection() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInRouter(
    <QueryClientProvider client={queryClient}>
      <PlansSection communityId="c1" currency="EUR" />
    </QueryClientProvider>,
  );
}

describe("settings → membership plans", () => {
  it("says beside each field what is wrong, keeps what was typed, and shows a refused price beside the price", async () => {
    const network = plansServer([friends], false);
    const user = userEvent.setup();
    await renderSection();
    const section = await screen.findByRole("region", { name: "Membership plans" });
    expect(await within(section).findByText("Friends")).toBeTruthy();
    await user.click(within(section).getByRole("button", { name: "New plan" }));
    const dialog = await screen.findByRole("dialog", { name: "New plan" });
    expect(within(dialog).getByText("Connect Stripe under Payments to charge for plans.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Create plan" }));
    expect(within(dialog).getByText("Give the plan a name.")).toBeTruthy();
    expect(within(dialog).getByText("Give the price, or make the plan free.")).toBeTruthy();
    expect(network.created).toEqual([]);

    await user.type(within(dialog).getByLabelText("Name"), "Supporter");
    await user.type(within(dialog).getByLabelText("Price (EUR)"), "12.5");
    await user.click(within(dialog).getByRole("button", { name: "Create plan" }));
    expect(
      await within(dialog).findByText(
        "Connect Stripe in settings → payments before charging for a plan, or make it free.",
      ),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText("Price (EUR)") as HTMLInputElement).value).toBe("12.5");
    expect(network.created.at(-1)).toMatchObject({ name: "Supporter", interval: "MONTH", priceMinor: 1250 });

    await user.selectOptions(within(dialog).getByLabelText("Billing"), "FREE");
    await user.click(
      within(dialog).getByLabelText("Need an admin's approval to join (charged once approved)"),
    );
    await user.click(within(dialog).getByRole("button", { name: "Create plan" }));
    expect(await within(section).findByText("Supporter")).toBeTruthy();
    expect(network.created.at(-1)).toMatchObject({
      interval: "FREE",
      priceMinor: null,
      approvalRequired: true,
    });
    expect(within(section).getByText("Approval first")).toBeTruthy();
  });

  it("archives a plan after asking", async () => {
    plansServer([friends], true);
    const user = userEvent.setup();
    await renderSection();
    const section = await screen.findByRole("region", { name: "Membership plans" });
    await user.click(await within(section).findByRole("button", { name: "Archive Friends" }));
    const dialog = await screen.findByRole("dialog", { name: "Archive Friends?" });
    await user.click(within(dialog).getByRole("button", { name: "Archive plan" }));
    expect(await within(section).findByText("Archived")).toBeTruthy();
    expect(within(section).queryByRole("button", { name: "Archive Friends" })).toBeNull();
  });
});
