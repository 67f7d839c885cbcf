import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { server } from "#client/test-network.ts";
import { LoginForm } from "./login-form.tsx";

afterEach(() => vi.restoreAllMocks());

const SEND = "/api/auth/email-otp/send-verification-otp";

/** Types the address and presses Continue; answers the alert that comes up. */
async function submit(email = "ada@example.com") {
  const onCodeSent = vi.fn();
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  render(<LoginForm initialEmail="" onCodeSent={onCodeSent} />);
  const input = screen.getByLabelText("Email");
  await userEvent.type(input, email);
  await userEvent.click(screen.getByRole("button", { name: "Continue" }));
  const alert = await screen.findByRole("alert");
  return { alert, input, onCodeSent, log };
}

describe("the email form when a code cannot be sent", () => {
  it("says the server could not be reached, with the seed's code for support, keeping the address", async () => {
    server.use(http.post(SEND, () => HttpResponse.error()));
    const { alert, input, onCodeSent, log } = await submit();

    expect(alert.textContent).toBe(
      "Could not reach the server. Check your connection and try again." +
        "Code for support: auth/network-request-failed",
    );
    expect(input.getAttribute("aria-describedby")).toBe(alert.id);
    expect(input).toHaveProperty("value", "ada@example.com");
    expect(onCodeSent).not.toHaveBeenCalled();
    expect(log.mock.calls).toEqual([["Sign-in problem: auth/network-request-failed"]]);
  });

  it("calls a failure on the server's side an internal error", async () => {
    server.use(http.post(SEND, () => new HttpResponse("Bad gateway", { status: 502 })));
    const { alert } = await submit();
    expect(alert.textContent).toBe(
      "Something went wrong on our side. Please try again in a moment." +
        "Code for support: auth/internal-error",
    );
  });

  it("keeps the server's own code when the sentence is the form's own", async () => {
    server.use(
      http.post(SEND, () =>
        HttpResponse.json({ code: "RATE_LIMITED_EMAIL", retryAfter: 120 }, { status: 429 }),
      ),
    );
    const { alert } = await submit();
    expect(alert.textContent).toBe(
      "Too many codes were sent to this address. You can ask for another in about 2 minutes." +
        "Code for support: RATE_LIMITED_EMAIL",
    );
  });

  it("says when the browser blocks the storage signing in needs, before any code is sent", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(SEND, ({ request }) => {
        sent.push(request.url);
        return HttpResponse.json({});
      }),
    );
    // The way a browser with site data blocked answers a page writing to its storage.
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    });
    const { alert, onCodeSent } = await submit();
    expect(alert.textContent).toContain("Your browser is blocking the storage sign-in needs.");
    expect(alert.textContent).toContain("Code for support: auth/web-storage-unsupported");
    expect(sent).toEqual([]);
    expect(onCodeSent).not.toHaveBeenCalled();
  });

  it("shows a typing mistake without a code, asking the server nothing", async () => {
    const { alert } = await submit("ada@");
    expect(alert.textContent).toBe("Enter a valid email address, like name@example.com.");
  });
});
