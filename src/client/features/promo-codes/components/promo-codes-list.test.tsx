import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  CreatePromoCodeDocument,
  DeactivatePromoCodeDocument,
  PromoCodeEventsDocument,
  type PromoCodeFieldsFragment,
  PromoCodesDocument,
  ReactivatePromoCodeDocument,
  TicketPricingDocument,
  UpdatePromoCodeDocument,
} from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { communityFixture, eventDashboardHandlers, eventFixture } from "#client/test-fixtures.ts";
import { api, graphqlError } from "#client/test-network.ts";
import { fromWallTime } from "#shared/time.ts";

const EVENT_URL = "/dashboard/c1/events/e1";

const ticket = (id: string, name: string, priceMinor: number) => ({
  id,
  name,
  quantity: null,
  remaining: null,
  priceMinor,
  memberPriceMinor: null,
  maxPerOrder: 10,
  salesStartAt: null,
  salesEndAt: null,
});

const code = (overrides: Partial<PromoCodeFieldsFragment>): PromoCodeFieldsFragment => ({
  id: "p1",
  code: "WELCOME",
  eventId: null,
  eventTitle: null,
  ticketTypeId: null,
  ticketTypeName: null,
  percentOff: null,
  amountOffMinor: 500,
  currency: "EUR",
  maxUses: null,
  uses: 2,
  startsAt: null,
  expiresAt: null,
  active: true,
  status: "ACTIVE",
  ...overrides,
});

/** The server's codes of the community: creating and deactivating change what the list answers next. */
function promoServer(initial: PromoCodeFieldsFragment[], canTakePayments = true) {
  let codes = initial;
  const sent: { operation: string; variables: Record<string, unknown> }[] = [];
  const handlers = [
    api.query(TicketPricingDocument, () =>
      HttpResponse.json({
        data: {
          community: { id: "c1", currency: "EUR", canTakePayments, viewerCapabilities: ["EVENTS_MANAGE"] },
        },
      }),
    ),
    api.query(PromoCodesDocument, () =>
      HttpResponse.json({
        data: { promoCodes: { nodes: codes, pageInfo: { endCursor: null, hasNextPage: false } } },
      }),
    ),
    api.mutation(CreatePromoCodeDocument, ({ variables }) => {
      sent.push({ operation: "create", variables });
      if (String(variables.input.code).toUpperCase() === "WELCOME") {
        return graphqlError("BAD_USER_INPUT", "Taken", [
          {
            field: "code",
            code: "PROMO_CODE_TAKEN",
            message: "This community already has that code. Choose another.",
          },
        ]);
      }
      const created = code({
        id: "p2",
        code: String(variables.input.code),
        eventId: "e1",
        eventTitle: "Spring gala",
        percentOff: variables.input.percentOff ?? null,
        amountOffMinor: variables.input.amountOffMinor ?? null,
        ticketTypeId: variables.input.ticketTypeId ? String(variables.input.ticketTypeId) : null,
        ticketTypeName: variables.input.ticketTypeId ? "Patron" : null,
        maxUses: variables.input.maxUses ?? null,
        uses: 0,
        expiresAt: variables.input.expiresAt ? String(variables.input.expiresAt) : null,
      });
      codes = [created, ...codes];
      return HttpResponse.json({ data: { createPromoCode: created } });
    }),
    api.mutation(DeactivatePromoCodeDocument, ({ variables }) => {
      sent.push({ operation: "deactivate", variables });
      codes = codes.map((c) =>
        c.id === variables.id ? { ...c, active: false, status: "INACTIVE" as const } : c,
      );
      const changed = codes.find((c) => c.id === variables.id) ?? null;
      return HttpResponse.json({ data: { deactivatePromoCode: changed as PromoCodeFieldsFragment } });
    }),
    api.mutation(ReactivatePromoCodeDocument, ({ variables }) => {
      sent.push({ operation: "reactivate", variables });
      codes = codes.map((c) =>
        c.id === variables.id ? { ...c, active: true, status: "ACTIVE" as const } : c,
      );
      const changed = codes.find((c) => c.id === variables.id) ?? null;
      return HttpResponse.json({ data: { reactivatePromoCode: changed as PromoCodeFieldsFragment } });
    }),
    api.mutation(UpdatePromoCodeDocument, ({ variables }) => {
      sent.push({ operation: "update", variables });
      const current = codes.find((c) => c.id === variables.id) as PromoCodeFieldsFragment;
      const maxUses = variables.input.maxUses ?? null;
      if (maxUses !== null && maxUses < current.uses) {
        return graphqlError("BAD_USER_INPUT", "Invalid input", [
          {
            field: "maxUses",
            code: "LIMIT_BELOW_USES",
            message: `It has been used ${current.uses} times: allow at least ${current.uses}, or leave it empty for no limit.`,
          },
        ]);
      }
      const eventId = variables.eventId == null ? null : String(variables.eventId);
      const saved = {
        ...current,
        eventId,
        eventTitle: eventId ? "Spring gala" : null,
        percentOff: variables.input.percentOff ?? null,
        amountOffMinor: variables.input.amountOffMinor ?? null,
        maxUses,
      };
      codes = codes.map((c) => (c.id === saved.id ? saved : c));
      return HttpResponse.json({ data: { updatePromoCode: saved } });
    }),
    api.query(PromoCodeEventsDocument, () =>
      HttpResponse.json({
        data: {
          upcoming: {
            nodes: [
              { id: "e1", title: "Spring gala", ticketTypes: [{ id: "t1", name: "Standard" }] },
              { id: "e2", title: "Autumn gala", ticketTypes: [{ id: "t3", name: "Standard" }] },
            ],
          },
          drafts: { nodes: [] },
        },
      }),
    ),
  ];
  return { handlers, sent };
}

async function openEvent(promos: ReturnType<typeof promoServer>, tickets = [ticket("t1", "Standard", 2500)]) {
  const app = await renderApp(EVENT_URL, {
    signedInAs: adaUser,
    handlers: [
      ...promos.handlers,
      ...eventDashboardHandlers({
        community: communityFixture({ viewerCapabilities: ["COMMUNITY_VIEW", "EVENTS_MANAGE"] }),
        event: eventFixture({ title: "Spring gala", timeZone: "Europe/Berlin", ticketTypes: tickets }),
        rows: () => [],
      }),
    ],
  });
  const section = await screen.findByRole("region", { name: "Promo codes" });
  return { ...app, section };
}

describe("promo codes on the event dashboard", () => {
  it("lists the codes buyers of the event can use, and makes one for one ticket type with a limit and an expiry", async () => {
    const promos = promoServer([code({})]);
    const { user, section } = await openEvent(promos, [
      ticket("t1", "Standard", 2500),
      ticket("t2", "Patron", 9000),
    ]);
    const table = within(section).getByRole("table", { name: "Promo codes" });
    const welcome = within(table).getByRole("row", { name: /WELCOME/ });
    expect(welcome.textContent).toContain("€5.00 off each ticket");
    expect(welcome.textContent).toContain("Every event");

    await user.click(within(section).getByRole("button", { name: "New promo code" }));
    const dialog = await screen.findByRole("dialog", { name: "New promo code" });
    await user.type(within(dialog).getByLabelText("Code"), "Patrons20");
    await user.type(within(dialog).getByLabelText("Percent off (%)"), "20");
    await user.selectOptions(within(dialog).getByLabelText("Ticket type"), "Patron");
    await user.type(within(dialog).getByLabelText("Usage limit (optional)"), "5");
    fireEvent.change(within(dialog).getByLabelText("Expires date"), { target: { value: "2036-06-01" } });
    fireEvent.change(within(dialog).getByLabelText("Expires time"), { target: { value: "18:00" } });
    await user.click(within(dialog).getByRole("button", { name: "Create code" }));

    const expires = fromWallTime("2036-06-01T18:00", "Europe/Berlin");
    expect(promos.sent).toEqual([
      {
        operation: "create",
        variables: {
          communityId: "c1",
          eventId: "e1",
          input: {
            code: "Patrons20",
            percentOff: 20,
            amountOffMinor: null,
            ticketTypeId: "t2",
            maxUses: 5,
            startsAt: null,
            expiresAt: expires.ok ? expires.instant.toISOString() : "",
          },
        },
      },
    ]);
    const row = await within(section).findByRole("row", { name: /Patrons20/ });
    expect(row.textContent).toContain("20% off");
    expect(row.textContent).toContain("Patron · Spring gala");
    expect(row.textContent).toContain("0 of 5");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says beside each field what is wrong before sending, and shows the server's refusal beside the code", async () => {
    const promos = promoServer([code({})]);
    const { user, section } = await openEvent(promos);
    await user.click(within(section).getByRole("button", { name: "New promo code" }));
    const dialog = await screen.findByRole("dialog", { name: "New promo code" });
    await user.type(within(dialog).getByLabelText("Code"), "x");
    await user.click(within(dialog).getByLabelText("Amount off each ticket"));
    await user.type(within(dialog).getByLabelText("Amount off (EUR)"), "1.234");
    await user.click(within(dialog).getByRole("button", { name: "Create code" }));
    const described = (label: string) =>
      (within(dialog).getByLabelText(label).getAttribute("aria-describedby") ?? "")
        .split(" ")
        .map((id) => document.getElementById(id)?.textContent)
        .join(" ");
    expect(described("Code")).toContain("Use 3 to 40 letters, digits, dashes or underscores.");
    expect(described("Amount off (EUR)")).toContain("EUR amounts have at most 2 decimals.");
    expect(promos.sent).toEqual([]);

    await user.clear(within(dialog).getByLabelText("Code"));
    await user.type(within(dialog).getByLabelText("Code"), "welcome");
    await user.clear(within(dialog).getByLabelText("Amount off (EUR)"));
    await user.type(within(dialog).getByLabelText("Amount off (EUR)"), "3");
    await user.click(within(dialog).getByRole("button", { name: "Create code" }));
    await within(dialog).findByText("This community already has that code. Choose another.");
    expect(described("Code")).toContain("This community already has that code.");
    expect((within(dialog).getByLabelText("Code") as HTMLInputElement).value).toBe("welcome");
    expect(promos.sent).toHaveLength(1);
  });

  it("deactivates a code", async () => {
    const promos = promoServer([code({})]);
    const { user, section } = await openEvent(promos);
    await user.click(within(section).getByRole("button", { name: "Deactivate WELCOME" }));
    const row = within(section).getByRole("row", { name: /WELCOME/ });
    await within(row).findByText("Deactivated");
    expect(promos.sent).toEqual([{ operation: "deactivate", variables: { id: "p1" } }]);
    expect(within(row).queryByRole("button", { name: /Deactivate/ })).toBeNull();
  });

  it("stays out of the way while every ticket is free and the community cannot take payments", async () => {
    const promos = promoServer([], false);
    await renderApp(EVENT_URL, {
      signedInAs: adaUser,
      handlers: [
        ...promos.handlers,
        ...eventDashboardHandlers({
          community: communityFixture({ viewerCapabilities: ["COMMUNITY_VIEW", "EVENTS_MANAGE"] }),
          event: eventFixture({ title: "Picnic" }),
          rows: () => [],
        }),
      ],
    });
    await screen.findByRole("heading", { name: "Picnic" });
    expect(screen.queryByRole("region", { name: "Promo codes" })).toBeNull();
  });
});

describe("promo codes in settings", () => {
  it("lists every code of the community and makes codes for all its events", async () => {
    const promos = promoServer([
      code({}),
      code({
        id: "p3",
        code: "GALA10",
        eventId: "e1",
        eventTitle: "Spring gala",
        amountOffMinor: null,
        percentOff: 10,
      }),
    ]);
    const { user } = await renderApp("/dashboard/c1/edit", {
      signedInAs: adaUser,
      handlers: [
        ...promos.handlers,
        ...eventDashboardHandlers({
          community: communityFixture({ viewerCapabilities: ["COMMUNITY_VIEW", "EVENTS_MANAGE"] }),
          rows: () => [],
        }),
      ],
    });
    const section = await screen.findByRole("region", { name: "Promo codes" });
    expect((await within(section).findByRole("row", { name: /GALA10/ })).textContent).toContain(
      "Spring gala",
    );
    expect(within(section).getByRole("row", { name: /WELCOME/ }).textContent).toContain("Every event");

    await user.click(within(section).getByRole("button", { name: "New promo code" }));
    const dialog = await screen.findByRole("dialog", { name: "New promo code" });
    expect(within(dialog).queryByLabelText("Ticket type")).toBeNull();
    await user.type(within(dialog).getByLabelText("Code"), "Friends");
    await user.type(within(dialog).getByLabelText("Percent off (%)"), "15");
    await user.click(within(dialog).getByRole("button", { name: "Create code" }));
    await within(section).findByRole("row", { name: /Friends/ });
    expect(promos.sent[0]?.variables).toMatchObject({ communityId: "c1", eventId: null });
  });
});

describe("editing and reactivating promo codes", () => {
  async function openSettings(promos: ReturnType<typeof promoServer>) {
    const app = await renderApp("/dashboard/c1/edit", {
      signedInAs: adaUser,
      handlers: [
        ...promos.handlers,
        ...eventDashboardHandlers({
          community: communityFixture({ viewerCapabilities: ["COMMUNITY_VIEW", "EVENTS_MANAGE"] }),
          rows: () => [],
        }),
      ],
    });
    const section = await screen.findByRole("region", { name: "Promo codes" });
    return { ...app, section };
  }
  const describedText = (field: HTMLElement) =>
    (field.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent)
      .join(" ");

  it("opens a used code filled in, keeps its text, shows the server's refusal beside the limit and keeps what was typed", async () => {
    const promos = promoServer([
      code({
        id: "p3",
        code: "GALA10",
        eventId: "e1",
        eventTitle: "Spring gala",
        amountOffMinor: null,
        percentOff: 10,
        maxUses: 20,
        uses: 3,
      }),
    ]);
    const { user, section } = await openSettings(promos);
    await user.click(await within(section).findByRole("button", { name: "Edit GALA10" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit GALA10" });
    const codeField = within(dialog).getByLabelText("Code") as HTMLInputElement;
    expect(codeField.value).toBe("GALA10");
    expect(codeField.readOnly).toBe(true);
    expect(describedText(codeField)).toContain("Buyers have used this code 3 times, so it can't be renamed.");
    const appliesTo = within(dialog).getByLabelText("Applies to") as HTMLSelectElement;
    await within(appliesTo).findByRole("option", { name: "Autumn gala" });
    expect(appliesTo.value).toBe("e1");
    const percent = within(dialog).getByLabelText("Percent off (%)") as HTMLInputElement;
    expect(percent.value).toBe("10");
    const limit = within(dialog).getByLabelText("Usage limit (optional)") as HTMLInputElement;
    expect(limit.value).toBe("20");

    await user.clear(percent);
    await user.type(percent, "25");
    await user.clear(limit);
    await user.type(limit, "2");
    await user.selectOptions(appliesTo, "Every event");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await within(dialog).findByText(/allow at least 3/);
    expect(describedText(limit)).toContain("It has been used 3 times: allow at least 3");
    expect(percent.value).toBe("25");
    expect(limit.value).toBe("2");
    expect(appliesTo.value).toBe("");

    await user.clear(limit);
    await user.type(limit, "5");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(promos.sent.at(-1)).toEqual({
      operation: "update",
      variables: {
        id: "p3",
        eventId: null,
        input: {
          code: "GALA10",
          percentOff: 25,
          amountOffMinor: null,
          ticketTypeId: null,
          maxUses: 5,
          startsAt: null,
          expiresAt: null,
        },
      },
    });
    const row = await within(section).findByRole("row", { name: /GALA10.*25% off/ });
    expect(row.textContent).toContain("Every event");
    expect(row.textContent).toContain("3 of 5");
  });

  it("turns a deactivated code back on", async () => {
    const promos = promoServer([code({ active: false, status: "INACTIVE" })]);
    const { user, section } = await openSettings(promos);
    const row = await within(section).findByRole("row", { name: /WELCOME/ });
    expect(within(row).getByText("Deactivated")).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Reactivate WELCOME" }));
    await within(row).findByText("Active");
    expect(promos.sent).toEqual([{ operation: "reactivate", variables: { id: "p1" } }]);
    expect(within(row).getByRole("button", { name: "Deactivate WELCOME" })).toBeTruthy();
  });
});
