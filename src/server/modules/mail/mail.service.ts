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
  const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail });
    },
    close: () => transport.close(),
  };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function signInCodeMail(options: { to: string; code: string; appUrl: string; minutes: number }): Mail {
  const host = new URL(options.appUrl).host;
  return {
    to: options.to,
    subject: `${options.code} is your Commons sign-in code`,
    text: [
      `Your sign-in code for Commons (${host}) is:`,
      "",
      `    ${options.code}`,
      "",
      `It expires in ${options.minutes} minutes and works once.`,
      "If you did not try to sign in, you can ignore this message.",
    ].join("\n"),
    html: `<div style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#111">
<p>Your sign-in code for Commons (${escapeHtml(host)}) is:</p>
<p style="font-size:32px;font-weight:700;letter-spacing:6px;margin:16px 0">${escapeHtml(options.code)}</p>
<p>It expires in ${options.minutes} minutes and works once.<br>If you did not try to sign in, you can ignore this message.</p>
</div>`,
  };
}
