import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  account,
  community,
  domainEvent,
  event,
  payment,
  registration,
  session,
  user,
} from "#server/db/schema.ts";
import { serverWithTexts } from "#server/modules/auth/texting-server.test-support.ts";
import {
  createEvent,
  type EventResult,
  getEventAs,
  type RegistrationResult,
  registerFor,
} from "#server/modules/events/events-test-support.ts";
import { communityWithOwner, join } from "#server/modules/membership/membership-test-support.ts";
import { recordPaymentAs } from "#server/modules/payments/ledger-test-support.ts";
import { type TestBrowser, uniqueEmail } from "#server/test/harness.ts";
import { mailedDeletionCode, rowsMentioning } from "./account-deletion-test-support.ts";

const texting = serverWithTexts();

const db = () => texting.t.server.database.db;
const askForCode = (browser: TestBrowser, email: string) => mailedDeletionCode(texting.t, browser, email);

describe("deleting one's account", () => {
  it("asks owners to hand over their communities first, then needs a fresh mailed code", async () => {
    const { owner, ownerUser, communityId, slug } = await communityWithOwner(texting.t);
    const listed = await owner.fetch("/api/account/deletion");
    expect(await listed.json()).toEqual({
      ownedCommunities: [{ id: communityId, name: `Community ${slug}`, slug }],
      codeGoesTo: { channel: "email", to: ownerUser.email },
    });
    const refused = await owner.post("/api/account/deletion/code", {});
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: "OWNER_MUST_TRANSFER" });

    const deleted = await owner.graphql(
      "mutation ($id: ID!, $name: String!) { deleteCommunity(id: $id, confirmName: $name) }",
      {
        id: communityId,
        name: `Community ${slug}`,
      },
    );
    expect(deleted.errors).toBeUndefined();
    expect(await (await owner.fetch("/api/account/deletion")).json()).toMatchObject({ ownedCommunities: [] });

    const code = await askForCode(owner, ownerUser.email);
    const wrong = await owner.post("/api/account/deletion", {
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "INVALID_CODE" });
    // A sign-in code for the same address does not delete anything.
    const before = texting.t.smtp.mails.length;
    await texting.t.browser().sendCode(ownerUser.email);
    const signInCode = await texting.t.smtp.codeFor(ownerUser.email, before);
    const mixedUp = await owner.post("/api/account/deletion", {
      code: signInCode === code ? "222222" : signInCode,
    });
    expect(mixedUp.status).toBe(400);
    // The code expires with the sign-in code's ten minutes.
    texting.t.clock.advance(11 * 60_000);
    const late = await owner.post("/api/account/deletion", { code });
    expect(await late.json()).toMatchObject({
      code: "INVALID_CODE",
      message: expect.stringMatching(/expired/),
    });
    const [still] = await db().select().from(user).where(eq(user.id, ownerUser.id));
    expect(still?.deletedAt).toBeNull();
  });

  it("leaves nothing personal behind and keeps other people's registrations, payments and counts", async () => {
    const { owner, communityId } = await communityWithOwner(texting.t);
    const leaver = texting.t.browser();
    const email = uniqueEmail("leaving");
    const me = await leaver.signIn(email, "Lorna Leaving");
    const other = texting.t.browser();
    const otherUser = await other.signIn(uniqueEmail("staying"), "Stan Staying");
    for (const browser of [leaver, other]) expect((await join(browser, communityId)).errors).toBeUndefined();
    const [{ memberCount: membersBefore } = { memberCount: 0 }] = await db()
      .select({ memberCount: community.memberCount })
      .from(community)
      .where(eq(community.id, communityId));

    // An upcoming event she holds the only seat of, with someone waiting.
    const upcoming = await createEvent(owner, communityId, { capacity: 1 });
    const mine = (await registerFor(leaver, upcoming.id)).data?.register as RegistrationResult;
    const theirs = (await registerFor(other, upcoming.id)).data?.register as RegistrationResult;
    expect([mine.status, theirs.status]).toEqual(["GOING", "WAITLISTED"]);
    // A past event both went to.
    const past: EventResult = await createEvent(owner, communityId);
    for (const browser of [leaver, other]) await registerFor(browser, past.id);
    await db()
      .update(event)
      .set({
        startsAt: new Date(Date.now() - 3 * 86_400_000),
        endsAt: new Date(Date.now() - 3 * 86_400_000 + 3_600_000),
      })
      .where(eq(event.id, past.id));
    const recorded = await recordPaymentAs(owner, communityId, {
      payerName: "",
      payerEmail: email,
      amountMinor: 2_500,
    });
    expect(recorded.errors).toBeUndefined();

    // A number added on /me with a texted code, a newer code on its way to it, and an
    // authenticator app's secret.
    const phone = `+447400${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
    const appSecret = "LORNASAPPSECRETKEY";
    let before = texting.twilio.texts.length;
    expect((await leaver.post("/api/auth/phone-number/send-otp", { phoneNumber: phone })).status).toBe(200);
    const added = await leaver.post("/api/auth/phone-number/verify", {
      phoneNumber: phone,
      code: await texting.twilio.codeFor(phone, before),
      updatePhoneNumber: true,
    });
    expect(added.status).toBe(200);
    expect((await leaver.post("/api/auth/phone-number/send-otp", { phoneNumber: phone })).status).toBe(200);
    await db().execute(sql`insert into two_factor (id, secret, backup_codes, user_id)
      values ('tf-lorna', ${appSecret}, 'codes', ${me.id})`);
    const personal = [email, "Lorna Leaving", phone, appSecret];

    // The scan below finds her before the deletion.
    const found = await rowsMentioning(texting.t, personal);
    expect(found.some((row) => row.startsWith("throttle:") && row.includes(phone))).toBe(true);
    expect(found.some((row) => row.startsWith("verification:") && row.includes(phone))).toBe(true);
    // She still has a real address: the code comes by mail, not by text.
    expect(await (await leaver.fetch("/api/account/deletion")).json()).toMatchObject({
      codeGoesTo: { channel: "email", to: email },
    });
    before = texting.twilio.texts.length;
    const code = await askForCode(leaver, email);
    expect(texting.twilio.texts.length).toBe(before);
    before = texting.t.smtp.mails.length;
    const done = await leaver.post("/api/account/deletion", { code });
    expect(done.status).toBe(200);
    const goodbye = await texting.t.smtp.waitFor(
      (m) =>
        texting.t.smtp.mails.indexOf(m) >= before && m.to.includes(email) && /is deleted/.test(m.subject),
    );
    expect(goodbye.text).toContain("sign up again");

    // Signed out everywhere at once, and the code does not work twice.
    expect(await (await leaver.fetch("/api/auth/get-session")).json()).toBeNull();
    expect(await db().select().from(session).where(eq(session.userId, me.id))).toEqual([]);
    expect(await db().select().from(account).where(eq(account.userId, me.id))).toEqual([]);
    await texting.t.drain();
    expect(await rowsMentioning(texting.t, personal)).toEqual([]);
    const [tombstone] = await db().select().from(user).where(eq(user.id, me.id));
    expect(tombstone).toMatchObject({ name: "Deleted account", image: null, emailVerified: false });
    expect(tombstone?.deletedAt).toBeInstanceOf(Date);
    const [entry] = await db()
      .select()
      .from(domainEvent)
      .where(and(eq(domainEvent.type, "user.deleted"), eq(domainEvent.subjectId, me.id)));
    expect(entry?.payload).toEqual({ userId: me.id });

    // The seat went to the person waiting; the past event still counts both who came.
    expect((await getEventAs(other, upcoming.id)).data?.event).toMatchObject({
      goingCount: 1,
      waitlistCount: 0,
    });
    const [promoted] = await db().select().from(registration).where(eq(registration.id, theirs.id));
    expect(promoted?.status).toBe("going");
    const pastRows = await db().select().from(registration).where(eq(registration.eventId, past.id));
    expect(pastRows.map((row) => [row.userId, row.status]).sort()).toEqual(
      [
        [me.id, "going"],
        [otherUser.id, "going"],
      ].sort(),
    );
    expect((await getEventAs(owner, past.id)).data?.event).toMatchObject({ goingCount: 2 });
    // She left the community; everyone else is still in it.
    const [{ memberCount: membersAfter } = { memberCount: 0 }] = await db()
      .select({ memberCount: community.memberCount })
      .from(community)
      .where(eq(community.id, communityId));
    expect(membersAfter).toBe(membersBefore - 1);
    const members = await owner.graphql<{ community: { memberCount: number } }>(
      "query ($id: ID!) { community(id: $id) { id memberCount } }",
      { id: communityId },
    );
    expect(members.data?.community).toMatchObject({ memberCount: membersBefore - 1 });
    // The community's ledger keeps the money, with the payer anonymised.
    const [paid] = await db().select().from(payment).where(eq(payment.communityId, communityId));
    expect(paid).toMatchObject({ amountMinor: 2_500, payerName: "Deleted account", payerEmail: null });

    // The address is free: signing up again starts a new, empty account.
    const again = await texting.t.browser().signIn(email);
    expect(again.id).not.toBe(me.id);
    expect(again.name).toBe("");
  });
});
