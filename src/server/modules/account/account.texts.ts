// The deletion's messages for someone who signed up by phone: the mails' words, short enough for
// one or two text segments (each segment is billed).

export function deletionCodeText(options: { code: string; appUrl: string; minutes: number }): string {
  const host = new URL(options.appUrl).hostname;
  // The last line lets a phone's browser offer the code itself (WebOTP), as the sign-in text does.
  return [
    `${options.code} confirms deleting your Commons account. It expires in ${options.minutes} minutes. If you did not ask for this, do not share it.`,
    "",
    `@${host} #${options.code}`,
  ].join("\n");
}

export function accountDeletedText(options: { appUrl: string }): string {
  const host = new URL(options.appUrl).host;
  return `Your Commons account (${host}) is deleted. You can sign up again with this number at any time; it starts a new, empty account.`;
}
