import { AuthError, SECOND_FACTOR_REQUIRED } from "#client/lib/auth-client.ts";

/** The first step of a sign-in went through and the account asks for its second factor. */
export function isSecondFactorRequired(error: unknown): boolean {
  return error instanceof AuthError && error.code === SECOND_FACTOR_REQUIRED;
}

/**
 * Where the second step is asked, carrying on to where the person was headed: the sign-in pages'
 * own `?redirect=`, or back to the page that signed them in inline (an event, a community).
 */
export function secondStepHref(location: Pick<Location, "pathname" | "search"> = window.location): string {
  const onSignInPage = location.pathname === "/login" || location.pathname === "/otp";
  const redirect = onSignInPage
    ? new URLSearchParams(location.search).get("redirect")
    : `${location.pathname}${location.search}`;
  return redirect ? `/two-factor?redirect=${encodeURIComponent(redirect)}` : "/two-factor";
}

export function goToSecondStep(): void {
  window.location.assign(secondStepHref());
}
