import { createHmac, timingSafeEqual } from "node:crypto";

/** RFC 6238 as authenticator apps use it: 6 digits, 30-second steps, HMAC-SHA-1. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted: one step of clock skew. */
export const TOTP_WINDOW = 1;

export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / (TOTP_PERIOD_SECONDS * 1000));
}

/** The code for one 30-second step (RFC 4226's HOTP of the step number). */
export function totpCode(key: Uint8Array, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, "0");
}

/** The step (within one of `nowMs`'s) whose code `code` is, or null. */
export function matchingStep(key: Uint8Array, code: string, nowMs: number): number | null {
  const current = totpStep(nowMs);
  if (!/^\d{6}$/.test(code)) return null;
  let matched: number | null = null;
  // Every step is compared, whichever matches, so the time taken says nothing about the code.
  for (let offset = -TOTP_WINDOW; offset <= TOTP_WINDOW; offset++) {
    const same = timingSafeEqual(Buffer.from(totpCode(key, current + offset)), Buffer.from(code));
    if (same && matched === null) matched = current + offset;
  }
  return matched;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** The secret in an `otpauth://` address (RFC 4648 base32, no padding). */
export function decodeBase32(text: string): Uint8Array {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error("not base32");
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}
