import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const sessionEmail = async (browser: TestBrowser) =>
  ((await (await browser.fetch("/api/auth/get-session")).json()) as { user: { email: string } }).user.email;

describe("changing the address one signs in with", () => {
  it("moves the account once the code mailed to the new address is entered, and tells the old one", async () => {
    const browser = t.browser();
    const oldEmail = uniqueEmail("old");
    const me = await browser.signIn(oldEmail, "Mara Mover");
    const newEmail = uniqueEmail("new");

    const before = t.smtp.mails.length;
    const asked = await browser.post("/api/auth/email-otp/request-email-change", { newEmail });
    expect(asked.status).toBe(200);
    const mail = await t.smtp.waitFor((m) => t.smtp.mails.indexOf(m) >= before && m.to.includes(newEmail));
    expect(mail.subject).toMatch(/^\d{6} confirms your new Commons email address$/);
    const code = mail.subject.slice(0, 6);

    const wrong = await browser.post("/api/auth/email-otp/change-email", {
      newEmail,
      otp: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "INVALID_OTP" });
    expect(await sessionEmail(browser)).toBe(oldEmail);

    const changed = await browser.post("/api/auth/email-otp/change-email", { newEmail, otp: code });
    expect(changed.status).toBe(200);
    expect(await sessionEmail(browser)).toBe(newEmail);
    const notice = await t.smtp.waitFor(
      (m) => m.to.includes(oldEmail) && /email address was changed/.test(m.subject),
    );
    expect(notice.text).toContain(`now signs in with ${newEmail}`);

    // The same account answers at the new address.
    const again = t.browser();
    const signedIn = await again.signIn(newEmail);
    expect(signedIn.id).toBe(me.id);
    expect(signedIn.name).toBe("Mara Mover");
  });

  it("never mails an address another account uses, and never hands it over", async () => {
    const other = t.browser();
    const taken = uniqueEmail("taken");
    const owner = await other.signIn(taken);
    const browser = t.browser();
    const oldEmail = uniqueEmail("asker");
    await browser.signIn(oldEmail);

    const before = t.smtp.mails.length;
    // The answer is the same as for a free address, so it does not tell who has an account.
    const asked = await browser.post("/api/auth/email-otp/request-email-change", { newEmail: taken });
    expect(asked.status).toBe(200);
    // The route mails before it answers: by now any mail to that address would have arrived.
    expect(t.smtp.mails.slice(before).filter((m) => m.to.includes(taken))).toEqual([]);

    const guessed = await browser.post("/api/auth/email-otp/change-email", {
      newEmail: taken,
      otp: "123456",
    });
    expect(guessed.status).toBe(400);
    expect(await sessionEmail(browser)).toBe(oldEmail);
    expect(await sessionEmail(other)).toBe(taken);
    expect((await other.signIn(taken)).id).toBe(owner.id);
  });

  it("needs a session, and refuses a malformed address or the one already in use", async () => {
    const stranger = t.browser();
    const refused = await stranger.post("/api/auth/email-otp/request-email-change", {
      newEmail: uniqueEmail(),
    });
    expect(refused.status).toBe(401);

    const browser = t.browser();
    const email = uniqueEmail("same");
    await browser.signIn(email);
    const malformed = await browser.post("/api/auth/email-otp/request-email-change", {
      newEmail: "not-an-address",
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: "INVALID_EMAIL" });
    const same = await browser.post("/api/auth/email-otp/request-email-change", {
      newEmail: email.toUpperCase(),
    });
    expect(same.status).toBe(400);
    expect(await sessionEmail(browser)).toBe(email);
  });
});
