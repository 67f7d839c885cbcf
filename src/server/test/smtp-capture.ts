import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type CapturedMail = { to: string[]; subject: string; text: string; raw: string };

const header = (raw: string, name: string) =>
  raw
    .match(new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, "im"))?.[1]
    ?.replace(/\r?\n[ \t]+/g, " ")
    .trim() ?? "";

/** Undoes quoted-printable soft breaks and escapes well enough to read codes and links. */
const decodeBody = (raw: string) => {
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n\n");
  return body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
};

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpCapture(onMail?: (mail: CapturedMail) => void) {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail: CapturedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: header(raw, "Subject"),
          text: decodeBody(raw),
          raw,
        };
        mails.push(mail);
        onMail?.(mail);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  async function waitFor(
    predicate: (mail: CapturedMail) => boolean,
    timeoutMs = 10_000,
  ): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = mails.findLast(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("no matching mail arrived");
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
        setTimeout(wake, Math.min(left, 250));
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor,
    /** The newest sign-in code sent to this address, optionally only one arriving after `after` mails. */
    async codeFor(email: string, after = 0): Promise<string> {
      const target = email.toLowerCase();
      const mail = await waitFor((m) => mails.indexOf(m) >= after && m.to.includes(target));
      const code = mail.subject.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code in mail "${mail.subject}"`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;
