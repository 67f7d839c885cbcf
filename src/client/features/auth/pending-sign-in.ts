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

export function savePendingSignIn(email: string, sentAt = Date.now()): void {
  try {
    window.sessionStorage.setItem(KEY, `${sentAt} ${email}`);
  } catch {
    // Without sessionStorage the /otp page falls back to asking for the email again.
  }
}

export function clearPendingSignIn(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
