// An in-process SMTP server that writes every message it receives to a directory as JSON, so that
// Playwright workers (other processes) can read sign-in codes from the mail the app really sent.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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
  receivedAt: number;
};

export type SmtpCapture = { port: number; url: string; stop: () => Promise<void> };

export async function startSmtpCapture(dir: string): Promise<SmtpCapture> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let sequence = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        try {
          const mail = parseMessage(Buffer.concat(chunks).toString("utf8"));
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const captured: CapturedMail = {
            ...mail,
            to: envelopeTo.length > 0 ? envelopeTo : extractAddresses(mail.toHeader),
            receivedAt: Date.now(),
          };
          sequence += 1;
          const name = `${captured.receivedAt}-${String(sequence).padStart(5, "0")}.json`;
          // Write then rename would be atomic, but readers skip files that do not parse yet anyway.
          writeFileSync(join(dir, name), JSON.stringify(captured, null, 2));
          callback();
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
  });

  const port = await new Promise<number>((resolvePort, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.server.address();
      if (address && typeof address === "object") resolvePort(address.port);
      else reject(new Error("SMTP capture: no port"));
    });
  });

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolveStop) => server.close(() => resolveStop())),
  };
}

type ParsedMail = Omit<CapturedMail, "to" | "receivedAt">;

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
