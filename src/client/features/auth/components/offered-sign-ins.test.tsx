import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { server } from "#client/test-network.ts";
import OfferedSignIns from "./offered-sign-ins.tsx";

afterEach(() => vi.restoreAllMocks());

function renderOffered() {
  return render(
    <OfferedSignIns
      config={{ googleClientId: null, phoneSignIn: false, signInProviders: ["github", "twitter"] }}
      dark
      returnTo="/me"
      onSignedIn={() => Promise.resolve()}
    />,
  );
}

describe("/login's GitHub, Facebook and X buttons", () => {
  it("show the configured providers, under an 'or' line", () => {
    renderOffered();
    expect(screen.getByText("or")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in with GitHub" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in with X" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Sign in with Facebook" })).toBeNull();
  });

  it("say why when the provider's page could not be had, with the code for support, and can be tried again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const asked: unknown[] = [];
    server.use(
      http.post("/api/auth/sign-in/social", async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ code: "internal_server_error", message: "boom" }, { status: 500 });
      }),
    );
    renderOffered();
    const github = screen.getByRole("button", { name: "Sign in with GitHub" });
    await userEvent.click(github);

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Something went wrong on our side. Please try again in a moment.");
    expect(alert.textContent).toContain("Code for support: auth/internal-error");
    expect(asked).toEqual([
      {
        provider: "github",
        callbackURL: "/me",
        errorCallbackURL: "/login?provider=github&redirect=%2Fme",
      },
    ]);
    expect((github as HTMLButtonElement).disabled).toBe(false);
  });
});
