// Writes every message the real SMTP capture receives to a directory as JSON, so that Playwright
// workers (other processes) can read sign-in codes from the mail the app really sent.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type CapturedMail, startSmtpCapture as startCapture } from "#server/test/smtp-capture.ts";

export type { CapturedMail };

export type SmtpCapture = { url: string; stop: () => Promise<void> };

export async function startSmtpCapture(dir: string): Promise<SmtpCapture> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let sequence = 0;
  const capture = await startCapture((mail) => {
    sequence += 1;
    // Readers skip files that do not parse yet, so a plain write is enough.
    writeFileSync(
      join(dir, `${mail.receivedAt}-${String(sequence).padStart(5, "0")}.json`),
      JSON.stringify(mail, null, 2),
    );
  });
  return { url: capture.url, stop: capture.close };
}
