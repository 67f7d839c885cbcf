import type { Transporter } from "nodemailer";
import nodemailer from "nodemailer";

export type MailAttachment = {
  filename: string;
  content: Buffer | string;
  contentType: string;
  /** Set for images the HTML shows inline as `<img src="cid:...">`. */
  cid?: string;
};

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** A stable id (`<...@host>`), so a resend after a crash is recognisably the same message. */
  messageId?: string;
  /** Extra header fields, e.g. `List-Unsubscribe`. */
  headers?: Record<string, string>;
};

export type Mailer = { send(mail: Mail): Promise<void>; close(): void };

/** SMTP when a URL is configured; otherwise every message goes to the log so `npm start` needs nothing. */
export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  log?: (line: string) => void;
}): Mailer {
  const log = options.log ?? ((line: string) => console.log(line));
  if (!options.smtpUrl) {
    return {
      async send(mail) {
        const attached = mail.attachments?.length
          ? `\n[attached: ${mail.attachments.map((a) => a.filename).join(", ")}]`
          : "";
        log(
          `\n--- mail to ${mail.to} ---\nSubject: ${mail.subject}\n\n${mail.text}${attached}\n--- end of mail ---\n`,
        );
      },
      close() {},
    };
  }
  // Connections are kept and reused from message to message: a connection per message would cost
  // a TCP handshake, the greeting and EHLO, and QUIT every time, on both ends. Eight: the outbox's
  // poll and its send after a log batch may each have four messages under way, and a sign-in code
  // then waits only for one of them to finish. Settings in the URL (`?pool=false`,
  // `maxConnections=`) win over these.
  const transport: Transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: 8,
  });
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close: () => transport.close(),
  };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const MAIL_STYLE = "font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#111";
const CODE_STYLE = "font-size:32px;font-weight:700;letter-spacing:6px;margin:16px 0";

/** A mail carrying a one-time code: what it is for, the code set large, then how long it lasts. */
export function codeMail(options: {
  to: string;
  subject: string;
  intro: string;
  code: string;
  closing: string[];
}): Mail {
  return {
    to: options.to,
    subject: options.subject,
    text: [options.intro, "", `    ${options.code}`, "", ...options.closing].join("\n"),
    html: `<div style="${MAIL_STYLE}">
<p>${escapeHtml(options.intro)}</p>
<p style="${CODE_STYLE}">${escapeHtml(options.code)}</p>
<p>${options.closing.map(escapeHtml).join("<br>")}</p>
</div>`,
  };
}

/** A plain notice: one paragraph per line. */
export function noticeMail(options: { to: string; subject: string; lines: string[] }): Mail {
  return {
    to: options.to,
    subject: options.subject,
    text: options.lines.join("\n\n"),
    html: `<div style="${MAIL_STYLE}">${options.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}</div>`,
  };
}

export function signInCodeMail(options: { to: string; code: string; appUrl: string; minutes: number }): Mail {
  return codeMail({
    to: options.to,
    subject: `${options.code} is your Commons sign-in code`,
    intro: `Your sign-in code for Commons (${new URL(options.appUrl).host}) is:`,
    code: options.code,
    closing: [
      `It expires in ${options.minutes} minutes and works once.`,
      "If you did not try to sign in, you can ignore this message.",
    ],
  });
}

/** To the new address: the code that moves the account to it. */
export function emailChangeCodeMail(options: {
  to: string;
  code: string;
  appUrl: string;
  minutes: number;
}): Mail {
  return codeMail({
    to: options.to,
    subject: `${options.code} confirms your new Commons email address`,
    intro: `Someone signed in to Commons (${new URL(options.appUrl).host}) asked to use this address for their account. The code that confirms it is:`,
    code: options.code,
    closing: [
      `It expires in ${options.minutes} minutes and works once.`,
      "If you did not ask to use this address on Commons, you can ignore this message: nothing changes.",
    ],
  });
}

/** To the old address, once the account has moved: the person learns of it if it was not them. */
export function emailChangedMail(options: {
  to: string;
  newEmail: string;
  appUrl: string;
  operatorContact: string;
}): Mail {
  return noticeMail({
    to: options.to,
    subject: "Your Commons email address was changed",
    lines: [
      `Your Commons account (${new URL(options.appUrl).host}) now signs in with ${options.newEmail} instead of this address.`,
      "Codes and mail from Commons go to the new address from now on.",
      `If you did not make this change, write to ${options.operatorContact} at once.`,
    ],
  });
}
