import { safeRedirectPath } from "#shared/redirect.ts";

// The sign-in window's own side: apart from sign-in-window.ts (the opener's), so that the window's
// last page (routes/signed-in.tsx) and its second step (routes/two-factor.tsx) load no more than this.

/** Where the provider sends the sign-in window back; that page reports and closes itself. */
export const SIGN_IN_WINDOW_PATH = "/signed-in";
/** The window and the page that opened it talk over this channel (the window may be cut off from its opener). */
export const SIGN_IN_WINDOW_CHANNEL = "commons-sign-in-window";
/** The opener checks its window at most this often; a window still signing in says so as often. */
export const POLL_MIN_MS = 2_000;

export type WindowAnswer = { error: string | null; provider: string | null };
/** The window is at the second step of its sign-in: the opener keeps waiting for its answer. */
type StillSigningIn = { stillSigningIn: true };
export type WindowMessage = WindowAnswer | StillSigningIn;

/** Called by the page the provider sent the window back to. */
export function reportFromSignInWindow(answer: WindowAnswer): void {
  try {
    const channel = new BroadcastChannel(SIGN_IN_WINDOW_CHANNEL);
    channel.postMessage(answer satisfies WindowMessage);
    channel.close();
  } catch {
    // Without BroadcastChannel the opener still sees the window close and reads the session.
  }
}

/**
 * Tells the opener, now and at every one of its polls until stopped, that this window is still
 * signing in. Back from the provider, the window is cut off from its opener (the pages' COOP), which
 * then sees it as closed: without this, a person typing their second factor would be reported as
 * having closed the window. Answers the function that stops it.
 */
export function keepOpenerWaiting(): () => void {
  let channel: BroadcastChannel;
  try {
    channel = new BroadcastChannel(SIGN_IN_WINDOW_CHANNEL);
  } catch {
    // Without BroadcastChannel the opener reads the session once the window has really closed.
    return () => {};
  }
  const tell = () => channel.postMessage({ stillSigningIn: true } satisfies WindowMessage);
  tell();
  const timer = window.setInterval(tell, POLL_MIN_MS);
  return () => {
    window.clearInterval(timer);
    channel.close();
  };
}

/**
 * When `redirect` (where a sign-in is headed) is the sign-in window's last page, the provider it
 * names, else null: the second step then runs in the window and ends on that page, which tells
 * the opener how it went.
 */
export function signInWindowEnd(redirect: string | undefined): { provider?: string } | null {
  const path = safeRedirectPath(redirect);
  if (!path) return null;
  const url = new URL(path, window.location.origin);
  if (url.pathname !== SIGN_IN_WINDOW_PATH) return null;
  const provider = url.searchParams.get("provider");
  return provider ? { provider } : {};
}
