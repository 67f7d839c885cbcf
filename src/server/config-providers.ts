import * as z from "zod";

/** The sign-in providers besides Google that Commons reaches through plain OAuth 2.0. */
export const OAUTH_PROVIDERS = ["github", "facebook", "twitter"] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDERS)[number];

export type OAuthProviderSettings = {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** GitHub's /user (its /emails beside it), Facebook's /me, X's /2/users/me. */
  userInfoUrl: string;
};

export type OAuthProvidersConfig = Partial<Record<OAuthProviderId, OAuthProviderSettings>>;

/** The real providers' addresses, used unless the operator (or a test) points elsewhere. */
const DEFAULTS: Record<OAuthProviderId, Omit<OAuthProviderSettings, "clientId" | "clientSecret">> = {
  github: {
    authorizationUrl: "https://github.com/login/oauth/authorize",
    tokenUrl: "https://github.com/login/oauth/access_token",
    userInfoUrl: "https://api.github.com/user",
  },
  facebook: {
    authorizationUrl: "https://www.facebook.com/v24.0/dialog/oauth",
    tokenUrl: "https://graph.facebook.com/v24.0/oauth/access_token",
    userInfoUrl: "https://graph.facebook.com/v24.0/me",
  },
  twitter: {
    authorizationUrl: "https://x.com/i/oauth2/authorize",
    tokenUrl: "https://api.x.com/2/oauth2/token",
    userInfoUrl: "https://api.x.com/2/users/me",
  },
};

const loopback = (host: string) =>
  host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);

/** https, or plain http to a stand-in on this machine; no credentials or query in it. */
const endpoint = z.string().superRefine((value, context) => {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    context.addIssue({ code: "custom", message: "must be a URL such as https://example.com/path" });
    return;
  }
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && loopback(parsed.hostname))) {
    context.addIssue({ code: "custom", message: "must start with https:// (http:// only for localhost)" });
  } else if (parsed.search || parsed.hash || parsed.username || parsed.password) {
    context.addIssue({ code: "custom", message: "must not carry a query, fragment or credentials" });
  }
});

const names = (id: OAuthProviderId) => {
  const prefix = id.toUpperCase();
  return {
    clientId: `${prefix}_CLIENT_ID`,
    clientSecret: `${prefix}_CLIENT_SECRET`,
    authorizationUrl: `${prefix}_AUTHORIZATION_URL`,
    tokenUrl: `${prefix}_TOKEN_URL`,
    userInfoUrl: `${prefix}_USERINFO_URL`,
  } as const;
};

/** GITHUB_*, FACEBOOK_* and TWITTER_* variables, part of the one schema in config.ts. */
export const oauthProvidersEnv = Object.fromEntries(
  OAUTH_PROVIDERS.flatMap((id) => {
    const n = names(id);
    return [
      [n.clientId, z.string().trim().min(1).optional()],
      [n.clientSecret, z.string().trim().min(1).optional()],
      [n.authorizationUrl, endpoint.optional()],
      [n.tokenUrl, endpoint.optional()],
      [n.userInfoUrl, endpoint.optional()],
    ];
  }),
) as Record<string, z.ZodOptional<z.ZodString>>;

/** Each provider whose id and secret are both set, or the problem naming the variable. */
export function oauthProvidersSettings(e: Record<string, unknown>): OAuthProvidersConfig | string {
  const settings: OAuthProvidersConfig = {};
  for (const id of OAUTH_PROVIDERS) {
    const n = names(id);
    const value = (name: string) => (typeof e[name] === "string" ? (e[name] as string) : undefined);
    const clientId = value(n.clientId);
    const clientSecret = value(n.clientSecret);
    if (!clientId || !clientSecret) {
      const stray = [n.clientId, n.clientSecret, n.authorizationUrl, n.tokenUrl, n.userInfoUrl].find(
        (name) => value(name) !== undefined,
      );
      if (stray) return `${clientId ? n.clientSecret : n.clientId}: required when ${stray} is set`;
      continue;
    }
    settings[id] = {
      clientId,
      clientSecret,
      authorizationUrl: value(n.authorizationUrl) ?? DEFAULTS[id].authorizationUrl,
      tokenUrl: value(n.tokenUrl) ?? DEFAULTS[id].tokenUrl,
      userInfoUrl: value(n.userInfoUrl) ?? DEFAULTS[id].userInfoUrl,
    };
  }
  return settings;
}
