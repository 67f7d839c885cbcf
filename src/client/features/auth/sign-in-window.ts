import { getSession, type SignInProvider } from "#client/lib/auth-client.ts";
import { type AuthProblem, describeAuthError } from "#client/lib/auth-error-messages.ts";
import { startProviderSignIn } from "#client/lib/auth-provider-client.ts";
import { PROVIDER_NAMES } from "#client/lib/sign-in-providers.ts";

/** Where the provider sends the sign-in window back; that page reports and closes itself. */
export const SIGN_IN_WINDOW_PATH = "/signed-in";
const CHANNEL = "commons-sign-in-window";

// The seed's identity service: a 500x600 pop-up, its closing polled every 2 s, and 8 s allowed
// after it closes for its answer to arrive before the sign-in counts as abandoned.
const WIDTH = 500;
const HEIGHT = 600;
const POLL_MS = 2_000;
const AFTER_CLOSE_MS = 8_000;

type WindowAnswer = { error: string | null; provider: string | null };

/** Called by the page the provider sent the window back to. */
export function reportFromSignInWindow(answer: WindowAnswer): void {
  try {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage(answer);
    channel.close();
  } catch {
    // Without BroadcastChannel the opener still sees the window close and reads the session.
  }
}

/**
 * Signs in with the provider in a pop-up, so the page (and whatever was typed on it) stays.
 * Resolves when signed in, or with the problem that ended it.
 */
export async function signInInWindow(provider: SignInProvider): Promise<AuthProblem | null> {
  const name = PROVIDER_NAMES[provider];
  const left = Math.max(0, window.screenX + (window.outerWidth - WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - HEIGHT) / 2);
  // Opened before any await: browsers block pop-ups not opened straight from the click.
  const popup = window.open(
    "",
    "commons-sign-in",
    `popup,width=${WIDTH},height=${HEIGHT},left=${left},top=${top}`,
  );
  if (!popup) return describeAuthError("auth/popup-blocked", { provider: name });
  try {
    const back = `${SIGN_IN_WINDOW_PATH}?${new URLSearchParams({ provider })}`;
    popup.location.href = await startProviderSignIn(provider, { callbackURL: back, errorCallbackURL: back });
  } catch (caught) {
    popup.close();
    const code = caught instanceof Error && "code" in caught ? String(caught.code) : "auth/internal-error";
    return describeAuthError(code, { provider: name });
  }
  return new Promise((resolve) => {
    let channel: BroadcastChannel | null = null;
    let closedAt: number | null = null;
    const finish = (problem: AuthProblem | null) => {
      window.clearInterval(timer);
      channel?.close();
      resolve(problem);
    };
    try {
      channel = new BroadcastChannel(CHANNEL);
      channel.onmessage = (event: MessageEvent<WindowAnswer>) =>
        finish(event.data.error ? describeAuthError(event.data.error, { provider: name }) : null);
    } catch {
      channel = null;
    }
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      closedAt ??= Date.now();
      if (Date.now() - closedAt < AFTER_CLOSE_MS) return;
      window.clearInterval(timer);
      // No answer came (no BroadcastChannel here): the session says whether it worked.
      getSession()
        .catch(() => null)
        .then((session) =>
          finish(session ? null : describeAuthError("auth/popup-closed-by-user", { provider: name })),
        );
    }, POLL_MS);
  });
}
