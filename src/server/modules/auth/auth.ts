import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { emailOTP } from "better-auth/plugins";
import { createRemoteJWKSet, jwtVerify } from "jose";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { type Mailer, signInCodeMail } from "../mail/mail.service.ts";
import { account, rateLimit, session, user, verification } from "./auth.tables.ts";
import { checkCodeSend, codeLimitMessage } from "./code-limits.service.ts";

/** Request header carrying the client address derived by the HTTP layer; anything a client sends under this name is replaced. */
export const CLIENT_IP_HEADER = "x-commons-client-ip";
export const CODE_TTL_MINUTES = 10;
export const CODE_ATTEMPTS = 5;

function googleProvider(google: NonNullable<Config["google"]>) {
  const jwks = createRemoteJWKSet(new URL(google.jwksUrl));
  // Google issues both spellings; a stand-in provider in tests issues exactly its configured URL.
  const issuers = [google.issuer, google.issuer.replace(/^https:\/\//, "")];
  return {
    clientId: google.clientId,
    clientSecret: google.clientSecret ?? "",
    scope: ["openid", "profile", "email"],
    async verifyIdToken(token: string) {
      try {
        const { payload } = await jwtVerify(token, jwks, { issuer: issuers, audience: google.clientId });
        return payload.email_verified === true && typeof payload.email === "string";
      } catch {
        return false;
      }
    },
  };
}

export function createAuth(options: { config: Config; db: Db; mailer: Mailer }) {
  const { config, db, mailer } = options;
  return betterAuth({
    appName: "Commons",
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit },
    }),
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: true, maxAge: 60 },
    },
    // Per client address and generous: guests at a venue share one address. The strict per-email
    // limit on sending codes lives in code-limits.service.ts.
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 120,
      customRules: {
        "/email-otp/send-verification-otp": { window: 60, max: 30 },
        "/sign-in/email-otp": { window: 60, max: 60 },
        "/sign-in/social": { window: 60, max: 30 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.appUrl.startsWith("https://"),
    },
    account: { accountLinking: { enabled: true, trustedProviders: ["google"] } },
    socialProviders: config.google ? { google: googleProvider(config.google) } : {},
    telemetry: { enabled: false },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_TTL_MINUTES * 60,
        allowedAttempts: CODE_ATTEMPTS,
        storeOTP: "hashed",
        rateLimit: { window: 60, max: 30 },
        async sendVerificationOTP({ email, otp }, ctx) {
          // Every route that mails a code ends here, so the per-email limit cannot be bypassed.
          const address =
            ctx?.request?.headers.get(CLIENT_IP_HEADER) ?? ctx?.headers?.get(CLIENT_IP_HEADER) ?? "server";
          const refusal = await checkCodeSend(db, { email, address });
          if (refusal) {
            throw new APIError(
              "TOO_MANY_REQUESTS",
              {
                code: refusal.code,
                message: codeLimitMessage(refusal),
                retryAfter: refusal.retryAfterSeconds,
              },
              { "Retry-After": String(refusal.retryAfterSeconds) },
            );
          }
          await mailer.send(
            signInCodeMail({ to: email, code: otp, appUrl: config.appUrl, minutes: CODE_TTL_MINUTES }),
          );
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
