/**
 * Sends this tab to another site's page (Stripe's checkout, onboarding or dashboard). Through
 * `window.open` with `_self` rather than `location.assign`, which jsdom does not let a client test
 * watch.
 */
export function leaveFor(url: string): void {
  window.open(url, "_self");
}
