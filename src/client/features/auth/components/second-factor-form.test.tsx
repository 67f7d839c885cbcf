import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http, type JsonBodyType } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "#client/test-app.tsx";
import { server } from "#client/test-network.ts";
import { SecondFactorForm } from "./second-factor-form.tsx";

afterEach(() => vi.restoreAllMocks());

/** What the page logs for support; kept out of the test's output. */
const supportLog = () => vi.spyOn(console, "error").mockImplementation(() => {});

function answer(path: string, ...answers: { status: number; body: JsonBodyType }[]) {
  const sent: unknown[] = [];
  server.use(
    http.post(`/api/auth/two-factor/${path}`, async ({ request }) => {
      sent.push(await request.json());
      const next = answers[Math.min(sent.length, answers.length) - 1];
      return HttpResponse.json(next?.body, { status: next?.status });
    }),
  );
  return sent;
}

const ok = { status: 200, body: { token: "t", user: { id: "u1" } } };

describe("the second step of signing in", () => {
  it("sends the app's code once six digits are in, with the choice to trust this device", async () => {
    const user = userEvent.setup();
    const sent = answer("verify-totp", ok);
    const onVerified = vi.fn(() => Promise.resolve());
    render(<SecondFactorForm onVerified={onVerified} onSignInEnded={vi.fn()} />);

    await user.click(screen.getByLabelText("Trust this device for 30 days"));
    const input = screen.getByLabelText("Code from your app");
    expect(input).toHaveProperty("autocomplete", "one-time-code");
    await user.type(input, "123 456");

    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledOnce());
    expect(sent).toEqual([{ code: "123456", trustDevice: true }]);
  });

  it("says what is wrong with a wrong or already used code, and lets the person try again", async () => {
    supportLog();
    const user = userEvent.setup();
    answer(
      "verify-totp",
      { status: 401, body: { code: "INVALID_CODE", message: "Invalid code" } },
      { status: 401, body: { code: "CODE_ALREADY_USED", message: "used" } },
    );
    render(<SecondFactorForm onVerified={vi.fn()} onSignInEnded={vi.fn()} />);
    const input = screen.getByLabelText("Code from your app");

    await user.type(input, "000000");
    expect(await screen.findByText(/that code isn't right/i)).toBeTruthy();
    await user.type(input, "111111");
    expect(await screen.findByText(/already used\. wait for the next code/i)).toBeTruthy();
    expect(document.activeElement).toBe(input);
  });

  it("ends the sign-in after too many wrong codes", async () => {
    const user = userEvent.setup();
    answer("verify-totp", { status: 400, body: { code: "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" } });
    const onSignInEnded = vi.fn();
    render(<SecondFactorForm onVerified={vi.fn()} onSignInEnded={onSignInEnded} />);
    await user.type(screen.getByLabelText("Code from your app"), "999999");
    await vi.waitFor(() =>
      expect(onSignInEnded).toHaveBeenCalledWith({
        code: "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE",
        message: "Too many wrong codes. Sign in again to try once more.",
      }),
    );
  });

  it("takes a recovery code instead, keeping it in the field when it is refused", async () => {
    supportLog();
    const user = userEvent.setup();
    const sent = answer("verify-backup-code", { status: 401, body: { code: "INVALID_BACKUP_CODE" } }, ok);
    const onVerified = vi.fn(() => Promise.resolve());
    render(<SecondFactorForm onVerified={onVerified} onSignInEnded={vi.fn()} />);
    await user.click(screen.getByRole("button", { name: "Use a recovery code instead" }));
    const input = screen.getByLabelText("Recovery code");
    await user.type(input, "abcde-12345");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("That recovery code isn't right or was already used.")).toBeTruthy();
    expect(input).toHaveProperty("value", "abcde-12345");

    await user.clear(input);
    await user.type(input, "fghij-67890");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledOnce());
    expect(sent).toEqual([
      { code: "abcde-12345", trustDevice: false },
      { code: "fghij-67890", trustDevice: false },
    ]);
  });

  it("keeps the code typed when the server cannot be reached, saying so with the code for support", async () => {
    const user = userEvent.setup();
    const log = supportLog();
    server.use(http.post("/api/auth/two-factor/verify-totp", () => HttpResponse.error()));
    render(<SecondFactorForm onVerified={vi.fn()} onSignInEnded={vi.fn()} />);
    const input = screen.getByLabelText("Code from your app");
    await user.type(input, "123456");

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "Could not reach the server. Check your connection and try again." +
        "Code for support: auth/network-request-failed",
    );
    expect(input).toHaveProperty("value", "123456");
    expect(log.mock.calls).toEqual([["Sign-in problem: auth/network-request-failed"]]);
  });
});

describe("a second step that has expired", () => {
  it("starts the sign-in again on /login, saying why with the code for support", async () => {
    const log = supportLog();
    answer("verify-totp", {
      status: 401,
      body: { code: "INVALID_TWO_FACTOR_COOKIE", message: "Invalid two factor cookie" },
    });
    server.use(
      http.get("/api/auth/second-factor/methods", () => HttpResponse.json({ app: true, text: null })),
    );
    const { user, router } = await renderApp("/two-factor?redirect=%2Fme");
    await user.type(await screen.findByLabelText("Code from your app"), "123456");

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toEqual({
      redirect: "/me",
      error: "auth/missing-multi-factor-info",
    });
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain(
      "The second step of this sign-in has expired or could not be found. Sign in again.",
    );
    expect(notice.textContent).toContain("Code for support: auth/missing-multi-factor-info");
    expect(screen.getByLabelText("Email")).toBeTruthy();
    expect(log.mock.calls).toEqual([["Sign-in problem: auth/missing-multi-factor-info"]]);
  });
});

describe("a second step by text message", () => {
  it("texts a code to the verified number when the account has no app, and sends a new one on request", async () => {
    const user = userEvent.setup();
    const texted = answer("send-otp", { status: 200, body: { status: true } });
    const sent = answer("verify-otp", ok);
    const onVerified = vi.fn(() => Promise.resolve());
    render(
      <SecondFactorForm
        methods={{ app: false, text: "+44 •••• ••4567" }}
        onVerified={onVerified}
        onSignInEnded={vi.fn()}
      />,
    );
    expect(screen.getByText("We'll text a 6-digit code to +44 •••• ••4567.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Use the code from your app" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Text me a code" }));
    const input = await screen.findByLabelText("Code we texted you");
    expect(screen.getByText(/We texted a 6-digit code to \+44 •••• ••4567/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send a new code" }));
    await vi.waitFor(() => expect(texted).toHaveLength(2));

    await user.type(input, "246810");
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledOnce());
    expect(sent).toEqual([{ code: "246810", trustDevice: false }]);
  });

  it("says why no text was sent, and offers the app and recovery codes beside texts", async () => {
    const user = userEvent.setup();
    answer("send-otp", {
      status: 429,
      body: {
        code: "RATE_LIMITED_PHONE",
        message: "Too many codes were sent to this number. You can ask for another in about 12 minutes.",
      },
    });
    render(
      <SecondFactorForm
        methods={{ app: true, text: "+1 •••• ••0100" }}
        onVerified={vi.fn()}
        onSignInEnded={vi.fn()}
      />,
    );
    expect(screen.getByLabelText("Code from your app")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Text me a code instead" }));
    await user.click(screen.getByRole("button", { name: "Text me a code" }));
    expect(await screen.findByText(/Too many codes were sent to this number/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Use the code from your app" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Use a recovery code instead" })).toBeTruthy();
  });
});
