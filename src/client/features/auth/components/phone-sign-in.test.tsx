import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { PublicConfig } from "#client/lib/auth-client.ts";
import { EmailOrPhone } from "./phone-sign-in.tsx";

const emailForm = <p>The email form</p>;
const config = (phoneSignIn: boolean): Promise<PublicConfig> =>
  Promise.resolve({ googleClientId: null, phoneSignIn, signInProviders: [] });

describe("choosing the phone instead of email", () => {
  it("is offered when the server can text codes, loads the phone form on demand, and goes back to email", async () => {
    // One promise for the page's life, as the route's loader gives it.
    const configured = config(true);
    // The choice waits for the configuration (React's `use`): rendered in an awaited act.
    await act(async () => {
      render(<EmailOrPhone config={configured} emailForm={emailForm} onSignedIn={() => Promise.resolve()} />);
    });
    expect(screen.getByText("The email form")).toBeTruthy();
    await userEvent.click(await screen.findByRole("button", { name: "Use your phone number instead" }));

    expect(await screen.findByRole("textbox", { name: "Phone number" })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Country" })).toBeTruthy();
    expect(screen.queryByText("The email form")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Use your email instead" }));
    expect(screen.getByText("The email form")).toBeTruthy();
  });

  it("is not offered when the server cannot text codes", async () => {
    const configured = config(false);
    await act(async () => {
      render(<EmailOrPhone config={configured} emailForm={emailForm} onSignedIn={() => Promise.resolve()} />);
    });
    expect(await screen.findByText("The email form")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Use your phone number instead" })).toBeNull();
  });
});
