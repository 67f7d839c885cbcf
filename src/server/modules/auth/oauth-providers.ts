import { getOAuthState } from "better-auth/api";
import {
  type GenericOAuthConfig,
  type GenericOAuthUserInfo,
  genericOAuth,
} from "better-auth/plugins/generic-oauth";
import { and, eq } from "drizzle-orm";
import type {
  OAuthProviderId,
  OAuthProviderSettings,
  OAuthProvidersConfig,
} from "#server/config-providers.ts";
import type { Db } from "#server/db/client.ts";
import { listUsers } from "#server/modules/users/users.service.ts";
import { account } from "./auth.tables.ts";

/** The seed's identity service gives up on a provider's answer after its long network time-out. */
const PROVIDER_TIMEOUT_MS = 60_000;

type Profile = { id: string; name: string; email?: string; emailVerified: boolean; image?: string };

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: "application/json",
      "user-agent": "Commons",
    },
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${new URL(url).pathname} answered ${response.status}`);
  return response.json();
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : undefined);
const idOf = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? String(value) : undefined;

type GitHubEmail = { email?: unknown; primary?: unknown; verified?: unknown };

/** GitHub's /user, and /user/emails for an address GitHub has verified (the primary one first). */
async function githubProfile(settings: OAuthProviderSettings, token: string): Promise<Profile | null> {
  const user = (await getJson(settings.userInfoUrl, token)) as Record<string, unknown>;
  const id = idOf(user.id);
  if (!id) return null;
  const emails = await getJson(`${settings.userInfoUrl}/emails`, token).catch(() => []);
  const list = (Array.isArray(emails) ? emails : []) as GitHubEmail[];
  const verified =
    list.find((entry) => entry.primary === true && entry.verified === true) ??
    list.find((entry) => entry.verified === true);
  const unverified = list.find((entry) => entry.primary === true)?.email ?? user.email;
  return {
    id,
    name: text(user.name) ?? text(user.login) ?? "",
    email: text(verified?.email) ?? text(unverified),
    emailVerified: verified !== undefined,
    image: text(user.avatar_url),
  };
}

/**
 * Facebook's /me. Facebook does not say whether it confirmed the address, so Commons treats it as
 * unconfirmed: it starts a new account but never joins an existing one by it.
 */
async function facebookProfile(settings: OAuthProviderSettings, token: string): Promise<Profile | null> {
  const me = (await getJson(`${settings.userInfoUrl}?fields=id,name,email,picture`, token)) as {
    id?: unknown;
    name?: unknown;
    email?: unknown;
    picture?: { data?: { url?: unknown; is_silhouette?: unknown } };
  };
  const id = idOf(me.id);
  if (!id) return null;
  const picture = me.picture?.data;
  return {
    id,
    name: text(me.name) ?? "",
    email: text(me.email),
    emailVerified: false,
    image: picture?.is_silhouette === true ? undefined : text(picture?.url),
  };
}

/** X's /2/users/me; its confirmed_email (asked for separately: it needs the users.email scope) is verified. */
async function twitterProfile(settings: OAuthProviderSettings, token: string): Promise<Profile | null> {
  const me = (await getJson(`${settings.userInfoUrl}?user.fields=profile_image_url`, token)) as {
    data?: { id?: unknown; name?: unknown; username?: unknown; profile_image_url?: unknown };
  };
  const id = idOf(me.data?.id);
  if (!id) return null;
  const withEmail = (await getJson(`${settings.userInfoUrl}?user.fields=confirmed_email`, token).catch(
    () => null,
  )) as { data?: { confirmed_email?: unknown } } | null;
  const email = text(withEmail?.data?.confirmed_email);
  return {
    id,
    name: text(me.data?.name) ?? text(me.data?.username) ?? "",
    email,
    emailVerified: email !== undefined,
    image: text(me.data?.profile_image_url),
  };
}

const PROVIDERS: Record<
  OAuthProviderId,
  {
    name: string;
    scopes: string[];
    authentication: "basic" | "post";
    profile: (settings: OAuthProviderSettings, token: string) => Promise<Profile | null>;
  }
> = {
  github: {
    name: "GitHub",
    scopes: ["read:user", "user:email"],
    authentication: "post",
    profile: githubProfile,
  },
  facebook: {
    name: "Facebook",
    scopes: ["email", "public_profile"],
    authentication: "post",
    profile: facebookProfile,
  },
  twitter: {
    name: "X",
    scopes: ["users.read", "tweet.read", "users.email"],
    authentication: "basic",
    profile: twitterProfile,
  },
};

/**
 * Linking from /me: the person is signed in to Commons and has just signed in to the provider, so
 * both sides are proven and the provider's address needs no confirmation (and may differ, or be
 * missing: then the account's own address stands in).
 */
async function forLinking(profile: Profile): Promise<Profile> {
  const link = (await getOAuthState())?.link;
  if (!link) return profile;
  return { ...profile, email: profile.email ?? link.email, emailVerified: true };
}

/** The address of the Commons account this provider account is linked to, if it is. */
async function linkedAddress(db: Db, providerId: OAuthProviderId, accountId: string) {
  const [linked] = await db
    .select({ userId: account.userId })
    .from(account)
    .where(and(eq(account.providerId, providerId), eq(account.accountId, accountId)))
    .limit(1);
  if (!linked) return undefined;
  const [owner] = await listUsers(db, [linked.userId]);
  return owner?.email;
}

function providerConfig(db: Db, id: OAuthProviderId, settings: OAuthProviderSettings): GenericOAuthConfig {
  const provider = PROVIDERS[id];
  return {
    providerId: id,
    name: provider.name,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    authorizationUrl: settings.authorizationUrl,
    tokenUrl: settings.tokenUrl,
    userInfoUrl: settings.userInfoUrl,
    scopes: provider.scopes,
    authentication: provider.authentication,
    pkce: true,
    async getUserInfo(tokens): Promise<GenericOAuthUserInfo | null> {
      if (!tokens.accessToken) return null;
      const profile = await provider.profile(settings, tokens.accessToken).catch(() => null);
      if (!profile) return null;
      // An account linked from /me signs in even when the provider shares no address.
      const email = profile.email ?? (await linkedAddress(db, id, profile.id));
      return forLinking({ ...profile, email });
    },
  };
}

/** The configured providers, as better-auth's generic OAuth plugin (null when none is). */
export function oauthProvidersPlugin(db: Db, config: OAuthProvidersConfig | undefined) {
  const entries = Object.entries(config ?? {}) as [OAuthProviderId, OAuthProviderSettings][];
  if (entries.length === 0) return null;
  return genericOAuth({ config: entries.map(([id, settings]) => providerConfig(db, id, settings)) });
}
