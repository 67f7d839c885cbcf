// A local stand-in for the part of Twilio's REST API Commons uses (sending a text, listing the
// texts sent), at its HTTP boundary: started by integration tests and by the e2e set-up.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type StandinText = { sid: string; to: string; from: string; body: string; sentAt: Date };

export type TwilioStandin = {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** Every text accepted, oldest first. */
  texts: StandinText[];
  /** Answer texts to `to` with Twilio's error `code` (and HTTP status) instead of sending them. */
  refuse(to: string, code: number, status?: number): void;
  /** The 6-digit code in the newest text to `to` sent after the first `after` texts. */
  codeFor(to: string, after?: number): Promise<string>;
  close(): Promise<void>;
};

/** The app's Twilio settings pointing at the stand-in. */
export const twilioSettingsOf = (twilio: TwilioStandin) => ({
  accountSid: twilio.accountSid,
  authToken: twilio.authToken,
  from: twilio.from,
  apiUrl: twilio.url,
});

/** A test server's overrides for phone sign-in with texts going to the stand-in. */
export const phoneOverridesOf = (twilio: TwilioStandin) => ({
  phone: { signIn: true, twilio: twilioSettingsOf(twilio) },
});

const E164 = /^\+[1-9]\d{6,14}$/;

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

function twilioError(response: ServerResponse, status: number, code: number, message: string) {
  answer(response, status, {
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startTwilioStandin(
  options: { port?: number; accountSid?: string; authToken?: string; from?: string } = {},
): Promise<TwilioStandin> {
  const accountSid = options.accountSid ?? `AC${randomBytes(16).toString("hex")}`;
  const authToken = options.authToken ?? randomBytes(16).toString("hex");
  const from = options.from ?? "+15005550006";
  const texts: StandinText[] = [];
  const refusals = new Map<string, { code: number; status: number }>();
  const waiters = new Set<() => void>();
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://standin");
    if (!url.pathname.startsWith("/2010-04-01/Accounts/")) {
      return twilioError(response, 404, 20404, "The requested resource was not found");
    }
    if (!sameSecret(request.headers.authorization ?? "", expectedAuth) || url.pathname !== messagesPath) {
      return twilioError(response, 401, 20003, "Authenticate");
    }
    if (request.method === "GET") {
      const to = url.searchParams.get("To");
      const listed = texts.filter((text) => !to || text.to === to).reverse();
      return answer(response, 200, {
        messages: listed.map((text) => ({
          sid: text.sid,
          to: text.to,
          from: text.from,
          body: text.body,
          date_created: text.sentAt.toUTCString(),
        })),
      });
    }
    if (request.method !== "POST") return twilioError(response, 405, 20004, "Method not allowed");
    const form = new URLSearchParams(await readBody(request));
    const to = form.get("To") ?? "";
    const sender = form.get("From") ?? form.get("MessagingServiceSid");
    const body = form.get("Body") ?? "";
    if (!sender) return twilioError(response, 400, 21603, "A 'From' phone number is required.");
    if (!body) return twilioError(response, 400, 21602, "Message body is required.");
    if (!E164.test(to)) {
      return twilioError(response, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    const refusal = refusals.get(to);
    if (refusal)
      return twilioError(
        response,
        refusal.status,
        refusal.code,
        `Refused by the stand-in (${refusal.code}).`,
      );
    const text = { sid: `SM${randomBytes(16).toString("hex")}`, to, from: sender, body, sentAt: new Date() };
    texts.push(text);
    for (const wake of waiters) wake();
    return answer(response, 201, {
      sid: text.sid,
      account_sid: accountSid,
      to,
      from: sender,
      body,
      status: "queued",
      date_created: text.sentAt.toUTCString(),
    });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      twilioError(response, 500, 20500, String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    accountSid,
    authToken,
    from,
    texts,
    refuse(to, code, status = 400) {
      refusals.set(to, { code, status });
    },
    async codeFor(to, after = 0) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const text = texts
          .slice(after)
          .reverse()
          .find((t) => t.to === to);
        const code = text?.body.match(/\b\d{6}\b/)?.[0];
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`no text with a code reached ${to}`);
        // Woken by the next text; the timer only bounds a test that waits for nothing.
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, 1_000);
          waiters.add(wake);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
