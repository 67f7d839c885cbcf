import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { emptyProfilePageHandlers } from "#client/test-network.ts";

async function openSection(changeAnswer: () => Response = () => HttpResponse.json({ success: true })) {
  const sent: { path: string; body: unknown }[] = [];
  await renderApp("/me", {
    signedInAs: adaUser,
    handlers: [
      ...emptyProfilePageHandlers,
      http.post("/api/auth/email-otp/request-email-change", async ({ request }) => {
        sent.push({ path: "request-email-change", body: await request.json() });
        return HttpResponse.json({ success: true });
      }),
      http.post("/api/auth/email-otp/change-email", async ({ request }) => {
        sent.push({ path: "change-email", body: await request.json() });
        return changeAnswer();
      }),
    ],
  });
  const section = await screen.findByRole("region", { name: "Email address" });
  return { section, sent, user: userEvent.setup() };
}

describe("the email address on /me", () => {
  it("moves the account to a new address once the code mailed there is entered", async () => {
    const { section, sent, user } = await openSection();
    expect(section.textContent).toContain("ada@example.test");
    await user.click(within(section).getByRole("button", { name: "Change email address" }));
    expect(document.activeElement).toBe(within(section).getByLabelText("New email address"));
    await user.type(within(section).getByLabelText("New email address"), "Ada.New@Example.test");
    await user.click(within(section).getByRole("button", { name: "Send code" }));

    const code = await within(section).findByLabelText("Code from the email");
    expect(document.activeElement).toBe(code);
    expect(section.textContent).toContain("We sent it to ada.new@example.test");
    expect(sent).toEqual([{ path: "request-email-change", body: { newEmail: "ada.new@example.test" } }]);
    await user.type(code, "12 34 56");
    await user.click(within(section).getByRole("button", { name: "Change address" }));

    expect(await screen.findByText("You now sign in with ada.new@example.test.")).toBeTruthy();
    expect(sent[1]).toEqual({
      path: "change-email",
      body: { newEmail: "ada.new@example.test", otp: "123456" },
    });
    expect(within(section).getByRole("button", { name: "Change email address" })).toBeTruthy();
  });

  it("says why a code was refused, empties it for another try, and keeps the typed address", async () => {
    const { section, user } = await openSection(() =>
      HttpResponse.json({ code: "INVALID_OTP", message: "Invalid OTP" }, { status: 400 }),
    );
    await user.click(within(section).getByRole("button", { name: "Change email address" }));
    await user.type(within(section).getByLabelText("New email address"), "ada.new@example.test");
    await user.click(within(section).getByRole("button", { name: "Send code" }));
    const code = await within(section).findByLabelText("Code from the email");
    await user.type(code, "000000");
    await user.click(within(section).getByRole("button", { name: "Change address" }));

    expect(
      await within(section).findByText("That code isn't right. Check the latest email and try again."),
    ).toBeTruthy();
    expect((code as HTMLInputElement).value).toBe("");
    expect(document.activeElement).toBe(code);
    await user.click(within(section).getByRole("button", { name: "Use another address" }));
    expect((within(section).getByLabelText("New email address") as HTMLInputElement).value).toBe(
      "ada.new@example.test",
    );
  });

  it("tells a taken address apart, since the code proved the inbox", async () => {
    const { section, user } = await openSection(() =>
      HttpResponse.json({ code: "BAD_REQUEST", message: "Email already in use" }, { status: 400 }),
    );
    await user.click(within(section).getByRole("button", { name: "Change email address" }));
    await user.type(within(section).getByLabelText("New email address"), "taken@example.test");
    await user.click(within(section).getByRole("button", { name: "Send code" }));
    await user.type(await within(section).findByLabelText("Code from the email"), "123456");
    await user.click(within(section).getByRole("button", { name: "Change address" }));
    expect(
      await within(section).findByText(
        "Another Commons account already uses that address. Sign in with it, or choose another address.",
      ),
    ).toBeTruthy();
  });

  it("refuses a malformed address or the current one next to the field, without asking the server", async () => {
    const { section, sent, user } = await openSection();
    await user.click(within(section).getByRole("button", { name: "Change email address" }));
    const field = within(section).getByLabelText("New email address");
    await user.type(field, "ada-at-example");
    await user.click(within(section).getByRole("button", { name: "Send code" }));
    expect(within(section).getByText("Enter a valid email address, like name@example.com.")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");

    await user.clear(field);
    await user.type(field, "ADA@example.test");
    await user.click(within(section).getByRole("button", { name: "Send code" }));
    expect(within(section).getByText("That is already your address.")).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
