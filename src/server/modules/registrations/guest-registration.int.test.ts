// One-step guest registration end to end: the real server, real SMTP, a real database. The guest
// never gets a session; the mail's private link is what lets them see and cancel.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "#server/db/schema.ts";
import {
  createCommunity,
  createEvent,
  quickSignIn,
  REGISTRATION_FIELDS,
  type RegistrationResult,
  registerFor,
} from "#server/modules/events/events-test-support.ts";
import { qrOf } from "#server/modules/notifications/notifications-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { GUEST_LIMITS } from "./guest-registrations.service.ts";
import {
  cancelManaged,
  mailsTo,
  managed,
  manageTokenOf,
  registerAsGuest,
  resendTicket,
} from "./guest-test-support.ts";

let t: TestServer;
let organizer: TestBrowser;
let organizerEmail: string;
let communityId: string;
/** Moved forward by the digest test: the jobs' clock is `Date.now() + clockOffsetMs`. */
let clockOffsetMs = 0;

const MY_REGISTRATIONS = `query { myRegistrations(when: UPCOMING) { nodes { ${REGISTRATION_FIELDS} } } }`;

beforeAll(async () => {
  t = await startTestServer({
    // The sender runs when a test drains it, never on its own between a commit and an assertion.
    overrides: { jobs: { pollIntervalMs: 3_600_000 } },
    clock: () => new Date(Date.now() + clockOffsetMs),
  });
  const signedIn = await quickSignIn(t, "Olivia Organizer");
  organizer = signedIn.browser;
  const [row] = await t.server.database.db.select().from(user).where(eq(user.id, signedIn.id));
  organizerEmail = row?.email as string;
  communityId = await createCommunity(organizer, "Guest club");
});
afterAll(() => t.close());

const subjects = (mails: { subject: string }[]) => mails.map((m) => m.subject);

describe("a signed-out guest registers in one step", () => {
  it("gets a mail whose private link shows the ticket without a session, and cancels through it", async () => {
    const event = await createEvent(organizer, communityId, {
      title: "Guest night",
      capacity: 1,
      onlineUrl: "https://meet.example.test/guest-night",
      questions: [{ kind: "SHORT_TEXT", label: "Diet", required: true }],
    });
    const questionId = event.questions[0]?.id as string;
    const guest = t.browser();
    const email = uniqueEmail("ada");
    const result = await registerAsGuest(guest, event.id, {
      name: "  Ada   Guest ",
      email: email.toUpperCase(),
      answers: [{ questionId, values: ["vegan"] }],
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?.registerAsGuest).toEqual({ status: "GOING", email });
    // Not signed in by this: no cookie, and the API still sees nobody.
    expect(guest.cookies.size).toBe(0);
    expect((await guest.graphql<{ viewer: unknown }>("query { viewer { id } }")).data?.viewer).toBeNull();

    const [confirmation] = await mailsTo(t, email);
    expect(confirmation?.subject).toBe("You're going: Guest night");
    expect(confirmation?.text).toContain("Hi Ada Guest,");
    const token = manageTokenOf(confirmation as never);
    const stranger = t.browser();
    const page = await managed(stranger, token);
    expect(page.errors).toBeUndefined();
    expect(page.data?.managedRegistration).toMatchObject({
      status: "GOING",
      name: "Ada Guest",
      email,
      canCancel: true,
      onlineUrl: "https://meet.example.test/guest-night",
      ticketTypeName: "General",
      event: { id: event.id, title: "Guest night", goingCount: 1 },
    });
    expect((await qrOf(confirmation as never))?.text).toBe(page.data?.managedRegistration.checkInCode);

    // A forged or altered link finds nothing.
    const forged = await managed(stranger, `${page.data?.managedRegistration.id}.${"A".repeat(43)}`);
    expect(forged.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");

    // The organizer sees the typed name on the guest list.
    const second = uniqueEmail("bo");
    const waiting = await registerAsGuest(t.browser(), event.id, {
      name: "Bo Waiting",
      email: second,
      answers: [{ questionId, values: ["none"] }],
    });
    expect(waiting.data?.registerAsGuest.status).toBe("WAITLISTED");
    const [waitMail] = await mailsTo(t, second);
    expect(waitMail?.subject).toBe("You're on the waitlist for Guest night");

    const canceled = await cancelManaged(stranger, token);
    expect(canceled.errors).toBeUndefined();
    expect(canceled.data?.cancelManagedRegistration).toMatchObject({
      status: "CANCELED",
      canCancel: false,
      checkInCode: null,
      onlineUrl: null,
      event: { goingCount: 1, waitlistCount: 0 },
    });
    const adaMails = await mailsTo(t, email);
    expect(subjects(adaMails)).toEqual([
      "You're going: Guest night",
      "Canceled: your registration for Guest night",
    ]);
    const boMails = await mailsTo(t, second);
    expect(subjects(boMails)).toEqual([
      "You're on the waitlist for Guest night",
      "A spot opened up: you're going to Guest night",
    ]);
    const promoted = await managed(stranger, manageTokenOf(boMails[1] as never));
    expect(promoted.data?.managedRegistration).toMatchObject({ status: "GOING", name: "Bo Waiting" });
  });

  it("attaches the registration to the account holding the address; it shows in /me after sign-in", async () => {
    const event = await createEvent(organizer, communityId, { title: "Known address" });
    const email = uniqueEmail("known");
    const account = t.browser();
    const me = await account.signIn(email, "Karla Known");
    await account.post("/api/auth/sign-out", {});

    const guest = await registerAsGuest(t.browser(), event.id, { name: "Someone Typing", email });
    expect(guest.data?.registerAsGuest.status).toBe("GOING");
    // The typed name is the registration's; the account keeps its own.
    const [row] = await t.server.database.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ id: me.id, name: "Karla Known" });

    const again = t.browser();
    await again.signIn(email);
    const mine = await again.graphql<{ myRegistrations: { nodes: RegistrationResult[] } }>(MY_REGISTRATIONS);
    expect(mine.data?.myRegistrations.nodes.map((r) => [r.event.id, r.status, r.person.name])).toEqual([
      [event.id, "GOING", "Someone Typing"],
    ]);
    expect(mine.data?.myRegistrations.nodes[0]?.checkInCode).toMatch(/^[A-Z2-9]{10}$/);
  });

  it("keeps an unknown address's registration for whoever proves the address with a code later", async () => {
    const event = await createEvent(organizer, communityId, { title: "New address" });
    const email = uniqueEmail("newcomer");
    expect((await registerAsGuest(t.browser(), event.id, { name: "Nia New", email })).errors).toBeUndefined();
    const [pending] = await t.server.database.db.select().from(user).where(eq(user.email, email));
    expect(pending).toMatchObject({ emailVerified: false, name: "" });

    const later = t.browser();
    const signedIn = await later.signIn(email);
    expect(signedIn.id).toBe(pending?.id);
    // The name was never proven: sign-in asks for one (empty), the registration keeps the typed one.
    expect(signedIn.name).toBe("");
    const [verified] = await t.server.database.db.select().from(user).where(eq(user.email, email));
    expect(verified?.emailVerified).toBe(true);
    const mine = await later.graphql<{ myRegistrations: { nodes: RegistrationResult[] } }>(MY_REGISTRATIONS);
    expect(mine.data?.myRegistrations.nodes.map((r) => [r.event.id, r.person.name])).toEqual([
      [event.id, "Nia New"],
    ]);
  });

  it("answers ALREADY_REGISTERED for a second registration and resends the ticket, rate limited", async () => {
    const event = await createEvent(organizer, communityId, { title: "Twice" });
    const email = uniqueEmail("twice");
    const guest = t.browser();
    await registerAsGuest(guest, event.id, { name: "Tia Twice", email });
    const again = await registerAsGuest(t.browser(), event.id, { name: "Tia Again", email });
    expect(again.errors?.[0]?.extensions?.code).toBe("ALREADY_REGISTERED");
    expect(again.data?.registerAsGuest ?? null).toBeNull();

    const resent = await resendTicket(t.browser(), event.id, email);
    expect(resent.data?.resendTicket).toBe(true);
    const mails = await mailsTo(t, email);
    expect(subjects(mails)).toEqual(["You're going: Twice", "You're going: Twice"]);
    expect(mails[1]?.text).toContain("Hi Tia Twice,");

    // An address with no registration gets the same answer and no mail.
    const nobody = uniqueEmail("nobody");
    expect((await resendTicket(t.browser(), event.id, nobody)).data?.resendTicket).toBe(true);
    expect(await mailsTo(t, nobody)).toEqual([]);

    for (let i = 1; i < GUEST_LIMITS.resendPerEmail.max; i++) {
      expect((await resendTicket(t.browser(), event.id, email)).errors).toBeUndefined();
    }
    const limited = await resendTicket(t.browser(), event.id, email);
    expect(limited.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED_EMAIL");
    expect(await mailsTo(t, email)).toHaveLength(1 + GUEST_LIMITS.resendPerEmail.max);
  });

  it("limits registrations per email address and per client address with stable codes", async () => {
    const email = uniqueEmail("busy");
    const events = [];
    for (let i = 0; i <= GUEST_LIMITS.registerPerEmail.max; i++) {
      events.push(await createEvent(organizer, communityId, { title: `Busy ${i}` }));
    }
    for (const event of events.slice(0, -1)) {
      expect(
        (await registerAsGuest(t.browser(), event.id, { name: "Busy Bee", email })).errors,
      ).toBeUndefined();
    }
    const last = events.at(-1)?.id as string;
    const byEmail = await registerAsGuest(t.browser(), last, { name: "Busy Bee", email });
    expect(byEmail.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED_EMAIL");

    const shared = t.browser();
    for (let i = 0; i < GUEST_LIMITS.registerPerAddress.max; i++) {
      const r = await registerAsGuest(shared, last, { name: `Guest ${i}`, email: uniqueEmail("venue") });
      expect(r.errors).toBeUndefined();
    }
    const byAddress = await registerAsGuest(shared, last, {
      name: "One Too Many",
      email: uniqueEmail("venue"),
    });
    expect(byAddress.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
    // Another address is not affected.
    expect(
      (await registerAsGuest(t.browser(), last, { name: "Elsewhere", email: uniqueEmail() })).errors,
    ).toBeUndefined();
  });

  it("refuses bad names and addresses field by field", async () => {
    const event = await createEvent(organizer, communityId, { title: "Fields" });
    const result = await registerAsGuest(t.browser(), event.id, {
      name: "Evil\nBcc: x",
      email: "not-an-address",
    });
    expect(result.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(result.errors?.[0]?.extensions?.fields?.map((f) => [f.field, f.code])).toEqual([
      ["name", "INVALID_NAME"],
      ["email", "INVALID_EMAIL"],
    ]);
  });

  it("refuses guests with VERIFIED_EMAIL_REQUIRED where the organizer asks for a verified email", async () => {
    const strict = await createEvent(organizer, communityId, { title: "Strict", requireVerifiedEmail: true });
    expect(strict.requireVerifiedEmail).toBe(true);
    const refused = await registerAsGuest(t.browser(), strict.id, {
      name: "Gus Guest",
      email: uniqueEmail(),
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe("VERIFIED_EMAIL_REQUIRED");
    // On by default for approval and members-only events, off otherwise.
    const approval = await createEvent(organizer, communityId, { approvalRequired: true });
    const members = await createEvent(organizer, communityId, { visibility: "MEMBERS" });
    const open = await createEvent(organizer, communityId, {});
    expect([approval.requireVerifiedEmail, members.requireVerifiedEmail, open.requireVerifiedEmail]).toEqual([
      true,
      true,
      false,
    ]);
    for (const id of [approval.id, members.id]) {
      const r = await registerAsGuest(t.browser(), id, { name: "Gus Guest", email: uniqueEmail() });
      expect(r.errors?.[0]?.extensions?.code).toBe("VERIFIED_EMAIL_REQUIRED");
    }
    // A signed-in person still registers in one click.
    const member = await quickSignIn(t, "Sam Signed");
    expect((await registerFor(member.browser, strict.id)).data?.register.status).toBe("GOING");
  });

  it("gives exactly the capacity to many guests registering at once", async () => {
    const event = await createEvent(organizer, communityId, { capacity: 5, waitlistEnabled: false });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        registerAsGuest(t.browser(), event.id, { name: `Racer ${i}`, email: uniqueEmail("racer") }),
      ),
    );
    const outcomes = results.map((r) => r.data?.registerAsGuest.status ?? r.errors?.[0]?.extensions?.code);
    expect(outcomes.filter((o) => o === "GOING")).toHaveLength(5);
    expect(outcomes.filter((o) => o === "EVENT_FULL")).toHaveLength(25);
    const counted = await organizer.graphql<{ event: { goingCount: number; spotsLeft: number } }>(
      "query ($id: ID!) { event(id: $id) { goingCount spotsLeft } }",
      { id: event.id },
    );
    expect(counted.data?.event).toEqual({ goingCount: 5, spotsLeft: 0 });
  });

  it("mails the organizers about a new request on an approval event", async () => {
    const event = await createEvent(organizer, communityId, {
      title: "Curated",
      approvalRequired: true,
      requireVerifiedEmail: false,
    });
    const email = uniqueEmail("asker");
    const before = (await mailsTo(t, organizerEmail)).length;
    const result = await registerAsGuest(t.browser(), event.id, { name: "Asa Asker", email });
    expect(result.data?.registerAsGuest.status).toBe("PENDING");
    const organizerMails = (await mailsTo(t, organizerEmail)).slice(before);
    expect(subjects(organizerMails)).toEqual(["New request to join Curated"]);
    expect(organizerMails[0]?.text).toContain("Asa Asker asked to join Curated");
    expect(organizerMails[0]?.text).toContain(`/dashboard/${communityId}/events/${event.id}`);
    expect(subjects(await mailsTo(t, email))).toEqual(["Registration received: Curated"]);
  });
});

describe("canceling", () => {
  it("is refused after check-in, on the private link and for the signed-in person", async () => {
    const event = await createEvent(organizer, communityId, { title: "Door" });
    const email = uniqueEmail("door");
    await registerAsGuest(t.browser(), event.id, { name: "Dora Door", email });
    const token = manageTokenOf((await mailsTo(t, email))[0] as never);
    const id = (await managed(t.browser(), token)).data?.managedRegistration.id as string;
    const checked = await organizer.graphql(
      "mutation ($id: ID!) { checkIn(registrationId: $id) { id checkedInAt } }",
      { id },
    );
    expect(checked.errors).toBeUndefined();
    expect((await managed(t.browser(), token)).data?.managedRegistration.canCancel).toBe(false);
    const refused = await cancelManaged(t.browser(), token);
    expect(refused.errors?.[0]?.extensions?.code).toBe("CHECKED_IN");
    expect((await managed(t.browser(), token)).data?.managedRegistration.status).toBe("GOING");

    const person = await quickSignIn(t, "Cas Checked");
    const own = (await registerFor(person.browser, event.id)).data?.register as RegistrationResult;
    await organizer.graphql("mutation ($id: ID!) { checkIn(registrationId: $id) { id } }", { id: own.id });
    const cancel = await person.browser.graphql(
      "mutation ($id: ID!) { cancelRegistration(id: $id) { id status } }",
      { id: own.id },
    );
    expect(cancel.errors?.[0]?.extensions?.code).toBe("CHECKED_IN");
  });

  it("sends the signed-in person a cancellation mail", async () => {
    const event = await createEvent(organizer, communityId, { title: "Changed plans" });
    const email = uniqueEmail("plans");
    const person = t.browser();
    await person.signIn(email, "Pia Plans");
    const own = (await registerFor(person, event.id)).data?.register as RegistrationResult;
    await mailsTo(t, email);
    const canceled = await person.graphql("mutation ($id: ID!) { cancelRegistration(id: $id) { status } }", {
      id: own.id,
    });
    expect(canceled.data).toEqual({ cancelRegistration: { status: "CANCELED" } });
    const mails = (await mailsTo(t, email)).filter((m) => !/code/i.test(m.subject));
    expect(subjects(mails)).toEqual([
      "You're going: Changed plans",
      "Canceled: your registration for Changed plans",
    ]);
  });
});

describe("the organizer's daily digest", () => {
  it("mails new registrations once a day by the jobs' clock, and nothing on a quiet day", async () => {
    const club = await createCommunity(organizer, "Digest club");
    const event = await createEvent(organizer, club, { title: "Digest night" });
    const on = await organizer.graphql(
      "mutation ($id: ID!) { setRegistrationDigest(communityId: $id, enabled: true) }",
      { id: club },
    );
    expect(on.data).toEqual({ setRegistrationDigest: true });
    const state = await organizer.graphql("query ($id: ID!) { registrationDigest(communityId: $id) }", {
      id: club,
    });
    expect(state.data).toEqual({ registrationDigest: true });
    await registerAsGuest(t.browser(), event.id, { name: "Dee Digest", email: uniqueEmail() });
    await registerAsGuest(t.browser(), event.id, { name: "Don Digest", email: uniqueEmail() });
    const digests = async () =>
      (await mailsTo(t, organizerEmail)).filter((m) => m.subject.endsWith("· Digest club"));

    expect(await digests()).toEqual([]);
    clockOffsetMs += 24 * 60 * 60_000 + 60_000;
    const [digest, ...more] = await digests();
    expect(more).toEqual([]);
    expect(digest?.subject).toBe("2 new registrations · Digest club");
    expect(digest?.text).toContain("Dee Digest · Digest night (going)");
    expect(digest?.text).toContain("Don Digest · Digest night (going)");

    // The next day passes with nobody new: no mail.
    clockOffsetMs += 24 * 60 * 60_000 + 60_000;
    expect(await digests()).toHaveLength(1);
    const off = await organizer.graphql(
      "mutation ($id: ID!) { setRegistrationDigest(communityId: $id, enabled: false) }",
      { id: club },
    );
    expect(off.data).toEqual({ setRegistrationDigest: false });
  });
});
