import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { emailOTP } from "better-auth/plugins";
import { createRemoteJWKSet, jwtVerify } from "jose";
import type { Config } from "#server/config.ts";
import { phoneSettingsOf } from "#server/config-phone.ts";
import type { Db } from "#server/db/client.ts";
import { emailChangeCodeMail, type Mailer, signInCodeMail } from "#server/modules/mail/mail.service.ts";
import { user } from "#server/modules/users/users.tables.ts";
import { isAllowedImageUrl, normalizePersonName, personNameProblem } from "#shared/person.ts";
import { accountLabels } from "./account-labels.ts";
import { account, rateLimit, session, verification } from "./auth.tables.ts";
import { checkCodeSend, codeLimitMessage } from "./code-limits.service.ts";
import { emailChangeNotice } from "./email-change.ts";
import { oauthProvidersPlugin } from "./oauth-providers.ts";
import { passkey } from "./passkey.tables.ts";
import { passkeyPlugin } from "./passkey.ts";
import type { SendText } from "./phone-sender.ts";
import { phoneSignInPlugins } from "./phone-sign-in.ts";
import { SESSION_CACHE_SECONDS } from "./session-revocation.service.ts";
import { twoFactor } from "./two-factor.tables.ts";
import { secondFactorPlugins } from "./two-factor.ts";
import { hasConfirmedApp } from "./two-factor-checks.ts";
import { textCodeSender, textSecondFactorPlugin } from "./two-factor-text.ts";
import { waysInPlugin } from "./ways-in.ts";

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

export function createAuth(options: {
  config: Config;
  db: Db;
  mailer: Mailer;
  sendText: SendText;
  clock?: () => Date;
  /** REQUIRE_OWNER_SECOND_FACTOR: whether this person must still set up a second factor (two-factor.ts). */
  secondFactorRequired?: ((userId: string) => Promise<boolean>) | null;
  /** Told of every session better-auth deletes, once its transaction is done (decision 008). */
  sessionEnded?: (sessionId: string) => Promise<void>;
}) {
  const { config, db, mailer } = options;
  const oauthProviders = oauthProvidersPlugin(db, config.oauthProviders);
  const texts = phoneSettingsOf(config).signIn;
  const textOptions = {
    db,
    sendText: options.sendText,
    clock: options.clock ?? (() => new Date()),
    clientAddressHeader: CLIENT_IP_HEADER,
  };
  return betterAuth({
    appName: "Commons",
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor, passkey },
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
        "/email-otp/request-email-change": { window: 60, max: 30 },
        "/email-otp/change-email": { window: 60, max: 60 },
        "/sign-in/social": { window: 60, max: 30 },
        // A backstop: the limits that matter for texts are in phone-limits.service.ts.
        "/phone-number/send-otp": { window: 60, max: 60 },
        "/phone-number/verify": { window: 60, max: 60 },
        // The second step's tries are counted per sign-in and per account (two-factor.ts).
        "/two-factor/verify-totp": { window: 60, max: 60 },
        "/two-factor/verify-backup-code": { window: 60, max: 60 },
        // Reading one's own session guesses nothing (the token is the secret) and every page load
        // asks for it: a limit here would sign out a venue's people who share one address.
        "/get-session": false,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.appUrl.startsWith("https://"),
      // better-auth runs a delete's hooks for the rows a read without a limit finds, which it caps
      // at this: every session a person's sessions are deleted with reaches the revocation list.
      database: { defaultFindManyLimit: 10_000 },
    },
    databaseHooks: {
      user: {
        create: { before: async (data) => ({ data: { ...data, ...profileFields(data, null) } }) },
        update: {
          before: async (data, ctx) => ({ data: { ...data, ...profileFields(data, ctx?.path ?? null) } }),
        },
      },
      // Whatever ends a session here (sign-out, a device signed out, a second factor turned on, a
      // session found expired) stops it on every process at once, not when its copy runs out.
      session: { delete: { after: async (ended) => options.sessionEnded?.(ended.id) } },
    },
    // Sign-in joins an existing account only by an address the provider verified (Google always
    // does; see oauth-providers.ts for the others). Linking from /me proves both sides instead.
    account: {
      accountLinking: {
        enabled: true,
        trustedProviders: ["google"],
        allowDifferentEmails: true,
        allowUnlinkingAll: true,
      },
    },
    onAPIError: { errorURL: `${config.appUrl}/login` },
    socialProviders: config.google ? { google: googleProvider(config.google) } : {},
    telemetry: { enabled: false },
    plugins: [
      passkeyPlugin(config, db),
      ...(oauthProviders ? [oauthProviders] : []),
      waysInPlugin({
        phone: texts,
        providers: new Set([
          ...(config.google ? ["google"] : []),
          ...Object.keys(config.oauthProviders ?? {}),
        ]),
      }),
      accountLabels,
      emailOTP({
        otpLength: 6,
        expiresIn: CODE_TTL_MINUTES * 60,
        allowedAttempts: CODE_ATTEMPTS,
        storeOTP: "hashed",
        rateLimit: { window: 60, max: 30 },
        // The code goes to the new address; the old one is told afterwards (emailChangeNotice).
        changeEmail: { enabled: true },
        async sendVerificationOTP({ email, otp, type }, ctx) {
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
          const mail = { to: email, code: otp, appUrl: config.appUrl, minutes: CODE_TTL_MINUTES };
          await mailer.send(type === "change-email" ? emailChangeCodeMail(mail) : signInCodeMail(mail));
        },
      }),
      emailChangeNotice({ mailer, appUrl: config.appUrl, operatorContact: config.operator.contact }),
      ...(phoneSettingsOf(config).signIn
        ? phoneSignInPlugins({
            db,
            sendText: options.sendText,
            secret: config.authSecret,
            appUrl: config.appUrl,
            clock: options.clock ?? (() => new Date()),
            clientAddressHeader: CLIENT_IP_HEADER,
            codeMinutes: CODE_TTL_MINUTES,
            codeAttempts: CODE_ATTEMPTS,
          })
        : []),
      ...secondFactorPlugins(db, {
        required: options.secondFactorRequired ?? null,
        ...(texts ? { sendCodeByText: textCodeSender(textOptions) } : {}),
      }),
      textSecondFactorPlugin({
        ...textOptions,
        texts,
        hasConfirmedApp: (userId) => hasConfirmedApp(db, userId),
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
