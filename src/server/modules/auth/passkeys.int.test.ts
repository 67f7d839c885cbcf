import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#server/test/harness.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe("passkeys", () => {
  it("offer a challenge for the app's own host to a signed-in person only", async () => {
    const visitor = t.browser();
    expect((await visitor.fetch("/api/auth/passkey/generate-register-options")).status).toBe(401);
    expect((await visitor.fetch("/api/auth/passkey/list")).status).toBe(401);

    const browser = t.browser();
    const me = await browser.signIn(undefined, "Kim Keys");
    const options = (await (
      await browser.fetch(`/api/auth/passkey/generate-register-options?name=${encodeURIComponent(me.email)}`)
    ).json()) as { rp: { id: string; name: string }; user: { name: string }; challenge: string };
    expect(options.rp).toEqual({ id: new URL(t.url).hostname, name: "Commons" });
    expect(options.user.name).toBe(me.email);
    expect(options.challenge.length).toBeGreaterThan(20);
    expect(await (await browser.fetch("/api/auth/passkey/list")).json()).toEqual({ passkeys: [] });

    // Anyone may ask for a sign-in challenge; answering it needs a registered passkey.
    const signIn = await visitor.fetch("/api/auth/passkey/generate-authenticate-options");
    expect(signIn.status).toBe(200);
    const unknown = await visitor.post("/api/auth/passkey/verify-authentication", {
      response: { id: "bm90LWEta2V5", rawId: "bm90LWEta2V5", type: "public-key", response: {} },
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ code: "PASSKEY_NOT_FOUND" });
  });

  it("refuse a passkey name that is empty or too long, with a code the form shows", async () => {
    const browser = t.browser();
    await browser.signIn(undefined, "Nia Names");
    const empty = await browser.post("/api/auth/passkey/update-passkey", { id: "x", name: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: "INVALID_PASSKEY_NAME" });
    const long = await browser.post("/api/auth/passkey/verify-registration", {
      response: {},
      name: "n".repeat(61),
    });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ code: "INVALID_PASSKEY_NAME" });
  });
});
