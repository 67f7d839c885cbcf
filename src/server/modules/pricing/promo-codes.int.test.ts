import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  createCommunity,
  createEvent,
  type EventResult,
  quickSignIn,
} from "#server/modules/events/events-test-support.ts";
import { auditTrail } from "#server/modules/log/log.audit.ts";
import { startTestServer, type TestBrowser, type TestServer } from "#server/test/harness.ts";
import { claimPromoCodeUse } from "./promo-claims.service.ts";
import {
  createPromo,
  listPromos,
  PROMO_FIELDS,
  type PromoCodeResult,
  promo,
  setPromoActive,
  updatePromo,
} from "./promo-codes-test-support.ts";

let t: TestServer;
let organizer: TestBrowser;
let member: TestBrowser;
let communityId: string;
let spring: EventResult;
let autumn: EventResult;

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

beforeAll(async () => {
  t = await startTestServer();
  const owner = (await quickSignIn(t, "Olga Owner")).browser;
  communityId = await createCommunity(owner, "Promo club");
  const org = await quickSignIn(t, "Otto Organizer");
  organizer = org.browser;
  await addMember(t, communityId, org.id, "organizer");
  const mem = await quickSignIn(t, "Mia Member");
  member = mem.browser;
  await addMember(t, communityId, mem.id, "member");
  spring = await createEvent(organizer, communityId, {
    title: "Spring gala",
    ticketTypes: [{ name: "Standard" }, { name: "Patron" }],
  });
  autumn = await createEvent(organizer, communityId, { title: "Autumn gala" });
});
afterAll(() => t.close());

const fieldsOf = (result: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  ((result.errors?.[0]?.extensions?.fields ?? []) as { field: string; code: string }[]).map((f) => [
    f.field,
    f.code,
  ]);

describe("promo codes", () => {
  it("makes codes for one event, one of its ticket types, or every event, in the community's currency", async () => {
    const ticket = spring.ticketTypes[1] as { id: string };
    const eventCode = await promo(organizer, communityId, spring.id, {
      code: "Spring10",
      percentOff: 10,
      maxUses: 5,
    });
    expect(eventCode).toMatchObject({
      code: "Spring10",
      eventId: spring.id,
      eventTitle: "Spring gala",
      percentOff: 10,
      amountOffMinor: null,
      maxUses: 5,
      uses: 0,
      active: true,
      status: "ACTIVE",
    });
    const patron = await promo(organizer, communityId, spring.id, {
      code: "PATRON-5",
      amountOffMinor: 500,
      ticketTypeId: ticket.id,
    });
    expect(patron).toMatchObject({ ticketTypeId: ticket.id, ticketTypeName: "Patron", currency: "EUR" });
    const everywhere = await promo(organizer, communityId, null, { code: "MEMBERS_2", amountOffMinor: 200 });
    expect(everywhere).toMatchObject({
      eventId: null,
      eventTitle: null,
      amountOffMinor: 200,
      currency: "EUR",
    });

    const forSpring = await listPromos(organizer, communityId, spring.id);
    expect(forSpring.data?.promoCodes.nodes.map((p) => p.code)).toEqual([
      "MEMBERS_2",
      "PATRON-5",
      "Spring10",
    ]);
    const forAutumn = await listPromos(organizer, communityId, autumn.id);
    expect(forAutumn.data?.promoCodes.nodes.map((p) => p.code)).toEqual(["MEMBERS_2"]);
    const all = await listPromos(organizer, communityId);
    expect(all.data?.promoCodes.nodes.map((p) => p.code)).toEqual(["MEMBERS_2", "PATRON-5", "Spring10"]);
  });

  it("keeps codes unique per community whatever their case", async () => {
    await promo(organizer, communityId, autumn.id, { code: "Harvest", percentOff: 20 });
    const again = await createPromo(organizer, communityId, null, { code: "HARVEST", percentOff: 5 });
    expect(again.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(fieldsOf(again)).toEqual([["code", "PROMO_CODE_TAKEN"]]);

    const elsewhere = await createCommunity(organizer, "Other club");
    const other = await createPromo(organizer, elsewhere, null, { code: "harvest", percentOff: 5 });
    expect(other.errors).toBeUndefined();
  });

  it("refuses each wrong value with a stable code under its field", async () => {
    const cases: [Parameters<typeof createPromo>[3], string | null, [string, string][]][] = [
      [{ code: "x", percentOff: 10 }, null, [["code", "INVALID_FORMAT"]]],
      [{ code: "NONE" }, null, [["discount", "REQUIRED"]]],
      [{ code: "BOTH", percentOff: 10, amountOffMinor: 100 }, null, [["discount", "ONE_DISCOUNT"]]],
      [{ code: "ZERO", percentOff: 0 }, null, [["percentOff", "PERCENT_OUT_OF_RANGE"]]],
      [{ code: "OVER", percentOff: 101 }, null, [["percentOff", "PERCENT_OUT_OF_RANGE"]]],
      [{ code: "NOTHING", amountOffMinor: 0 }, null, [["amountOffMinor", "INVALID_AMOUNT"]]],
      [{ code: "NEVER", percentOff: 10, maxUses: 0 }, null, [["maxUses", "INVALID_LIMIT"]]],
      [
        { code: "BACKWARDS", percentOff: 10, startsAt: inDays(3), expiresAt: inDays(2) },
        null,
        [["expiresAt", "EXPIRES_BEFORE_START"]],
      ],
      [
        { code: "LOOSE", percentOff: 10, ticketTypeId: spring.ticketTypes[0]?.id },
        null,
        [["ticketTypeId", "TICKET_TYPE_NEEDS_EVENT"]],
      ],
      [
        { code: "ELSEWHERE", percentOff: 10, ticketTypeId: spring.ticketTypes[0]?.id },
        autumn.id,
        [["ticketTypeId", "NOT_IN_EVENT"]],
      ],
    ];
    for (const [input, eventId, expected] of cases) {
      const result = await createPromo(organizer, communityId, eventId, input);
      expect(result.errors?.[0]?.extensions?.code, input.code).toBe("BAD_USER_INPUT");
      expect(fieldsOf(result), input.code).toEqual(expected);
    }
  });

  it("changes and deactivates a code, says when one is scheduled or expired, and logs each change", async () => {
    const code = await promo(organizer, communityId, spring.id, {
      code: "EARLYBIRD",
      percentOff: 15,
      startsAt: inDays(1),
      expiresAt: inDays(5),
    });
    expect(code.status).toBe("SCHEDULED");
    const updated = await organizer.graphql<{ updatePromoCode: PromoCodeResult }>(
      `mutation ($id: ID!, $input: PromoCodeInput!) { updatePromoCode(id: $id, input: $input) { ${PROMO_FIELDS} } }`,
      { id: code.id, input: { code: "EarlyBird", percentOff: 25, expiresAt: inDays(5) } },
    );
    expect(updated.errors).toBeUndefined();
    expect(updated.data?.updatePromoCode).toMatchObject({
      code: "EarlyBird",
      percentOff: 25,
      status: "ACTIVE",
    });

    t.clock.advance(6 * DAY);
    const later = await listPromos(organizer, communityId, spring.id);
    expect(later.data?.promoCodes.nodes.find((p) => p.id === code.id)?.status).toBe("EXPIRED");

    const deactivated = await organizer.graphql<{ deactivatePromoCode: PromoCodeResult }>(
      `mutation ($id: ID!) { deactivatePromoCode(id: $id) { ${PROMO_FIELDS} } }`,
      { id: code.id },
    );
    expect(deactivated.data?.deactivatePromoCode).toMatchObject({ active: false, status: "INACTIVE" });

    const trail = await auditTrail(t.server.database.db, communityId);
    expect(
      trail.filter((entry) => entry.target === `promo-code:${code.id}`).map((e) => [e.action, e.after]),
    ).toEqual([
      ["promo_code.created", expect.objectContaining({ code: "EARLYBIRD", percentOff: 15 })],
      ["promo_code.updated", expect.objectContaining({ code: "EarlyBird", percentOff: 25, startsAt: null })],
      ["promo_code.deactivated", { active: false }],
    ]);
  });

  it("edits a used code's discount, limit, expiry and event, but not its text or a limit below its uses", async () => {
    const standard = spring.ticketTypes[0] as { id: string };
    const patron = spring.ticketTypes[1] as { id: string };
    const code = await promo(organizer, communityId, spring.id, {
      code: "Summer5",
      amountOffMinor: 500,
      maxUses: 5,
      ticketTypeId: patron.id,
    });
    const db = t.server.database.db;
    await db.transaction((tx) => claimPromoCodeUse(tx, code.id));
    await db.transaction((tx) => claimPromoCodeUse(tx, code.id));

    const renamed = await updatePromo(organizer, code.id, {
      code: "SUMMER50",
      amountOffMinor: 500,
      maxUses: 1,
    });
    expect(renamed.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(fieldsOf(renamed)).toEqual([
      ["code", "PROMO_CODE_USED"],
      ["maxUses", "LIMIT_BELOW_USES"],
    ]);
    const before = (await listPromos(organizer, communityId)).data?.promoCodes.nodes.find(
      (p) => p.id === code.id,
    );
    expect(before).toMatchObject({ code: "Summer5", maxUses: 5, uses: 2, amountOffMinor: 500 });

    const edited = await updatePromo(
      organizer,
      code.id,
      { code: "Summer5", percentOff: 30, maxUses: 2, ticketTypeId: standard.id, expiresAt: inDays(30) },
      undefined,
    );
    expect(edited.errors).toBeUndefined();
    expect(edited.data?.updatePromoCode).toMatchObject({
      code: "Summer5",
      eventId: spring.id,
      percentOff: 30,
      amountOffMinor: null,
      maxUses: 2,
      uses: 2,
      ticketTypeName: "Standard",
      status: "USED_UP",
    });

    const wrongTicket = await updatePromo(
      organizer,
      code.id,
      { code: "Summer5", percentOff: 30, ticketTypeId: standard.id },
      autumn.id,
    );
    expect(fieldsOf(wrongTicket)).toEqual([["ticketTypeId", "NOT_IN_EVENT"]]);
    const moved = await updatePromo(
      organizer,
      code.id,
      { code: "Summer5", percentOff: 30, maxUses: 10 },
      autumn.id,
    );
    expect(moved.data?.updatePromoCode).toMatchObject({ eventId: autumn.id, eventTitle: "Autumn gala" });
    const everywhere = await updatePromo(
      organizer,
      code.id,
      { code: "Summer5", percentOff: 30, maxUses: 10 },
      null,
    );
    expect(everywhere.data?.updatePromoCode).toMatchObject({
      eventId: null,
      ticketTypeId: null,
      status: "ACTIVE",
    });
    const forAutumn = await listPromos(organizer, communityId, autumn.id);
    expect(forAutumn.data?.promoCodes.nodes.map((p) => p.code)).toContain("Summer5");

    const elsewhere = await createCommunity(organizer, "Elsewhere club");
    const foreign = await createEvent(organizer, elsewhere, { title: "Foreign night" });
    const stolen = await updatePromo(organizer, code.id, { code: "Summer5", percentOff: 30 }, foreign.id);
    expect(stolen.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");

    const trail = await auditTrail(db, communityId);
    expect(
      trail
        .filter((entry) => entry.target === `promo-code:${code.id}` && entry.action === "promo_code.updated")
        .map((e) => e.after?.eventId),
    ).toEqual([spring.id, autumn.id, null]);
  });

  it("turns a deactivated code back on, so orders can claim it again", async () => {
    const code = await promo(organizer, communityId, null, { code: "COMEBACK", percentOff: 10 });
    const db = t.server.database.db;
    const off = await setPromoActive(organizer, code.id, false);
    expect(off.data?.deactivatePromoCode).toMatchObject({ active: false, status: "INACTIVE" });
    await expect(db.transaction((tx) => claimPromoCodeUse(tx, code.id))).rejects.toMatchObject({
      code: "PROMO_CODE_INVALID",
    });

    const on = await setPromoActive(organizer, code.id, true);
    expect(on.errors).toBeUndefined();
    expect(on.data?.reactivatePromoCode).toMatchObject({ active: true, status: "ACTIVE" });
    expect(await db.transaction((tx) => claimPromoCodeUse(tx, code.id))).toBe(1);
    const again = await setPromoActive(organizer, code.id, true);
    expect(again.data?.reactivatePromoCode).toMatchObject({ active: true, uses: 1 });

    const trail = await auditTrail(db, communityId);
    expect(
      trail.filter((entry) => entry.target === `promo-code:${code.id}`).map((e) => [e.action, e.after]),
    ).toEqual([
      ["promo_code.created", expect.objectContaining({ code: "COMEBACK" })],
      ["promo_code.deactivated", { active: false }],
      ["promo_code.reactivated", { active: true }],
    ]);
  });

  it("leaves members of the community out: FORBIDDEN to see or make codes", async () => {
    const list = await listPromos(member, communityId);
    expect(list.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const made = await createPromo(member, communityId, null, { code: "FREEBIE", percentOff: 100 });
    expect(made.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const someone = (await listPromos(organizer, communityId)).data?.promoCodes.nodes[0] as PromoCodeResult;
    const off = await member.graphql("mutation ($id: ID!) { deactivatePromoCode(id: $id) { id } }", {
      id: someone.id,
    });
    expect(off.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const edited = await updatePromo(member, someone.id, { code: someone.code, percentOff: 100 }, null);
    expect(edited.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const on = await setPromoActive(member, someone.id, true);
    expect(on.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
