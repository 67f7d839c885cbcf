import type { SignInProvider } from "#client/lib/auth-client.ts";

/** How each provider is named on buttons and in messages. */
export const PROVIDER_NAMES: Record<string, string> = {
  github: "GitHub",
  facebook: "Facebook",
  twitter: "X",
  google: "Google",
};

export const providerName = (id: string | undefined) => (id ? (PROVIDER_NAMES[id] ?? undefined) : undefined);

/** Where a provider sends the browser when signing in fails: /login, which says why and offers the other ways. */
export function signInErrorPath(provider: SignInProvider, returnTo: string): string {
  return `/login?${new URLSearchParams({ provider, redirect: returnTo })}`;
}
