import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { forgetPublicConfig } from "#client/lib/auth-client.ts";
import { server } from "#client/test-network.ts";
import { SecondFactorSection } from "./second-factor-section.tsx";

const TOTP_URI =
  "otpauth://totp/Commons:ada%40example.test?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Commons";
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);

function renderSection(config: { phoneSignIn: boolean } = { phoneSignIn: true }) {
  forgetPublicConfig();
  server.use(
    http.get("/api/config", () =>
      HttpResponse.json({ googleClientId: null, signInProviders: [], ...config }),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <SecondFactorSection accountName="ada@example.test" />
    </QueryClientProvider>,
  );
}

/** A server with the factor's state kept between requests, as the real one does. */
function secondFactorServer(initial: {
  enabled: boolean;
  recoveryCodesLeft: number;
  required?: boolean;
  text?: string;
}) {
  const state = { required: false, app: initial.enabled, text: null, ...initial };
  const sent: Record<string, unknown[]> = {};
  const record = async (name: string, request: Request) => {
    const body = (await request.json()) as { code: string };
    sent[name] = [...(sent[name] ?? []), body];
    return body;
  };
  server.use(
    http.get("/api/auth/second-factor/status", () => HttpResponse.json(state)),
    http.post("/api/auth/two-factor/enable", async ({ request }) => {
      await record("enable", request);
      return HttpResponse.json({ method: "totp", totpURI: TOTP_URI, backupCodes: CODES });
    }),
    http.post("/api/auth/two-factor/verify-totp", async ({ request }) => {
      const { code } = await record("verify", request);
      if (code !== "246810") return HttpResponse.json({ code: "INVALID_CODE" }, { status: 401 });
      Object.assign(state, { enabled: true, app: true, recoveryCodesLeft: 10 });
      return HttpResponse.json({ token: "t", user: { id: "u1" } });
    }),
    http.post("/api/auth/two-factor/disable", async ({ request }) => {
      const { code } = await record("disable", request);
      if (code !== "135791") return HttpResponse.json({ code: "CODE_ALREADY_USED" }, { status: 401 });
      Object.assign(state, { enabled: false, app: false, recoveryCodesLeft: 0 });
      return HttpResponse.json({ status: true });
    }),
    http.post("/api/auth/two-factor/generate-backup-codes", async ({ request }) => {
      await record("regenerate", request);
      Object.assign(state, { recoveryCodesLeft: 10 });
      return HttpResponse.json({ status: true, backupCodes: CODES.map((c) => `new-${c}`) });
    }),
    http.post("/api/auth/two-factor/send-otp", async ({ request }) => {
      await record("text", request);
      return HttpResponse.json({ status: true });
    }),
    http.post("/api/auth/second-factor/enable-text", async ({ request }) => {
      const { code } = await record("enableText", request);
      if (code !== "864200") return HttpResponse.json({ code: "INVALID_CODE" }, { status: 401 });
      Object.assign(state, { enabled: true, recoveryCodesLeft: 10 });
      return HttpResponse.json({ recoveryCodes: CODES });
    }),
  );
  return sent;
}

describe("Second factor on /me", () => {
  it("sets up the app with a QR code and key, is on only after the first code, then shows the recovery codes once", async () => {
    const user = userEvent.setup();
    const sent = secondFactorServer({ enabled: false, recoveryCodesLeft: 0 });
    renderSection();
    expect(await screen.findByText("Off")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Set up an authenticator app" }));

    expect(await screen.findByRole("img", { name: /qr code to scan/i })).toBeTruthy();
    expect(screen.getByText("GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ")).toBeTruthy();
    const code = screen.getByLabelText("Code from the app");
    await user.type(code, "111111");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText(/that code isn't right/i)).toBeTruthy();

    await user.clear(code);
    await user.type(code, "246810");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    const list = await screen.findByRole("list", { name: "Recovery codes" });
    expect(list.textContent).toContain("code0-abcde");
    expect(list.querySelectorAll("li")).toHaveLength(10);
    expect(screen.getByRole("button", { name: "Download as a text file" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "I have saved them" }));

    expect(await screen.findByText("10 recovery codes left.")).toBeTruthy();
    expect(screen.getByText("On")).toBeTruthy();
    expect(screen.queryByText("code0-abcde")).toBeNull();
    expect(sent.verify).toEqual([
      { code: "111111", trustDevice: false },
      { code: "246810", trustDevice: false },
    ]);
  });

  it("turns off only with a current code, keeping a refused one in the field", async () => {
    const user = userEvent.setup();
    const sent = secondFactorServer({ enabled: true, recoveryCodesLeft: 7 });
    renderSection();
    expect(await screen.findByText("7 recovery codes left.")).toBeTruthy();
    expect(screen.getByText("Authenticator app: on")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Set up an authenticator app" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    const check = screen.getByLabelText("Code from your app, or a recovery code");
    await user.type(check, "975310");
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText(/already used/i)).toBeTruthy();
    expect(check).toHaveProperty("value", "975310");

    await user.clear(check);
    await user.type(check, "135791");
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    expect(await screen.findByRole("button", { name: "Set up an authenticator app" })).toBeTruthy();
    expect(sent.disable).toEqual([{ code: "975310" }, { code: "135791" }]);
  });

  it("says when the operator requires it of owners of communities taking payments", async () => {
    secondFactorServer({ enabled: false, recoveryCodesLeft: 0, required: true });
    renderSection();
    expect(await screen.findByText(/a community you own takes payments/i)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Set up an authenticator app" })).toBeTruthy();
  });

  it("makes new recovery codes after a fresh check and shows them", async () => {
    const user = userEvent.setup();
    const sent = secondFactorServer({ enabled: true, recoveryCodesLeft: 2 });
    renderSection();
    await user.click(await screen.findByRole("button", { name: "New recovery codes" }));
    await user.type(screen.getByLabelText("Code from your app, or a recovery code"), "abcde-fghij");
    await user.click(screen.getByRole("button", { name: "Make new codes" }));
    expect((await screen.findByRole("list", { name: "Recovery codes" })).textContent).toContain(
      "new-code9-abcde",
    );
    expect(sent.regenerate).toEqual([{ code: "abcde-fghij" }]);
  });

  it("turns on texts to the verified phone with a texted code, then asks a texted code to turn off", async () => {
    const user = userEvent.setup();
    const sent = secondFactorServer({ enabled: false, recoveryCodesLeft: 0, text: "+44 •••• ••4567" });
    renderSection();
    await user.click(await screen.findByRole("button", { name: "Text codes to +44 •••• ••4567" }));
    const code = await screen.findByLabelText("Code we texted to +44 •••• ••4567");
    await user.type(code, "111111");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText(/that code isn't right/i)).toBeTruthy();
    await user.clear(code);
    await user.type(code, "864200");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect((await screen.findByRole("list", { name: "Recovery codes" })).querySelectorAll("li")).toHaveLength(
      10,
    );
    await user.click(screen.getByRole("button", { name: "I have saved them" }));

    expect(await screen.findByText("Texts to +44 •••• ••4567: on")).toBeTruthy();
    expect(screen.getByText("Authenticator app: not set up")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    await user.click(screen.getByRole("button", { name: "Text me a code" }));
    expect(await screen.findByText(/We texted a 6-digit code to \+44 •••• ••4567/)).toBeTruthy();
    expect(sent.text).toHaveLength(2);
    expect(sent.enableText).toEqual([{ code: "111111" }, { code: "864200" }]);
  });

  it("points to the phone section when there is no verified number to text", async () => {
    secondFactorServer({ enabled: false, recoveryCodesLeft: 0 });
    renderSection();
    expect(await screen.findByText(/add and verify a phone number above/i)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /text codes to/i })).toBeNull();
  });

  it("says the codes come from an app where this server sends no texts, and offers no phone", async () => {
    secondFactorServer({ enabled: false, recoveryCodesLeft: 0 });
    renderSection({ phoneSignIn: false });
    expect(await screen.findByText(/this server does not send text messages/i)).toBeTruthy();
    expect(screen.queryByText(/phone number above/i)).toBeNull();
    expect(screen.queryByText(/texted to your phone/i)).toBeNull();
    expect(screen.getByRole("button", { name: "Set up an authenticator app" })).toBeTruthy();
  });
});
