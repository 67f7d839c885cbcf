import type { BetterAuthPlugin } from "better-auth";
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  sessionMiddleware,
} from "better-auth/api";
import { isPhoneOnlyEmail } from "#shared/phone.ts";

export const LAST_SIGN_IN_METHOD = "LAST_SIGN_IN_METHOD";
export const PHONE_NUMBER_ONLY_WAY_IN = "PHONE_NUMBER_ONLY_WAY_IN";

/** What this server lets people sign in with, beyond a passkey. */
export type SignInOffer = {
  /** Codes by text message (decision 022): off in production without Twilio. */
  phone: boolean;
  /** Google and the configured GitHub, Facebook and X: a linked account of another provider signs nothing in. */
  providers: ReadonlySet<string>;
};

export type WaysInPerson = {
  email: string;
  emailVerified: boolean;
  phoneNumber?: string | null;
  phoneNumberVerified?: boolean | null;
};

/** The ways into one account that work on this server; what /me lists and what unlinking counts. */
export type WaysIn = {
  /** A confirmed, real address: a code can be mailed to it. */
  email: string | null;
  /** A verified number, while codes by text can be sent. */
  phoneNumber: string | null;
  /** Linked provider accounts whose provider is configured. */
  accounts: { id: string; providerId: string }[];
};

export function waysInOf(
  person: WaysInPerson,
  accounts: readonly { id: string; providerId: string }[],
  offer: SignInOffer,
): WaysIn {
  const email = person.emailVerified && !isPhoneOnlyEmail(person.email) ? person.email : null;
  const phoneNumber =
    offer.phone && person.phoneNumber && person.phoneNumberVerified ? person.phoneNumber : null;
  return {
    email,
    phoneNumber,
    accounts: accounts
      .filter((linked) => offer.providers.has(linked.providerId))
      .map(({ id, providerId }) => ({ id, providerId })),
  };
}

export const countWaysIn = (ways: WaysIn) =>
  (ways.email ? 1 : 0) + (ways.phoneNumber ? 1 : 0) + ways.accounts.length;

type Adapter = {
  findUserById(id: string): Promise<Record<string, unknown> | null>;
  findAccounts(userId: string): Promise<{ id: string; providerId: string }[]>;
};

/** Read afresh: the session's cached copy of the person can predate a number or address just confirmed. */
async function currentWaysIn(adapter: Adapter, userId: string, offer: SignInOffer): Promise<WaysIn | null> {
  const person = await adapter.findUserById(userId);
  if (!person) return null;
  return waysInOf(person as unknown as WaysInPerson, await adapter.findAccounts(userId), offer);
}

const sessionUserId = (ctx: { context: { session?: { user: { id: string } } | null } }) =>
  ctx.context.session?.user.id ?? null;

/**
 * The rule of the ways in: a confirmed address, a verified phone number (where texts can be sent)
 * and each linked provider count; an unconfirmed address or a placeholder does not. /me lists these
 * (`GET /ways-in`), and neither unlinking a provider nor removing the number may take away
 * the last one.
 */
export function waysInPlugin(offer: SignInOffer) {
  return {
    id: "commons-ways-in",
    hooks: {
      before: [
        {
          matcher: (context) => context.path === "/unlink-account",
          handler: createAuthMiddleware(async (ctx) => {
            const current = await getSessionFromCtx(ctx);
            if (!current) return;
            const ways = await currentWaysIn(ctx.context.internalAdapter, current.user.id, offer);
            if (!ways) return;
            const accountId = (ctx.body as { accountId?: unknown } | undefined)?.accountId;
            const removed = ways.accounts.some((linked) => linked.id === accountId) ? 1 : 0;
            if (removed === 1 && countWaysIn(ways) - removed < 1) {
              throw new APIError("BAD_REQUEST", {
                code: LAST_SIGN_IN_METHOD,
                message: "This is your only way to sign in. Link another one before removing it.",
              });
            }
          }),
        },
        {
          matcher: (context) =>
            context.path === "/update-user" &&
            (context.body as { phoneNumber?: unknown } | undefined)?.phoneNumber === null,
          handler: createAuthMiddleware(async (ctx) => {
            const current = await getSessionFromCtx(ctx);
            if (!current) return;
            const ways = await currentWaysIn(ctx.context.internalAdapter, current.user.id, offer);
            if (!ways?.phoneNumber || countWaysIn(ways) > 1) return;
            throw new APIError("BAD_REQUEST", {
              code: PHONE_NUMBER_ONLY_WAY_IN,
              message:
                "This number is your only way to sign in, so it cannot be removed. Add an email address or link another sign-in first, or change the number instead.",
            });
          }),
        },
      ],
    },
    endpoints: {
      signInMethods: createAuthEndpoint(
        "/ways-in",
        { method: "GET", use: [sessionMiddleware] },
        async (ctx) => {
          const userId = sessionUserId(ctx);
          const ways = userId ? await currentWaysIn(ctx.context.internalAdapter, userId, offer) : null;
          return ctx.json({
            email: ways?.email ?? null,
            phoneNumber: ways?.phoneNumber ?? null,
            providers: ways?.accounts.map((linked) => linked.providerId) ?? [],
          });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
