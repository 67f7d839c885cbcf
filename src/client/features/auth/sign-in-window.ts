import { getSession, type SignInProvider } from "#client/lib/auth-client.ts";
import { type AuthProblem, authProblemOf, describeAuthError } from "#client/lib/auth-error-messages.ts";
import { startProviderSignIn } from "#client/lib/auth-provider-client.ts";
import { PROVIDER_NAMES } from "#client/lib/sign-in-providers.ts";
import {
  POLL_MIN_MS,
  SIGN_IN_WINDOW_CHANNEL,
  SIGN_IN_WINDOW_PATH,
  type WindowMessage,
} from "./sign-in-window-report.ts";

// The seed's identity service: a 500x600 pop-up, its closing polled every 2 to 10 s, and 8 s
// allowed after it closes for its answer to arrive before the sign-in counts as abandoned.
const WIDTH = 500;
const HEIGHT = 600;
const POLL_MAX_MS = 10_000;
const AFTER_CLOSE_MS = 8_000;

/**
 * How long until the pop-up is next checked, once it has been open `openForMs`: every 2 s in the
 * first minute, when a closed window is most often a change of mind; then 2 s more each minute, up
 * to every 10 s for a window left open (the person went elsewhere).
 */
export function pollDelay(openForMs: number): number {
  return Math.min(POLL_MAX_MS, POLL_MIN_MS * (1 + Math.floor(Math.max(0, openForMs) / 60_000)));
}

/** Ends the sign-in in a window still waiting, when another one is asked for. */
let stopWaiting: ((problem: AuthProblem) => void) | null = null;

/**
 * Signs in with the provider in a pop-up, so the page (and whatever was typed on it) stays.
 * Resolves when signed in, or with the problem that ended it. Asking for another sign-in window
 * while one is open ends the first with auth/cancelled-popup-request; the new one takes the window.
 */
export async function signInInWindow(provider: SignInProvider): Promise<AuthProblem | null> {
  const name = PROVIDER_NAMES[provider];
  stopWaiting?.(describeAuthError("auth/cancelled-popup-request", { provider: name }));
  const left = Math.max(0, window.screenX + (window.outerWidth - WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - HEIGHT) / 2);
  // Opened before any await: browsers block pop-ups not opened straight from the click.
  const popup = window.open(
    "",
    "commons-sign-in",
    `popup,width=${WIDTH},height=${HEIGHT},left=${left},top=${top}`,
  );
  if (!popup) return describeAuthError("auth/popup-blocked", { provider: name });
  const opened: Window = popup;

  return new Promise((resolve) => {
    let channel: BroadcastChannel | null = null;
    let timer: number | undefined;
    let done = false;
    // When the window last said it is still signing in (at its second step).
    let lastHeard = 0;
    const finish = (problem: AuthProblem | null) => {
      if (done) return;
      done = true;
      window.clearTimeout(timer);
      channel?.close();
      if (stopWaiting === finish) stopWaiting = null;
      resolve(problem);
    };
    stopWaiting = finish;

    const back = `${SIGN_IN_WINDOW_PATH}?${new URLSearchParams({ provider })}`;
    startProviderSignIn(provider, { callbackURL: back, errorCallbackURL: back }).then(
      (url) => {
        // A later sign-in window has taken this one over in the meantime.
        if (done) return;
        opened.location.href = url;
        watch();
      },
      (caught: unknown) => {
        opened.close();
        finish(authProblemOf(caught, { provider: name }));
      },
    );

    try {
      channel = new BroadcastChannel(SIGN_IN_WINDOW_CHANNEL);
      channel.onmessage = ({ data }: MessageEvent<WindowMessage>) => {
        if ("stillSigningIn" in data) {
          lastHeard = Date.now();
          return;
        }
        finish(data.error ? describeAuthError(data.error, { provider: name }) : null);
      };
    } catch {
      channel = null;
    }

    const openedAt = Date.now();
    function watch() {
      timer = window.setTimeout(
        () => {
          if (!opened.closed) return watch();
          awaitAnswer(Date.now());
        },
        pollDelay(Date.now() - openedAt),
      );
    }
    /** 8 s after the window closed, or after it last said it was still signing in, whichever is later. */
    function awaitAnswer(closedAt: number) {
      const wait = Math.max(closedAt, lastHeard) + AFTER_CLOSE_MS - Date.now();
      timer = window.setTimeout(
        () => {
          if (Date.now() - lastHeard < AFTER_CLOSE_MS) return awaitAnswer(closedAt);
          // No answer came (no BroadcastChannel here): the session says whether it worked.
          getSession()
            .catch(() => null)
            .then((session) =>
              finish(session ? null : describeAuthError("auth/popup-closed-by-user", { provider: name })),
            );
        },
        Math.max(0, wait),
      );
    }
  });
}
