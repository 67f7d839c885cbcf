import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PaymentsQueryVariables } from "#client/gql/graphql.ts";
import { server } from "#client/test-network.ts";
import { openPaymentsPage, paymentRow, paymentsPageHandlers } from "./payments-page-test-support.ts";

function paymentsServer(plans: { id: string; name: string; archived: boolean }[]) {
  const lists: PaymentsQueryVariables[] = [];
  server.use(
    ...paymentsPageHandlers({
      plans,
      payments: (variables) => {
        lists.push(variables);
        return [paymentRow("p1", "Ada Guest", { purpose: "MEMBERSHIP" })];
      },
    }),
  );
  return lists;
}

describe("the payments table's plan filter", () => {
  it("filters by one of the community's plans, archived ones named so, through the URL and the CSV link", async () => {
    const lists = paymentsServer([
      { id: "plan-1", name: "Supporter", archived: false },
      { id: "plan-0", name: "Founding member", archived: true },
    ]);
    const { user, router } = await openPaymentsPage("/dashboard/c1/payments?purpose=MEMBERSHIP");
    await screen.findByRole("table", { name: /Payments/ });
    const select = await screen.findByRole("combobox", { name: "Plan" });
    expect([...(select as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      "All plans",
      "Supporter",
      "Founding member (archived)",
    ]);
    await user.selectOptions(select, "plan-1");
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ purpose: "MEMBERSHIP", plan: "plan-1" }),
    );
    await waitFor(() =>
      expect(lists.at(-1)?.filter).toMatchObject({ purposes: ["MEMBERSHIP"], planId: "plan-1" }),
    );
    expect((await screen.findByRole("link", { name: /Export filtered to CSV/ })).getAttribute("href")).toBe(
      "/api/communities/c1/payments.csv?purpose=MEMBERSHIP&planId=plan-1",
    );
  });

  it("reads the plan from a shared link", async () => {
    const lists = paymentsServer([{ id: "plan-1", name: "Supporter", archived: false }]);
    await openPaymentsPage("/dashboard/c1/payments?plan=plan-1");
    expect(((await screen.findByRole("combobox", { name: "Plan" })) as HTMLSelectElement).value).toBe(
      "plan-1",
    );
    await waitFor(() => expect(lists.at(-1)?.filter).toMatchObject({ planId: "plan-1" }));
  });

  it("hides the plan filter where the community has no plans", async () => {
    paymentsServer([]);
    await openPaymentsPage();
    await screen.findByRole("table", { name: /Payments/ });
    await screen.findByRole("combobox", { name: "Event" });
    expect(screen.queryByRole("combobox", { name: "Plan" })).toBeNull();
  });
});
