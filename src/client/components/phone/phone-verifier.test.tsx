import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse, http, type JsonBodyType } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { server } from "#client/test-network.ts";
import { browserCountry } from "./phone-number.ts";
import { PhoneVerifier } from "./phone-verifier.tsx";

type Answer = { status: number; body: JsonBodyType };

// Each refusal is logged with its code for support; kept out of the test's output.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** Answers `path` with `answers` in turn (the last one from then on), recording each body sent. */
function answer(path: string, ...answers: Answer[]) {
  const sent: unknown[] = [];
  server.use(
    http.post(`/api/auth/${path}`, async ({ request }) => {
      sent.push(await request.json());
      const next = answers[Math.min(sent.length, answers.length) - 1];
      return HttpResponse.json(next?.body, { status: next?.status });
    }),
  );
  return sent;
}

function freshSession() {
  const reads: string[] = [];
  server.use(
    http.get("/api/auth/get-session", ({ request }) => {
      reads.push(new URL(request.url).search);
      return HttpResponse.json({ user: { id: "u1", email: "ada@example.test" } });
    }),
  );
  return reads;
}

const ok = { status: 200, body: { status: true } };

async function chooseCountry(name: RegExp) {
  const select = screen.getByLabelText("Country") as HTMLSelectElement;
  const option = [...select.options].find((o) => name.test(o.text));
  await userEvent.selectOptions(select, option?.value ?? "");
}

describe("the country a phone number defaults to", () => {
  it("is the region of the browser's language, with the United States when none can be told", () => {
    expect(browserCountry(["en-GB", "en"])).toBe("GB");
    expect(browserCountry(["fr"])).toBe("FR");
    expect(browserCountry(["pt-BR"])).toBe("BR");
    expect(browserCountry(["not a language"])).toBe("US");
  });
});

describe("signing in with a texted code", () => {
  it("shows the browser's country with its dialling code, sends the number in international form and signs in with the code", async () => {
    const sentNumbers = answer("phone-number/send-otp", ok);
    const verified = answer("phone-number/verify", ok);
    const reads = freshSession();
    const onVerified = vi.fn(() => Promise.resolve());
    render(<PhoneVerifier toAccount={false} submitLabel="Text me a code" onVerified={onVerified} />);

    const country = screen.getByLabelText("Country") as HTMLSelectElement;
    expect(country.selectedOptions[0]?.text).toBe("United States (+1)");
    await chooseCountry(/^United Kingdom/);
    await userEvent.type(screen.getByLabelText("Phone number"), "07400 123456");
    await userEvent.click(screen.getByRole("button", { name: "Text me a code" }));

    expect(await screen.findByText("+44 7400 123456")).toBeTruthy();
    expect(sentNumbers).toEqual([{ phoneNumber: "+447400123456" }]);
    screen.getByLabelText("Code from the text").focus();
    await userEvent.paste("123 456");

    await vi.waitFor(() => expect(onVerified).toHaveBeenCalledWith("+447400123456"));
    expect(verified).toEqual([{ phoneNumber: "+447400123456", code: "123456" }]);
    // The account is read afresh, not from the copy in the cookie.
    expect(reads).toContain("?disableCookieCache=true");
  });

  it("says next to the field when the number cannot be one, keeping what was typed and sending nothing", async () => {
    const sent = answer("phone-number/send-otp", ok);
    render(
      <PhoneVerifier toAccount={false} submitLabel="Text me a code" onVerified={() => Promise.resolve()} />,
    );
    const input = screen.getByLabelText("Phone number");
    await userEvent.type(input, "12345");
    await userEvent.click(screen.getByRole("button", { name: "Text me a code" }));

    const error = await screen.findByRole("alert");
    expect(error.textContent).toBe("Enter a phone number that can get texts, with its country chosen above.");
    expect(input.getAttribute("aria-describedby")).toBe(error.id);
    expect((input as HTMLInputElement).value).toBe("12345");
    expect(sent).toEqual([]);
  });

  it("tells when another code can be sent after too many, and what Twilio refused, in words", async () => {
    answer(
      "phone-number/send-otp",
      { status: 429, body: { code: "RATE_LIMITED_PHONE", message: "Too many", retryAfter: 600 } },
      {
        status: 400,
        body: {
          code: "TEXT_INVALID_NUMBER",
          message: "This number cannot receive text messages. Check it, or use another number.",
        },
      },
    );
    render(
      <PhoneVerifier toAccount={false} submitLabel="Text me a code" onVerified={() => Promise.resolve()} />,
    );
    const input = screen.getByLabelText("Phone number");
    await userEvent.type(input, "+447400123456");
    await userEvent.click(screen.getByRole("button", { name: "Text me a code" }));
    expect(
      await screen.findByText(
        "Too many codes were sent to this number. You can ask for another in about 10 minutes.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("Code for support: RATE_LIMITED_PHONE");
    await userEvent.click(screen.getByRole("button", { name: "Text me a code" }));
    expect((await screen.findByText(/cannot receive text messages/)).textContent).toContain(
      "use another number",
    );
    expect((input as HTMLInputElement).value).toBe("+447400123456");
  });

  it("refuses a wrong code with a sentence, and puts a number on the account when asked to", async () => {
    answer("phone-number/send-otp", ok);
    const verified = answer(
      "phone-number/verify",
      { status: 400, body: { code: "INVALID_OTP" } },
      { status: 400, body: { code: "PHONE_NUMBER_EXIST" } },
    );
    render(<PhoneVerifier toAccount submitLabel="Send code" onVerified={() => Promise.resolve()} />);
    await userEvent.type(screen.getByLabelText("Phone number"), "+447400123456");
    await userEvent.click(screen.getByRole("button", { name: "Send code" }));

    await userEvent.type(await screen.findByLabelText("Code from the text"), "000000");
    expect(
      await screen.findByText("That code isn't right. Check the latest text and try again."),
    ).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Code from the text"), "111111");
    expect(await screen.findByText(/already belongs to another account/)).toBeTruthy();
    expect(verified).toEqual([
      { phoneNumber: "+447400123456", code: "000000", updatePhoneNumber: true },
      { phoneNumber: "+447400123456", code: "111111", updatePhoneNumber: true },
    ]);
  });
});
