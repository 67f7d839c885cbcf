import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http, type JsonBodyType } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { server } from "#client/test-network.ts";
import { CODE_USED_UP_MESSAGE, OtpForm } from "./otp-form.tsx";

/**
 * Answers the sign-in endpoint with `answers` in turn (the last one from then on), recording
 * each body sent.
 */
function answerSignIn(...answers: { status: number; body: JsonBodyType }[]) {
  const sent: unknown[] = [];
  server.use(
    http.post("/api/auth/sign-in/email-otp", async ({ request }) => {
      sent.push(await request.json());
      const answer = answers[Math.min(sent.length, answers.length) - 1];
      return HttpResponse.json(answer?.body, { status: answer?.status });
    }),
  );
  return sent;
}

// Each refusal is logged with its code for support; kept out of the test's output.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("one-time code entry", () => {
  it("accepts a pasted code with spaces and submits it once six digits are in", async () => {
    const sent = answerSignIn({ status: 200, body: { user: { id: "u1" } } });
    const onVerified = vi.fn(() => Promise.resolve());
    render(<OtpForm email="ada@example.com" sentAt={Date.now()} onVerified={onVerified} />);

    const input = screen.getByLabelText("Verification code");
    expect(input).toHaveProperty("autocomplete", "one-time-code");
    input.focus();
    await userEvent.paste("123 456");

    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledOnce(), { timeout: 10_000 });
    expect(sent).toEqual([{ email: "ada@example.com", otp: "123456" }]);
  });

  it("says clearly when the code is wrong or expired", async () => {
    answerSignIn(
      { status: 400, body: { code: "INVALID_OTP" } },
      { status: 400, body: { code: "OTP_EXPIRED" } },
    );
    render(<OtpForm email="ada@example.com" sentAt={Date.now()} onVerified={() => Promise.resolve()} />);
    const input = screen.getByLabelText("Verification code");

    await userEvent.type(input, "000000");
    expect(await screen.findByText(/that code isn't right/i)).toBeTruthy();

    await userEvent.type(input, "111111");
    expect(await screen.findByText("That code has expired — send a new one.")).toBeTruthy();
  });

  it("shows a countdown before a new code can be requested", () => {
    render(<OtpForm email="ada@example.com" sentAt={Date.now()} onVerified={() => Promise.resolve()} />);
    expect(screen.getByText(/resend code in/i).textContent).toMatch(/60|59/);
    expect(screen.queryByRole("button", { name: "Resend code" })).toBeNull();
  });

  it("sends a code once when Verify is pressed after the pasted code already signed in", async () => {
    const user = userEvent.setup();
    const sent = answerSignIn(
      { status: 200, body: { user: { id: "u1", email: "ada@example.com" } } },
      // The real server has consumed the code by now.
      { status: 400, body: { code: "INVALID_OTP" } },
    );
    const onVerified = vi.fn(() => Promise.resolve());
    render(<OtpForm email="ada@example.com" sentAt={Date.now()} onVerified={onVerified} />);
    screen.getByLabelText("Verification code").focus();
    await user.paste("123456");
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledOnce());

    const verify = screen.getByRole("button", { name: /verify/i });
    await user.click(verify);
    screen.getByRole("textbox", { name: "Verification code" }).closest("form")?.requestSubmit();

    await vi.waitFor(() => expect(screen.queryByText(/isn't right/i)).toBeNull());
    expect(sent).toHaveLength(1);
  });

  it("after too many tries says the old code is used up and offers a new code at once", async () => {
    const sent = answerSignIn(
      { status: 403, body: { code: "TOO_MANY_ATTEMPTS" } },
      { status: 400, body: { code: "INVALID_OTP" } },
    );
    render(<OtpForm email="ada@example.com" sentAt={Date.now()} onVerified={() => Promise.resolve()} />);
    const input = screen.getByLabelText("Verification code");

    await userEvent.type(input, "000000");
    expect(await screen.findByText("Too many tries — send a new code.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Resend code" })).toBeTruthy();
    expect(screen.queryByText(/resend code in/i)).toBeNull();

    await userEvent.type(input, "123456");
    expect(await screen.findByText(CODE_USED_UP_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(/isn't right/i)).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it("keeps the code when the server cannot be reached, saying so with the code for support", async () => {
    server.use(http.post("/api/auth/sign-in/email-otp", () => HttpResponse.error()));
    render(<OtpForm email="ada@example.com" sentAt={Date.now()} onVerified={() => Promise.resolve()} />);
    const input = screen.getByLabelText("Verification code");
    await userEvent.type(input, "123456");

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "Could not reach the server. Check your connection and try again." +
        "Code for support: auth/network-request-failed",
    );
    expect(input).toHaveProperty("value", "123456");
    expect(screen.getByRole("button", { name: "Verify" })).toHaveProperty("disabled", false);
  });

  it("shows a wrong code's sentence with the server's code for support", async () => {
    answerSignIn({ status: 400, body: { code: "INVALID_OTP" } });
    render(<OtpForm email="ada@example.com" sentAt={Date.now()} onVerified={() => Promise.resolve()} />);
    await userEvent.type(screen.getByLabelText("Verification code"), "000000");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "That code isn't right. Check the latest email and try again.Code for support: INVALID_OTP",
    );
  });
});
