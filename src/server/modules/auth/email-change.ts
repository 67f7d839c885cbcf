import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { emailChangedMail, type Mailer } from "#server/modules/mail/mail.service.ts";
import { isPhoneOnlyEmail } from "#shared/phone.ts";

/**
 * Changing the address one signs in with (decision 027): email-otp's change-email routes send a
 * code to the new address and move the account once it is entered. This tells the old address
 * afterwards, so a change someone else made does not go unnoticed.
 */
export function emailChangeNotice(options: { mailer: Mailer; appUrl: string; operatorContact: string }) {
  return {
    id: "commons-email-change-notice",
    hooks: {
      after: [
        {
          matcher: (context) => context.path === "/email-otp/change-email",
          handler: createAuthMiddleware(async (ctx) => {
            // The session the request came with names the old address; only a change that happened
            // re-issues it (with the new one), so a refused code tells nobody.
            const before = ctx.context.session?.user;
            const now = ctx.context.newSession?.user;
            if (!before || !now || now.email === before.email || isPhoneOnlyEmail(before.email)) return;
            await options.mailer.send(
              emailChangedMail({
                to: before.email,
                newEmail: now.email,
                appUrl: options.appUrl,
                operatorContact: options.operatorContact,
              }),
            );
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
