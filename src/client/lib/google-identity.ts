import { AuthError } from "#client/lib/auth-client.ts";

/** Google Identity Services: its script, loaded once and only where a Google button is shown. */
export type GoogleCredentialResponse = { credential?: string };
export type GoogleIdentity = {
  accounts: {
    id: {
      initialize: (options: {
        client_id: string;
        callback: (response: GoogleCredentialResponse) => void;
        ux_mode?: "popup" | "redirect";
      }) => void;
      renderButton: (parent: HTMLElement, options: Record<string, string | number>) => void;
    };
  };
};

const SCRIPT_SRC = "https://accounts.google.com/gsi/client";
const UNAVAILABLE = "Google sign-in is unavailable right now. Use your email instead.";

let scriptPromise: Promise<GoogleIdentity> | null = null;

function googleFromWindow(): GoogleIdentity | undefined {
  return (window as unknown as { google?: GoogleIdentity }).google;
}

export function loadGoogleScript(): Promise<GoogleIdentity> {
  const existing = googleFromWindow();
  if (existing?.accounts?.id) return Promise.resolve(existing);
  scriptPromise ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const google = googleFromWindow();
      if (google?.accounts?.id) resolve(google);
      else reject(new AuthError(UNAVAILABLE, "auth/internal-error", 0));
    };
    script.onerror = () => {
      scriptPromise = null;
      // Offline, or the script blocked on the way (an extension, a network filter).
      reject(new AuthError(UNAVAILABLE, "auth/network-request-failed", 0));
    };
    document.head.append(script);
  });
  return scriptPromise;
}
