import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { accountLabel, isPhoneOnlyEmail } from "#shared/phone.ts";

type Person = { email: string; name?: string | null; phoneNumber?: string | null };

/** An authenticator app shows a URI's label (`issuer:account`) beside its codes. */
export function relabelTotpUri(uri: string, label: string): string {
  const match = /^(otpauth:\/\/totp\/[^:?]*:)[^?]*(\?.*)?$/.exec(uri);
  if (!match) return uri;
  return `${match[1]}${encodeURIComponent(label)}${match[2] ?? ""}`;
}

/**
 * better-auth names the account by its email wherever another device shows it: the passkey a
 * device stores (`user.name`, `user.displayName`) and the line an authenticator app adds. A phone
 * sign-up's placeholder address must reach neither, so both are named as screens name the account
 * (`accountLabel`: the address, else the number, else the name), and a passkey shows the person's
 * name beside it.
 */
export const accountLabels = {
  id: "commons-account-labels",
  hooks: {
    after: [
      {
        matcher: (context) => context.path === "/passkey/generate-register-options",
        handler: createAuthMiddleware(async (ctx) => {
          const options = ctx.context.returned as
            | { user?: { name?: string; displayName?: string } }
            | undefined;
          const userId = ctx.context.session?.user.id;
          if (!options?.user || !userId) return;
          const person = (await ctx.context.internalAdapter.findUserById(userId)) as Person | null;
          if (!person) return;
          const label = accountLabel(person);
          return ctx.json({
            ...options,
            user: { ...options.user, name: label, displayName: person.name?.trim() || label },
          });
        }),
      },
      {
        matcher: (context) =>
          context.path === "/two-factor/enable" || context.path === "/two-factor/get-totp-uri",
        handler: createAuthMiddleware(async (ctx) => {
          const answer = ctx.context.returned as { totpURI?: unknown } | undefined;
          const userId = ctx.context.session?.user.id;
          if (typeof answer?.totpURI !== "string" || !userId) return;
          const person = (await ctx.context.internalAdapter.findUserById(userId)) as Person | null;
          if (!person || !isPhoneOnlyEmail(person.email)) return;
          return ctx.json({ ...answer, totpURI: relabelTotpUri(answer.totpURI, accountLabel(person)) });
        }),
      },
    ],
  },
} satisfies BetterAuthPlugin;
