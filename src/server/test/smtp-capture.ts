import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type CapturedMail = {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  /** The To: header as written by the sender. */
  toHeader: string;
  from: string;
  subject: string;
  /** The text/plain body; an HTML-only message gets its tags stripped. */
  text: string;
  /** The whole message as received, for tests that read attachments (see `mimeParts`). */
  raw: string;
  receivedAt: number;
};

export type SmtpCaptureOptions = {
  /** Recipients refused for good (RCPT TO answered 550), as a mailbox that does not exist is. */
  refuse?: (address: string) => boolean;
  /**
   * Awaited before a received message is accepted (DATA answered 250) and kept: the sender's
   * conversation stays under way meanwhile, as with a slow mail server.
   */
  beforeAccept?: (mail: CapturedMail) => Promise<void> | undefined;
};

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startSmtpCapture(
  onMail?: (mail: CapturedMail) => void,
  options: SmtpCaptureOptions = {},
) {
  const mails: CapturedMail[] = [];
  let keeping = true;
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address.toLowerCase()))
        return callback(Object.assign(new Error("No such mailbox"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      if (!keeping) {
        stream.on("end", () => callback());
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = parseMessage(raw);
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const mail: CapturedMail = {
          ...parsed,
          raw,
          to: envelopeTo.length > 0 ? envelopeTo : extractAddresses(parsed.toHeader),
          receivedAt: Date.now(),
        };
        await options.beforeAccept?.(mail);
        mails.push(mail);
        onMail?.(mail);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  // A sender killed mid-conversation (a test kills app processes) resets its connection; that is
  // the sender's failure, not the capture's, and must not end the test process.
  server.on("error", () => {});
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
    /**
     * The first code mailed to this address after `after` mails. Other mail to it (a ticket the
     * outbox delivers meanwhile) is passed over, whenever it arrives.
     */
    async codeFor(email: string, after = 0): Promise<string> {
      const target = email.toLowerCase();
      const codeOf = (m: CapturedMail) => m.subject.match(/\b(\d{6})\b/)?.[1];
      const mail = await waitFor(
        (m) => mails.indexOf(m) >= after && m.to.includes(target) && Boolean(codeOf(m)),
      );
      return codeOf(mail) as string;
    },
    /**
     * From now on every message is still received and accepted, but neither read nor kept, and
     * those kept so far are let go: for a load run that sends tens of thousands of messages to a
     * capture in the process that measures it.
     */
    stopKeeping() {
      keeping = false;
      mails.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>;

type ParsedMail = Omit<CapturedMail, "to" | "receivedAt" | "raw">;

type Part = { headers: Map<string, string>; body: string };

/** A minimal RFC 5322 / MIME reader: enough for what nodemailer sends (multipart, QP, base64). */
export function parseMessage(raw: string): ParsedMail {
  const top = splitPart(raw);
  const textPart = findPart(top, "text/plain");
  const htmlPart = textPart ? undefined : findPart(top, "text/html");
  let text = "";
  if (textPart) text = decodeBody(textPart);
  else if (htmlPart) text = stripHtml(decodeBody(htmlPart));
  return {
    toHeader: decodeWords(top.headers.get("to") ?? ""),
    from: decodeWords(top.headers.get("from") ?? ""),
    subject: decodeWords(top.headers.get("subject") ?? ""),
    text,
  };
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines start with whitespace and continue the previous header.
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function findPart(part: Part, mimeType: string): Part | undefined {
  const contentType = part.headers.get("content-type") ?? "text/plain";
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === mimeType) return part;
  if (!type.startsWith("multipart/")) return undefined;
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return undefined;
  const sections = part.body.split(`--${boundary}`).slice(1);
  for (const section of sections) {
    if (section.startsWith("--")) break;
    const found = findPart(splitPart(section.replace(/^\n/, "")), mimeType);
    if (found) return found;
  }
  return undefined;
}

export type MimePart = { contentType: string; headers: Map<string, string>; content: Buffer };

/** Every leaf part of a message (bodies and attachments), decoded. */
export function mimeParts(raw: string): MimePart[] {
  const leaves: MimePart[] = [];
  const walk = (part: Part) => {
    const contentType = part.headers.get("content-type") ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (contentType.toLowerCase().startsWith("multipart/") && boundary) {
      for (const section of part.body.split(`--${boundary}`).slice(1)) {
        if (section.startsWith("--")) break;
        walk(splitPart(section.replace(/^\n/, "")));
      }
      return;
    }
    const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
    const content =
      encoding === "base64"
        ? Buffer.from(part.body.replace(/\s+/g, ""), "base64")
        : Buffer.from(encoding === "quoted-printable" ? decodeQuotedPrintable(part.body) : part.body, "utf8");
    leaves.push({ contentType, headers: part.headers, content });
  };
  walk(splitPart(raw));
  return leaves;
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body);
  return part.body;
}

function decodeQuotedPrintable(input: string): string {
  const softBreaksRemoved = input.replace(/=\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i++) {
    const char = softBreaksRemoved[i] as string;
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047 encoded words, e.g. =?UTF-8?B?...?= or =?UTF-8?Q?...?=. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function stripHtml(html: string): string {
  return html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/[ \t]+/g, " ")
    .trim();
}

function extractAddresses(header: string): string[] {
  return [...header.matchAll(/[^\s<>,"]+@[^\s<>,"]+/g)].map((m) => m[0].toLowerCase());
}
