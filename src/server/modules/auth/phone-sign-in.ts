// Sign-in with a code by text message: better-auth's phone-number plugin, held to the same rules as
// the emailed code (hashed, 10 minutes, 5 tries, limits per number and per address).
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { phoneNumber } from "better-auth/plugins";
import { desc, eq, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Db } from "#server/db/client.ts";
import { isPhoneOnlyEmail, PHONE_ONLY_EMAIL_DOMAIN } from "#shared/phone.ts";
import { verification } from "./auth.tables.ts";
import { checkTextSend, textLimitError, textSendBlocked } from "./phone-limits.service.ts";
import { type SendText, TextSendError } from "./phone-sender.ts";

const OTP_PREFIX = "phone-number-otp-";

/** A number as stored: valid for its country and written in E.164 (+15551234567). */
export function isStoredPhoneNumber(value: string): boolean {
  const parsed = parsePhoneNumberFromString(value);
  return Boolean(parsed?.isValid() && parsed.number === value);
}

function refuse(status: "BAD_REQUEST" | "FORBIDDEN", code: string, message: string): never {
  throw new APIError(status, { code, message });
}

type Options = {
  db: Db;
  sendText: SendText;
  secret: string;
  appUrl: string;
  clock: () => Date;
  clientAddressHeader: string;
  codeMinutes: number;
  codeAttempts: number;
};

/** The phone-number plugin and the rules Commons adds around it. */
export function phoneSignInPlugins(options: Options): BetterAuthPlugin[] {
  const { db, clock } = options;
  const digest = (code: string) =>
    createHmac("sha256", options.secret).update(`text-code:${code}`).digest("base64url");
  const host = new URL(options.appUrl).hostname;
  const addressOf = (ctx: { request?: Request; headers?: Headers } | undefined) =>
    ctx?.request?.headers.get(options.clientAddressHeader) ??
    ctx?.headers?.get(options.clientAddressHeader) ??
    "server";

  async function verifyCode({ phoneNumber: number, code }: { phoneNumber: string; code: string }) {
    const identifier = `${OTP_PREFIX}${number}`;
    const [row] = await db
      .select({ id: verification.id, expiresAt: verification.expiresAt })
      .from(verification)
      .where(eq(verification.identifier, identifier))
      .orderBy(desc(verification.createdAt))
      .limit(1);
    if (!row) refuse("BAD_REQUEST", "OTP_NOT_FOUND", "No code is waiting for this number. Send a new code.");
    if (row.expiresAt.getTime() <= clock().getTime()) {
      await db.delete(verification).where(eq(verification.id, row.id));
      refuse("BAD_REQUEST", "OTP_EXPIRED", "That code has expired. Send a new one.");
    }
    // Every try is counted before the code is compared, so concurrent guesses cannot share a try.
    const [counted] = await db
      .update(verification)
      .set({
        value: sql`split_part(${verification.value}, ':', 1) || ':' || (split_part(${verification.value}, ':', 2)::int + 1)`,
      })
      .where(eq(verification.id, row.id))
      .returning({ value: verification.value });
    if (!counted) refuse("BAD_REQUEST", "INVALID_OTP", "That code isn't right.");
    const [stored = "", tries = "0"] = counted.value.split(":");
    if (Number(tries) > options.codeAttempts) {
      await db.delete(verification).where(eq(verification.id, row.id));
      refuse("FORBIDDEN", "TOO_MANY_ATTEMPTS", "Too many tries. Send a new code.");
    }
    const given = Buffer.from(digest(code));
    const expected = Buffer.from(stored);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      refuse("BAD_REQUEST", "INVALID_OTP", "That code isn't right.");
    }
    // The first of two racing right answers takes the code; the other finds it gone.
    const taken = await db
      .delete(verification)
      .where(eq(verification.id, row.id))
      .returning({ id: verification.id });
    if (taken.length === 0) refuse("BAD_REQUEST", "INVALID_OTP", "That code isn't right.");
    return true;
  }

  const rules = {
    id: "commons-phone-rules",
    init() {
      return {
        options: {
          databaseHooks: {
            // The plugin stores `code:tries`; only a keyed hash of the code reaches the table. The
            // expiry follows the injected clock, which decides it in verifyCode.
            verification: {
              create: {
                async before(data: { identifier: string; value: string }) {
                  const match = /^(\d+):(\d+)$/.exec(data.value);
                  if (!data.identifier.startsWith(OTP_PREFIX) || !match) return;
                  const expiresAt = new Date(clock().getTime() + options.codeMinutes * 60_000);
                  return { data: { ...data, value: `${digest(match[1] as string)}:${match[2]}`, expiresAt } };
                },
              },
            },
            user: {
              update: {
                async before(
                  data: Record<string, unknown>,
                  ctx: { path?: string; context?: { session?: { user: { email: string } } | null } } | null,
                ) {
                  // Someone who signed up by phone has no other way in.
                  const removing = "phoneNumber" in data && data.phoneNumber === null;
                  const email = ctx?.context?.session?.user.email;
                  if (removing && ctx?.path === "/update-user" && email && isPhoneOnlyEmail(email)) {
                    refuse(
                      "BAD_REQUEST",
                      "PHONE_NUMBER_ONLY_WAY_IN",
                      "This number is how you sign in, so it cannot be removed. Change it to another number instead.",
                    );
                  }
                },
              },
            },
          },
        },
      };
    },
    hooks: {
      before: [
        {
          matcher: (ctx: { path?: string }) => ctx.path === "/phone-number/send-otp",
          handler: createAuthMiddleware(async (ctx) => {
            const number = (ctx.body as { phoneNumber?: unknown } | undefined)?.phoneNumber;
            if (typeof number !== "string" || !isStoredPhoneNumber(number)) return;
            // Counting happens where the text is sent; this keeps a refused request from
            // replacing the code already on the person's phone.
            const refusal = await textSendBlocked(db, {
              phoneNumber: number,
              address: addressOf(ctx),
              now: clock(),
            });
            if (refusal) throw textLimitError(refusal);
          }),
        },
      ],
    },
  } as unknown as BetterAuthPlugin;

  return [
    phoneNumber({
      otpLength: 6,
      expiresIn: options.codeMinutes * 60,
      allowedAttempts: options.codeAttempts,
      phoneNumberValidator: isStoredPhoneNumber,
      verifyOTP: verifyCode,
      signUpOnVerification: {
        getTempEmail: () => `phone-${randomUUID()}@${PHONE_ONLY_EMAIL_DOMAIN}`,
        // Asked on /welcome, as for everyone new.
        getTempName: () => "",
      },
      async sendOTP({ phoneNumber: number, code }, ctx) {
        const refusal = await checkTextSend(db, {
          phoneNumber: number,
          address: addressOf(ctx),
          now: clock(),
        });
        if (refusal) throw textLimitError(refusal);
        // The last line lets a phone's browser offer the code itself (WebOTP).
        const body = `${code} is your Commons sign-in code. It expires in ${options.codeMinutes} minutes.\n\n@${host} #${code}`;
        try {
          await options.sendText(number, body);
        } catch (error) {
          if (!(error instanceof TextSendError)) throw error;
          const status = error.code === "TEXT_UNAVAILABLE" ? "SERVICE_UNAVAILABLE" : "BAD_REQUEST";
          throw new APIError(status, {
            code: error.code,
            message: error.message,
            twilioCode: error.twilioCode,
          });
        }
      },
    }),
    rules,
  ];
}
