import { codeMail, type Mail, noticeMail } from "#server/modules/mail/mail.service.ts";

export function deletionCodeMail(options: {
  to: string;
  code: string;
  appUrl: string;
  minutes: number;
}): Mail {
  return codeMail({
    to: options.to,
    subject: `${options.code} confirms deleting your Commons account`,
    intro: `Someone signed in to your Commons account (${new URL(options.appUrl).host}) asked to delete it. The code that confirms it is:`,
    code: options.code,
    closing: [
      `It expires in ${options.minutes} minutes and works once.`,
      "If you did not ask for this, do not share the code, and sign out your other sessions on your profile page.",
    ],
  });
}

export function accountDeletedMail(options: { to: string; appUrl: string }): Mail {
  return noticeMail({
    to: options.to,
    subject: "Your Commons account is deleted",
    lines: [
      `Your Commons account (${new URL(options.appUrl).host}) is deleted.`,
      "Your profile, sign-in methods, sessions and memberships are gone, and your upcoming registrations are canceled. Communities keep their past attendance and payment records with your name removed.",
      "You can sign up again with this address at any time; it starts a new, empty account.",
    ],
  });
}
