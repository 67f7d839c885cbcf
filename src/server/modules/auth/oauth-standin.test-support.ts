// A local stand-in for GitHub's, Facebook's and X's OAuth 2.0 sign-in and the user-info APIs
// Commons reads, at their HTTP boundary. Tests and the Playwright journeys start it; its
// authorization page is a form where the test (or the journey) chooses who signs in.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { OAuthProviderId, OAuthProviderSettings } from "#server/config-providers.ts";

export type StandInIdentity = {
  /** The provider's own user id. */
  id: string;
  name: string;
  login?: string;
  /** null: the provider shares no address at all. */
  email: string | null;
  /** Whether the provider confirmed the address (GitHub's flag; X only shares confirmed ones). */
  emailVerified?: boolean;
};

/**
 * Makes identities with a confirmed address: each call takes the next provider id from `firstId`
 * and a fresh address from `email`, and lets a test override any field.
 */
export function identityMaker(defaults: { firstId: number; name: string; email: () => string }) {
  let nextId = defaults.firstId;
  return (overrides: Partial<StandInIdentity> = {}): StandInIdentity => ({
    id: String(nextId++),
    name: defaults.name,
    email: defaults.email(),
    emailVerified: true,
    ...overrides,
  });
}

type Grant = {
  provider: OAuthProviderId;
  identity: StandInIdentity;
  redirectUri: string;
  challenge: string | null;
};

export type OAuthStandIn = {
  url: string;
  clientId: string;
  clientSecret: string;
  settings(provider: OAuthProviderId): OAuthProviderSettings;
  /** The environment variables pointing an app server at this stand-in for every provider. */
  env(): Record<string, string>;
  /** Submits the authorization page as a person consenting; returns where the browser goes next. */
  approve(authorizationUrl: string, identity: StandInIdentity): Promise<string>;
  /** Submits it as a person pressing Cancel. */
  deny(authorizationUrl: string): Promise<string>;
  close(): Promise<void>;
};

const PROVIDER_NAMES: Record<OAuthProviderId, string> = {
  github: "GitHub",
  facebook: "Facebook",
  twitter: "X",
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function authorizePage(provider: OAuthProviderId, query: URLSearchParams): string {
  const hidden = ["client_id", "redirect_uri", "state", "code_challenge", "code_challenge_method", "scope"]
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(query.get(name) ?? "")}">`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in to ${PROVIDER_NAMES[provider]} (stand-in)</title></head>
<body><main><h1>Sign in to ${PROVIDER_NAMES[provider]} (stand-in)</h1>
<form method="post">${hidden}
<p><label>Account id <input name="id" value="${randomBytes(4).toString("hex")}"></label></p>
<p><label>Name <input name="name"></label></p>
<p><label>Login <input name="login"></label></p>
<p><label>Email <input name="email" type="email"></label></p>
<p><label><input name="email_verified" type="checkbox" value="true" checked> Email confirmed</label></p>
<p><button name="decision" value="allow">Authorize</button> <button name="decision" value="deny">Cancel</button></p>
</form></main></body></html>`;
}

async function readBody(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function redirect(response: ServerResponse, target: URL) {
  response.writeHead(302, { location: target.toString() });
  response.end();
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

function userInfo(provider: OAuthProviderId, path: string, fields: string, who: StandInIdentity): unknown {
  const verified = who.emailVerified ?? true;
  if (provider === "github" && path === "/github/user") {
    // Most people keep their address private: /user shows none, /user/emails lists them.
    return { id: Number(who.id) || who.id, login: who.login ?? who.id, name: who.name || null, email: null };
  }
  if (provider === "github" && path === "/github/user/emails") {
    return who.email ? [{ email: who.email, primary: true, verified, visibility: null }] : [];
  }
  if (provider === "facebook" && path === "/facebook/me") {
    return {
      id: who.id,
      name: who.name,
      ...(who.email && fields.includes("email") ? { email: who.email } : {}),
      picture: { data: { is_silhouette: true, url: "https://127.0.0.1/silhouette.png" } },
    };
  }
  if (provider === "twitter" && path === "/twitter/2/users/me") {
    const confirmed = who.email && verified && fields.includes("confirmed_email");
    return {
      data: {
        id: who.id,
        name: who.name,
        username: who.login ?? who.id,
        ...(confirmed ? { confirmed_email: who.email } : {}),
      },
    };
  }
  return null;
}

export async function startOAuthStandIn(): Promise<OAuthStandIn> {
  const clientId = "commons-standin-client";
  const clientSecret = randomBytes(12).toString("hex");
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, { provider: OAuthProviderId; identity: StandInIdentity }>();

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://standin");
    const [, provider] = url.pathname.split("/") as [string, OAuthProviderId];
    if (!(provider in PROVIDER_NAMES)) return json(response, 404, { error: "not_found" });

    if (url.pathname === `/${provider}/authorize` && request.method === "GET") {
      if (url.searchParams.get("client_id") !== clientId)
        return json(response, 400, { error: "invalid_client" });
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return response.end(authorizePage(provider, url.searchParams));
    }
    if (url.pathname === `/${provider}/authorize` && request.method === "POST") {
      const form = await readBody(request);
      const back = new URL(form.get("redirect_uri") ?? "");
      back.searchParams.set("state", form.get("state") ?? "");
      if (form.get("decision") !== "allow") {
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("error_description", "The user denied your request.");
        return redirect(response, back);
      }
      const code = randomBytes(16).toString("hex");
      grants.set(code, {
        provider,
        redirectUri: back.origin + back.pathname,
        challenge: form.get("code_challenge") || null,
        identity: {
          id: form.get("id") ?? "",
          name: form.get("name") ?? "",
          login: form.get("login") || undefined,
          email: form.get("email") || null,
          emailVerified: form.get("email_verified") === "true",
        },
      });
      back.searchParams.set("code", code);
      return redirect(response, back);
    }
    if (url.pathname === `/${provider}/token` && request.method === "POST") {
      const form = await readBody(request);
      const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
      const [id, secret] = basic
        ? Buffer.from(basic, "base64").toString("utf8").split(":").map(decodeURIComponent)
        : [form.get("client_id"), form.get("client_secret")];
      if (id !== clientId || secret !== clientSecret) return json(response, 401, { error: "invalid_client" });
      const grant = grants.get(form.get("code") ?? "");
      grants.delete(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (
        !grant ||
        grant.provider !== provider ||
        grant.redirectUri !== form.get("redirect_uri") ||
        (grant.challenge !== null && grant.challenge !== challenge)
      ) {
        return json(response, 400, { error: "invalid_grant" });
      }
      const accessToken = randomBytes(16).toString("hex");
      tokens.set(accessToken, { provider, identity: grant.identity });
      return json(response, 200, { access_token: accessToken, token_type: "bearer", scope: "" });
    }
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1] ?? "";
    const holder = tokens.get(bearer);
    if (!holder || holder.provider !== provider) return json(response, 401, { error: "invalid_token" });
    const fields = url.searchParams.get("fields") ?? url.searchParams.get("user.fields") ?? "";
    const body = userInfo(provider, url.pathname, fields, holder.identity);
    return body === null ? json(response, 404, { error: "not_found" }) : json(response, 200, body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const settings = (provider: OAuthProviderId): OAuthProviderSettings => ({
    clientId,
    clientSecret,
    authorizationUrl: `${url}/${provider}/authorize`,
    tokenUrl: `${url}/${provider}/token`,
    userInfoUrl:
      provider === "twitter"
        ? `${url}/twitter/2/users/me`
        : `${url}/${provider}/${provider === "github" ? "user" : "me"}`,
  });

  async function submit(authorizationUrl: string, fields: Record<string, string>): Promise<string> {
    const page = new URL(authorizationUrl);
    const form = new URLSearchParams(fields);
    for (const name of [
      "client_id",
      "redirect_uri",
      "state",
      "code_challenge",
      "code_challenge_method",
      "scope",
    ]) {
      form.set(name, page.searchParams.get(name) ?? "");
    }
    const answer = await fetch(page.origin + page.pathname, {
      method: "POST",
      body: form,
      redirect: "manual",
    });
    const location = answer.headers.get("location");
    if (answer.status !== 302 || !location) throw new Error(`stand-in authorize: ${answer.status}`);
    return location;
  }

  return {
    url,
    clientId,
    clientSecret,
    settings,
    env: () =>
      Object.fromEntries(
        (["github", "facebook", "twitter"] as const).flatMap((provider) => {
          const s = settings(provider);
          const prefix = provider.toUpperCase();
          return [
            [`${prefix}_CLIENT_ID`, s.clientId],
            [`${prefix}_CLIENT_SECRET`, s.clientSecret],
            [`${prefix}_AUTHORIZATION_URL`, s.authorizationUrl],
            [`${prefix}_TOKEN_URL`, s.tokenUrl],
            [`${prefix}_USERINFO_URL`, s.userInfoUrl],
          ];
        }),
      ),
    approve: (authorizationUrl, identity) =>
      submit(authorizationUrl, {
        decision: "allow",
        id: identity.id,
        name: identity.name,
        login: identity.login ?? "",
        email: identity.email ?? "",
        email_verified: identity.emailVerified === false ? "false" : "true",
      }),
    deny: (authorizationUrl) => submit(authorizationUrl, { decision: "deny" }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
