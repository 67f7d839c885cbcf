// Provider sign-in and linked accounts: loaded with the provider buttons and the /me section
// only, so they stay out of /login's initial JavaScript.
import { AuthError, call, type SignInProvider } from "./auth-client.ts";

type ProviderRedirect = { callbackURL: string; errorCallbackURL: string };

/** The provider's sign-in page to send the browser to. */
export async function startProviderSignIn(
  provider: SignInProvider,
  where: ProviderRedirect,
): Promise<string> {
  const body = await call("sign-in/social", { provider, ...where });
  if (typeof body?.url !== "string") throw new AuthError("No sign-in address.", "auth/internal-error", 500);
  return body.url;
}

/** The same, to link the provider to the signed-in account. */
export async function startProviderLink(provider: SignInProvider, where: ProviderRedirect): Promise<string> {
  const body = await call("link-social", { provider, ...where });
  if (typeof body?.url !== "string") throw new AuthError("No sign-in address.", "auth/internal-error", 500);
  return body.url;
}

export type LinkedAccount = { id: string; providerId: string; createdAt: string };

export async function listLinkedAccounts(): Promise<LinkedAccount[]> {
  const body = (await call("list-accounts")) as unknown;
  return Array.isArray(body) ? (body as LinkedAccount[]) : [];
}

/** What really signs in to the account (the server's rule): a confirmed address, a verified number, linked providers. */
export type SignInMethods = { email: string | null; phoneNumber: string | null; providers: string[] };

export async function getSignInMethods(): Promise<SignInMethods> {
  const body = await call("ways-in");
  return {
    email: typeof body?.email === "string" ? body.email : null,
    phoneNumber: typeof body?.phoneNumber === "string" ? body.phoneNumber : null,
    providers: Array.isArray(body?.providers) ? (body.providers as string[]) : [],
  };
}

export async function unlinkAccount(accountId: string): Promise<void> {
  await call("unlink-account", { accountId });
}

/** Links the Google account whose ID token Google's button answered to the signed-in account. */
export async function linkGoogle(idToken: string): Promise<void> {
  await call("link-social", { provider: "google", idToken: { token: idToken } });
}
