import { screen, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { emptyProfilePageHandlers } from "#client/test-network.ts";

const emptyProfilePage = [
  ...emptyProfilePageHandlers,
  http.get("/api/config", () =>
    HttpResponse.json({ googleClientId: null, signInProviders: ["github", "facebook"] }),
  ),
];

afterEach(() => vi.restoreAllMocks());

type Methods = { email: string | null; phoneNumber: string | null; providers: string[] };
const confirmedAda: Methods = { email: "ada@example.test", phoneNumber: null, providers: ["github"] };

async function openSection(methods: Methods = confirmedAda) {
  const sent: { path: string; body: unknown }[] = [];
  const app = await renderApp("/me", {
    signedInAs: adaUser,
    handlers: [
      ...emptyProfilePage,
      http.get("/api/auth/ways-in", () => HttpResponse.json(methods)),
      http.get("/api/auth/list-accounts", () =>
        HttpResponse.json([{ id: "acc-gh", providerId: "github", createdAt: "2026-01-01T00:00:00.000Z" }]),
      ),
      http.post("/api/auth/unlink-account", async ({ request }) => {
        sent.push({ path: "unlink-account", body: await request.json() });
        return HttpResponse.json(
          { code: "LAST_SIGN_IN_METHOD", message: "This is your only way to sign in." },
          { status: 400 },
        );
      }),
      http.post("/api/auth/link-social", async ({ request }) => {
        sent.push({ path: "link-social", body: await request.json() });
        return HttpResponse.json({ url: "https://standin.example/facebook/authorize", redirect: true });
      }),
    ],
  });
  const section = await screen.findByRole("region", { name: "Linked sign-in methods" });
  return { ...app, section, sent };
}

/** Each row's text once the list shows `first` and the providers have loaded. */
async function listedRows(section: HTMLElement, first: string) {
  await within(section).findByText(first);
  await within(section).findByRole("button", { name: "Link Facebook" });
  return within(section)
    .getAllByRole("listitem")
    .map((row) => row.textContent);
}

describe("linked sign-in methods on /me", () => {
  it("lists the email and each offered provider, linked or not", async () => {
    const { section } = await openSection();
    expect(await listedRows(section, "Email code")).toEqual([
      "Email codeada@example.test",
      "GitHubLinkedUnlink",
      "FacebookNot linkedLink",
    ]);
  });

  it("lists neither an unconfirmed address nor a placeholder, and lists a verified number", async () => {
    const { section } = await openSection({
      email: null,
      phoneNumber: "+447400123456",
      providers: ["github"],
    });
    expect(await listedRows(section, "Text message code")).toEqual([
      "Text message code+44 7400 123456",
      "GitHubLinkedUnlink",
      "FacebookNot linkedLink",
    ]);
    expect(section.textContent).not.toContain("Email code");
  });

  it("says why the server refused to unlink, with the code for support", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user, section, sent } = await openSection();
    await user.click(await within(section).findByRole("button", { name: "Unlink GitHub" }));
    const alert = await within(section).findByRole("alert");
    expect(alert.textContent).toContain(
      "This is your only way to sign in. Link another one before removing it.",
    );
    expect(alert.textContent).toContain("Code for support: LAST_SIGN_IN_METHOD");
    expect(sent).toEqual([{ path: "unlink-account", body: { accountId: "acc-gh" } }]);
  });

  it("goes to the provider to link it, coming back to /me", async () => {
    const assign = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign } as Location);
    const { user, section, sent } = await openSection();
    await user.click(await within(section).findByRole("button", { name: "Link Facebook" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("https://standin.example/facebook/authorize"));
    expect(sent).toEqual([
      {
        path: "link-social",
        body: { provider: "facebook", callbackURL: "/me", errorCallbackURL: "/me?provider=facebook" },
      },
    ]);
  });

  it("links Google through Google's own button: the ID token it answers goes to the server", async () => {
    let answer: ((response: { credential?: string }) => void) | undefined;
    const rendered: HTMLElement[] = [];
    vi.stubGlobal("google", {
      accounts: {
        id: {
          initialize: (options: { callback: (response: { credential?: string }) => void }) => {
            answer = options.callback;
          },
          renderButton: (parent: HTMLElement) => {
            const button = document.createElement("button");
            button.textContent = "Continue with Google";
            parent.append(button);
            rendered.push(parent);
          },
        },
      },
    });
    const sent: unknown[] = [];
    let linked = false;
    await renderApp("/me", {
      signedInAs: adaUser,
      handlers: [
        ...emptyProfilePageHandlers,
        http.get("/api/config", () =>
          HttpResponse.json({ googleClientId: "client.apps", signInProviders: [] }),
        ),
        http.get("/api/auth/list-accounts", () =>
          HttpResponse.json(
            linked ? [{ id: "acc-g", providerId: "google", createdAt: "2026-01-01T00:00:00.000Z" }] : [],
          ),
        ),
        http.post("/api/auth/link-social", async ({ request }) => {
          sent.push(await request.json());
          linked = true;
          return HttpResponse.json({ url: "", status: true, redirect: false });
        }),
      ],
    });
    const section = await screen.findByRole("region", { name: "Linked sign-in methods" });
    await within(section).findByRole("button", { name: "Continue with Google" });
    expect(within(section).getByText("Not linked")).toBeTruthy();

    answer?.({ credential: "google-id-token" });
    expect(await within(section).findByRole("button", { name: "Unlink Google" })).toBeTruthy();
    expect(sent).toEqual([{ provider: "google", idToken: { token: "google-id-token" } }]);
    vi.unstubAllGlobals();
  });
});
