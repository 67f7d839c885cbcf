// Helpers for journeys that sign in by email code: the global setup captures every message the
// app sends into e2e/.mail (see smtp-capture.ts), and these read it back.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { mailDir } from "./paths.ts";
import type { CapturedMail } from "./smtp-capture.ts";

/** A fresh address per call, so tests never read each other's mail. */
export function uniqueEmail(prefix = "e2e"): string {
  const safePrefix = prefix.toLowerCase().replace(/[^a-z0-9]+/g, "-") || "e2e";
  return `${safePrefix}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}@example.test`;
}

/** Every captured message to `email`, oldest first. */
export function readMail(email: string): CapturedMail[] {
  const address = email.toLowerCase();
  let files: string[];
  try {
    files = readdirSync(mailDir).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
  const messages: CapturedMail[] = [];
  for (const file of files.sort()) {
    try {
      const mail = JSON.parse(readFileSync(join(mailDir, file), "utf8")) as CapturedMail;
      const toHeader = mail.toHeader.toLowerCase();
      if (mail.to.includes(address) || toHeader.includes(address)) messages.push(mail);
    } catch {
      // A file still being written: it is read on the next poll.
    }
  }
  return messages.sort((a, b) => a.receivedAt - b.receivedAt);
}

/**
 * Polls for the newest message to `email` and returns the 6-digit code in it. Pass `since`
 * (a Date.now() taken before asking for the code) to ignore codes sent earlier to the same address.
 */
export async function waitForCode(email: string, timeoutMs = 15000, since = 0): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const newest = readMail(email)
      .filter((m) => m.receivedAt >= since)
      .at(-1);
    if (newest) {
      const code = extractCode(newest);
      if (code) return code;
      throw new Error(
        `waitForCode: the newest message to ${email} has no 6-digit code.\n` +
          `Subject: ${newest.subject}\n${newest.text}`,
      );
    }
    if (Date.now() > deadline) {
      throw new Error(`waitForCode: no message to ${email} within ${timeoutMs} ms (looked in ${mailDir})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function extractCode(mail: Pick<CapturedMail, "subject" | "text">): string | undefined {
  return /(?<!\d)(\d{6})(?!\d)/.exec(mail.text)?.[1] ?? /(?<!\d)(\d{6})(?!\d)/.exec(mail.subject)?.[1];
}
