import { AuthError } from "#client/lib/auth-client.ts";

const KEY = "commons:pending-sign-in";

export type PendingSignIn = { email: string; sentAt: number };

/** Stored as "sentAt email" in sessionStorage, so it survives a reload of /otp but not the tab. */
export function readPendingSignIn(): PendingSignIn | null {
  try {
    const [sentAt, ...rest] = (window.sessionStorage.getItem(KEY) ?? "").split(" ");
    const email = rest.join(" ");
    return email ? { email, sentAt: Number(sentAt) || 0 } : null;
  } catch {
    return null;
  }
}

/**
 * The email-code sign-in keeps its address here (for /otp) and ends in a session cookie: with
 * either blocked it could never finish, so this throws auth/web-storage-unsupported, and the
 * forms call it before a code is sent.
 */
export function savePendingSignIn(email: string, sentAt = Date.now()): void {
  let kept = navigator.cookieEnabled;
  try {
    window.sessionStorage.setItem(KEY, `${sentAt} ${email}`);
  } catch {
    kept = false;
  }
  if (!kept) throw new AuthError("Storage unavailable", "auth/web-storage-unsupported", 0);
}

export function clearPendingSignIn(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
