import type { AuthUser } from "#client/lib/auth-client.ts";
import { redirectTarget } from "#client/lib/redirect.ts";

export type AfterSignIn = { kind: "welcome"; redirect: string | undefined } | { kind: "href"; href: string };

/** People without a name are asked for one first, then continue where they were headed. */
export function afterSignIn(user: AuthUser | null, redirect: string | undefined): AfterSignIn {
  if (user && user.name.trim().length === 0) return { kind: "welcome", redirect };
  return { kind: "href", href: redirectTarget(redirect) };
}
