import { createHmac } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { E2E_PORT } from "./paths.ts";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Bytes(text: string): Buffer {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text.replace(/[\s=]/g, "").toUpperCase()) {
    buffer = (buffer << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/**
 * What an authenticator app shows for `key` (the base32 key printed on /me), `steps` 30-second
 * steps from now (RFC 6238: HMAC-SHA-1, 6 digits), written here independently of the server.
 */
export function authenticatorCode(key: string, steps = 0): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + steps));
  const mac = createHmac("sha1", base32Bytes(key)).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * Turns the authenticator app on for whoever `request` is signed in as, the way /me does (set-up,
 * then a first code); answers the app's base32 key. The code it used is spent: the next sign-in
 * takes `authenticatorCode(key, 1)`.
 */
export async function turnOnAppByApi(request: APIRequestContext): Promise<string> {
  const headers = { origin: `http://localhost:${E2E_PORT}` };
  const enabled = await request.post("/api/auth/two-factor/enable", { data: {}, headers });
  if (!enabled.ok()) throw new Error(`enable: ${enabled.status()} ${await enabled.text()}`);
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const key = new URL(totpURI).searchParams.get("secret") ?? "";
  const confirmed = await request.post("/api/auth/two-factor/verify-totp", {
    data: { code: authenticatorCode(key) },
    headers,
  });
  if (!confirmed.ok()) throw new Error(`first code: ${confirmed.status()} ${await confirmed.text()}`);
  return key;
}
