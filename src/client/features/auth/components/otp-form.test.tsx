import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CODE_USED_UP_MESSAGE, OtpForm } from "./otp-form.tsx";

function respond(status: number, body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  );
}

describe("one-time code entry", () => {
  afterEach(() => vi.restoreAllMocks());

  it("accepts a pasted code with spaces and submits it once six digits are in", async () => {
    const fetchMock = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(() => respond(200, { user: { id: "u1" } }));
    const onVerified = vi.fn(() => Promise.resolve());
    render(<OtpForm email="ada@example.com" sentAt={Date.now()} onVerified={onVerified} />);

    const input = screen.getByLabelText("Verification code");
    expect(input).toHaveProperty("autocomplete", "one-time-code");
    input.focus();
    await userEvent.paste("123 456");

    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledOnce(), { timeout: 10_000 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/auth/sign-in/email-otp");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "ada@example.com", otp: "123456" });
  });

  it("says clearly when the code is wrong or expired", async () => {
    vi.spyOn(globalThis, "fetch")
      .mockImplementationOnce(() => respond(400, { code: "INVALID_OTP" }))
      .mockImplementationOnce(() => respond(400, { code: "OTP_EXPIRED" }));
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
    const fetchMock = vi
      .spyOn(globalThis, "fetch")
      .mockImplementationOnce(() => respond(200, { user: { id: "u1", email: "ada@example.com" } }))
      // The real server has consumed the code by now.
      .mockImplementation(() => respond(400, { code: "INVALID_OTP" }));
    const onVerified = vi.fn(() => Promise.resolve());
    render(<OtpForm email="ada@example.com" sentAt={Date.now()} onVerified={onVerified} />);
    screen.getByLabelText("Verification code").focus();
    await user.paste("123456");
    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledOnce());

    const verify = screen.getByRole("button", { name: /verify/i });
    await user.click(verify);
    screen.getByRole("textbox", { name: "Verification code" }).closest("form")?.requestSubmit();

    await vi.waitFor(() => expect(screen.queryByText(/isn't right/i)).toBeNull());
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it("after too many tries says the old code is used up and offers a new code at once", async () => {
    const fetchMock = vi
      .spyOn(globalThis, "fetch")
      .mockImplementationOnce(() => respond(403, { code: "TOO_MANY_ATTEMPTS" }))
      .mockImplementation(() => respond(400, { code: "INVALID_OTP" }));
    render(<OtpForm email="ada@example.com" sentAt={Date.now()} onVerified={() => Promise.resolve()} />);
    const input = screen.getByLabelText("Verification code");

    await userEvent.type(input, "000000");
    expect(await screen.findByText("Too many tries — send a new code.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Resend code" })).toBeTruthy();
    expect(screen.queryByText(/resend code in/i)).toBeNull();

    await userEvent.type(input, "123456");
    expect(await screen.findByText(CODE_USED_UP_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(/isn't right/i)).toBeNull();
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});
