import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { server } from "#client/test-network.ts";
import { PasskeySignIn } from "./passkey-sign-in.tsx";

const OPTIONS = "/api/auth/passkey/generate-authenticate-options";

// jsdom has no WebAuthn; the button is offered only where the browser has it.
beforeEach(() => vi.stubGlobal("PublicKeyCredential", class {}));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function pressPasskey() {
  const log = vi.spyOn(console, "error").mockImplementation(() => {});
  const onSignedIn = vi.fn(() => Promise.resolve());
  render(<PasskeySignIn onSignedIn={onSignedIn} />);
  await userEvent.click(screen.getByRole("button", { name: "Sign in with a passkey" }));
  return { alert: await screen.findByRole("alert"), log, onSignedIn };
}

describe("signing in with a passkey when it cannot start", () => {
  it("says the server could not be reached, with the seed's code for support", async () => {
    server.use(http.get(OPTIONS, () => HttpResponse.error()));
    const { alert, log, onSignedIn } = await pressPasskey();
    expect(alert.textContent).toBe(
      "Could not reach the server. Check your connection and try again." +
        "Code for support: auth/network-request-failed",
    );
    expect(log.mock.calls).toEqual([["Sign-in problem: auth/network-request-failed"]]);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Sign in with a passkey" })).toHaveProperty("disabled", false);
  });

  it("calls a server failure an internal error", async () => {
    server.use(http.get(OPTIONS, () => HttpResponse.json({ message: "boom" }, { status: 500 })));
    const { alert } = await pressPasskey();
    expect(alert.textContent).toBe(
      "Something went wrong on our side. Please try again in a moment." +
        "Code for support: auth/internal-error",
    );
  });

  it("says when this address is not one the server signs in from", async () => {
    server.use(
      http.get(OPTIONS, () =>
        HttpResponse.json({ code: "INVALID_ORIGIN", message: "Invalid origin" }, { status: 403 }),
      ),
    );
    const { alert } = await pressPasskey();
    expect(alert.textContent).toBe(
      "Signing in isn't allowed from this address. Open Commons at its usual address and try again." +
        "Code for support: auth/unauthorized-domain",
    );
  });
});
