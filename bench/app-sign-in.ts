// Signing in to a real app server started by e2e/support/app-server.ts without SMTP: the server
// prints each mail to its log, and the code is read from there, as a person would read their mail.
import { readFileSync } from "node:fs";

async function codeFromLog(logFile: string, email: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const marker = `--- mail to ${email} ---`;
  for (;;) {
    const text = readFileSync(logFile, "utf8");
    const at = text.lastIndexOf(marker);
    if (at >= 0) {
      const code = /(?<!\d)(\d{6})(?!\d)/.exec(
        text.slice(at + marker.length, at + marker.length + 2000),
      )?.[1];
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no sign-in code for ${email} in ${logFile}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The session cookie of `email`, through the same e-mail code flow a person uses. */
export async function signIn(url: string, logFile: string, email: string): Promise<string> {
  const headers = { origin: url, "content-type": "application/json" };
  const sent = await fetch(`${url}/api/auth/email-otp/send-verification-otp`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, type: "sign-in" }),
  });
  if (!sent.ok) throw new Error(`send code: ${sent.status} ${await sent.text()}`);
  const otp = await codeFromLog(logFile, email);
  const verified = await fetch(`${url}/api/auth/sign-in/email-otp`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, otp }),
  });
  if (!verified.ok) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
  return verified.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}
