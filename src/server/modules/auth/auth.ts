import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { emailOTP } from "better-auth/plugins";
import { createRemoteJWKSet, jwtVerify } from "jose";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { type Mailer, signInCodeMail } from "#server/modules/mail/mail.service.ts";
import { user } from "#server/modules/users/users.tables.ts";
import { isAllowedImageUrl, normalizePersonName, personNameProblem } from "#shared/person.ts";
import { account, rateLimit, session, verification } from "./auth.tables.ts";
import { checkCodeSend, codeLimitMessage } from "./code-limits.service.ts";
import { SESSION_CACHE_SECONDS } from "./session-revocation.service.ts";

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

/**
 * Name and image as stored. What a person types through update-user is refused with a code the
 * form can show; what an identity provider sends is made to fit rather than failing the sign-in.
 */
function profileFields(data: { name?: unknown; image?: unknown }, path: string | null) {
  const typed = path === "/update-user";
  const fields: { name?: string; image?: string | null } = {};
  if (typeof data.name === "string") {
    const problem = typed ? personNameProblem(data.name) : null;
    if (problem) throw new APIError("BAD_REQUEST", { code: problem.code, message: problem.message });
    fields.name = typed ? data.name.trim() : normalizePersonName(data.name);
  }
  if (typeof data.image === "string") {
    const allowed = data.image === "" || isAllowedImageUrl(data.image);
    if (!allowed && typed) {
      throw new APIError("BAD_REQUEST", { code: "INVALID_IMAGE", message: "Choose an uploaded photo." });
    }
    fields.image = allowed && data.image !== "" ? data.image : null;
  }
  return fields;
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
      cookieCache: { enabled: true, maxAge: SESSION_CACHE_SECONDS },
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
    databaseHooks: {
      user: {
        create: { before: async (data) => ({ data: { ...data, ...profileFields(data, null) } }) },
        update: {
          before: async (data, ctx) => ({ data: { ...data, ...profileFields(data, ctx?.path ?? null) } }),
        },
      },
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
