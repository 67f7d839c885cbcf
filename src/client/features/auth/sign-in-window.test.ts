import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { server } from "#client/test-network.ts";
import { pollDelay, signInInWindow } from "./sign-in-window.ts";
import {
  keepOpenerWaiting,
  reportFromSignInWindow,
  SIGN_IN_WINDOW_CHANNEL,
  signInWindowEnd,
} from "./sign-in-window-report.ts";

type FakePopup = { closed: boolean; location: { href: string }; close: () => void };

function fakePopup(): FakePopup {
  const popup: FakePopup = { closed: false, location: { href: "" }, close: () => (popup.closed = true) };
  return popup;
}

function providerAnswers(session: { user: { id: string } } | null = null) {
  const asked: unknown[] = [];
  server.use(
    http.post("/api/auth/sign-in/social", async ({ request }) => {
      asked.push(await request.json());
      return HttpResponse.json({ url: "http://127.0.0.1:9/github/authorize?state=s", redirect: true });
    }),
    http.get("/api/auth/get-session", () => HttpResponse.json(session)),
  );
  return asked;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("signing in in a pop-up", () => {
  it("opens the seed's 500x600 window at the provider and finishes when the window reports back", async () => {
    const asked = providerAnswers();
    const popup = fakePopup();
    const open = vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    const signingIn = signInInWindow("github");
    expect(open.mock.calls[0]?.[2]).toMatch(/^popup,width=500,height=600,/);
    await vi.waitFor(() => expect(popup.location.href).toBe("http://127.0.0.1:9/github/authorize?state=s"));
    expect(asked).toEqual([
      {
        provider: "github",
        callbackURL: "/signed-in?provider=github",
        errorCallbackURL: "/signed-in?provider=github",
      },
    ]);
    reportFromSignInWindow({ error: null, provider: "github" });
    await expect(signingIn).resolves.toBeNull();
  });

  it("says what the provider answered when the window reports an error", async () => {
    providerAnswers();
    vi.spyOn(window, "open").mockReturnValue(fakePopup() as unknown as Window);
    const signingIn = signInInWindow("twitter");
    await new Promise((resolve) => setTimeout(resolve, 50));
    reportFromSignInWindow({ error: "access_denied", provider: "twitter" });
    await expect(signingIn).resolves.toEqual({
      code: "access_denied",
      message: "You cancelled signing in with X. Nothing was changed.",
    });
  });

  it("reports a blocked pop-up at once", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    await expect(signInInWindow("facebook")).resolves.toMatchObject({ code: "auth/popup-blocked" });
  });

  it("counts a window closed without an answer as closed by the person, 8 s after it closes", async () => {
    providerAnswers(null);
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const signingIn = signInInWindow("github");
    await vi.waitFor(() => expect(popup.location.href).not.toBe(""));
    popup.closed = true;
    let settled = false;
    void signingIn.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(6_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(6_000);
    await expect(signingIn).resolves.toMatchObject({ code: "auth/popup-closed-by-user" });
  });

  it("stops a sign-in still waiting when another window is asked for, saying so", async () => {
    providerAnswers();
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    const first = signInInWindow("github");
    await vi.waitFor(() => expect(popup.location.href).not.toBe(""));
    const second = signInInWindow("facebook");
    await expect(first).resolves.toEqual({
      code: "auth/cancelled-popup-request",
      message: "Another sign-in window was opened, so this one was stopped. Finish signing in there.",
    });
    reportFromSignInWindow({ error: null, provider: "facebook" });
    await expect(second).resolves.toBeNull();
  });

  it("says the sign-in could not start, with the seed's code, when the server cannot be reached", async () => {
    server.use(http.post("/api/auth/sign-in/social", () => HttpResponse.error()));
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    await expect(signInInWindow("github")).resolves.toEqual({
      code: "auth/network-request-failed",
      message: "Could not reach the server. Check your connection and try again.",
    });
    expect(popup.closed).toBe(true);
  });
});

describe("watching the sign-in window", () => {
  it("checks every 2 s in the first minute, then less often, never less than every 10 s", () => {
    expect(pollDelay(0)).toBe(2_000);
    expect(pollDelay(59_999)).toBe(2_000);
    expect(pollDelay(60_000)).toBe(4_000);
    expect(pollDelay(3 * 60_000)).toBe(8_000);
    expect(pollDelay(4 * 60_000)).toBe(10_000);
    expect(pollDelay(60 * 60_000)).toBe(10_000);
  });

  it("notices a window closed after minutes open within 10 s, then waits its 8 s", async () => {
    providerAnswers(null);
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });

    const signingIn = signInInWindow("github");
    await vi.waitFor(() => expect(popup.location.href).not.toBe(""));
    let settled = false;
    void signingIn.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    popup.closed = true;
    // Checked at most 10 s later, then 8 s for an answer that may still be on its way.
    await vi.advanceTimersByTimeAsync(8_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(signingIn).resolves.toMatchObject({ code: "auth/popup-closed-by-user" });
  });

  it("keeps waiting while the window is at the second step, then counts it closed once it goes quiet", async () => {
    providerAnswers(null);
    const popup = fakePopup();
    vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    const signingIn = signInInWindow("github");
    await vi.waitFor(() => expect(popup.location.href).not.toBe(""));
    let settled = false;
    void signingIn.then(() => (settled = true));
    // Back from the provider the window is cut off from its opener, which then sees it as closed.
    popup.closed = true;
    const heard: unknown[] = [];
    const listener = new BroadcastChannel(SIGN_IN_WINDOW_CHANNEL);
    listener.onmessage = (event) => heard.push(event.data);
    const stop = keepOpenerWaiting();
    try {
      // A minute at the second step: far longer than the 8 s allowed after a window closes.
      for (let poll = 1; poll <= 30; poll++) {
        await vi.advanceTimersByTimeAsync(2_000);
        await vi.waitFor(() => expect(heard).toHaveLength(poll + 1));
      }
      expect(settled).toBe(false);
    } finally {
      stop();
      listener.close();
    }
    await vi.advanceTimersByTimeAsync(12_000);
    await expect(signingIn).resolves.toMatchObject({ code: "auth/popup-closed-by-user" });
  });
});

describe("the second step in the sign-in window", () => {
  it("is recognised by where the sign-in is headed: the window's last page", () => {
    expect(signInWindowEnd("/signed-in?provider=github")).toEqual({ provider: "github" });
    expect(signInWindowEnd("/signed-in")).toEqual({});
    expect(signInWindowEnd("/me")).toBeNull();
    expect(signInWindowEnd(undefined)).toBeNull();
    expect(signInWindowEnd("https://elsewhere.example/signed-in?provider=github")).toBeNull();
  });
});
