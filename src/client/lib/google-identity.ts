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
      else reject(new Error("Google sign-in did not load"));
    };
    script.onerror = () => {
      scriptPromise = null;
      reject(new Error("Google sign-in could not be loaded"));
    };
    document.head.append(script);
  });
  return scriptPromise;
}
