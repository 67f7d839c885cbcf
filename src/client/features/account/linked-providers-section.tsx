import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { AuthProblemNotice } from "#client/components/auth/auth-problem-notice.tsx";
import { formatPhoneNumber } from "#client/components/phone/phone-number.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { AuthError, getPublicConfig, type SignInProvider } from "#client/lib/auth-client.ts";
import {
  type AuthProblem,
  authProblemOf,
  describeAuthError,
  logAuthProblem,
} from "#client/lib/auth-error-messages.ts";
import {
  getSignInMethods,
  type LinkedAccount,
  linkGoogle,
  listLinkedAccounts,
  startProviderLink,
  unlinkAccount,
} from "#client/lib/auth-provider-client.ts";
import { PROVIDER_NAMES, providerName } from "#client/lib/sign-in-providers.ts";
import { GoogleLink } from "./google-link.tsx";

const accountsKey = ["auth", "linked-accounts"] as const;
const methodsKey = ["auth", "ways-in"] as const;

/** A provider that sent the person back here with `?error=` after a link attempt; read once, then cleared. */
function linkProblemFromAddress(): AuthProblem | null {
  const search = new URLSearchParams(window.location.search);
  const error = search.get("error");
  if (!error) return null;
  const provider = providerName(search.get("provider") ?? undefined);
  window.history.replaceState(window.history.state, "", window.location.pathname);
  return describeAuthError(error, { provider });
}

/**
 * Linked sign-in methods: what really signs in to the account, as the server counts it (a confirmed
 * address, a verified phone number where texts can be sent), and Google, GitHub, Facebook or X when
 * the server offers them. The server refuses to unlink the last way in and says so.
 */
export function LinkedProvidersSection({ user }: { user: { email: string; phoneNumber: string | null } }) {
  const queryClient = useQueryClient();
  const accounts = useQuery({ queryKey: accountsKey, queryFn: listLinkedAccounts });
  // Asked again when the address or the number changes on this page.
  const methods = useQuery({
    queryKey: [...methodsKey, user.email, user.phoneNumber],
    queryFn: getSignInMethods,
  });
  const offered = useQuery({ queryKey: ["public-config"], queryFn: getPublicConfig });
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<AuthProblem | null>(null);

  useEffect(() => {
    const arrived = linkProblemFromAddress();
    if (arrived) {
      logAuthProblem(arrived);
      setProblem(arrived);
    }
  }, []);

  const linked = accounts.data ?? [];
  const googleClientId = offered.data?.googleClientId ?? null;
  const offeredProviders = [...(googleClientId ? ["google"] : []), ...(offered.data?.signInProviders ?? [])];
  const shown = [
    ...linked.map((account) => account.providerId),
    ...offeredProviders.filter((id) => !linked.some((account) => account.providerId === id)),
  ];

  async function link(provider: SignInProvider) {
    setBusy(provider);
    setProblem(null);
    try {
      const back = `/me?${new URLSearchParams({ provider })}`;
      window.location.assign(
        await startProviderLink(provider, { callbackURL: "/me", errorCallbackURL: back }),
      );
    } catch (caught) {
      fail(caught, provider);
    }
  }

  async function linkWithGoogle(idToken: string | null) {
    if (!idToken) {
      fail(null, "google");
      return;
    }
    setBusy("google");
    setProblem(null);
    try {
      await linkGoogle(idToken);
      await refreshLists();
      setBusy(null);
    } catch (caught) {
      fail(caught, "google");
    }
  }

  async function refreshLists() {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: accountsKey }),
      queryClient.invalidateQueries({ queryKey: methodsKey }),
    ]);
  }

  async function unlink(account: LinkedAccount) {
    setBusy(account.providerId);
    setProblem(null);
    try {
      await unlinkAccount(account.id);
      await refreshLists();
    } catch (caught) {
      fail(caught, account.providerId);
    }
    setBusy(null);
  }

  function fail(caught: unknown, provider: string) {
    const described = authProblemOf(caught, { provider: providerName(provider) });
    logAuthProblem(described);
    setProblem(described);
    setBusy(null);
  }

  return (
    <section aria-labelledby="linked-sign-in-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="grid gap-1">
        <h2 id="linked-sign-in-heading" className="text-lg font-semibold">
          Linked sign-in methods
        </h2>
        <p className="text-sm text-muted-foreground">Each one signs you in to this same account.</p>
      </div>
      {problem ? <AuthProblemNotice problem={problem} /> : null}
      <ul className="divide-y rounded-lg border">
        {methods.data?.email ? (
          <li className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div className="min-w-0">
              <p className="font-medium">Email code</p>
              <p className="truncate text-sm text-muted-foreground">{methods.data.email}</p>
            </div>
          </li>
        ) : null}
        {methods.data?.phoneNumber ? (
          <li className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div className="min-w-0">
              <p className="font-medium">Text message code</p>
              <p className="text-sm tabular-nums text-muted-foreground">
                {formatPhoneNumber(methods.data.phoneNumber)}
              </p>
            </div>
          </li>
        ) : null}
        {shown.map((id) => {
          const account = linked.find((candidate) => candidate.providerId === id);
          const name = PROVIDER_NAMES[id] ?? id;
          return (
            <li key={id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <div>
                <p className="font-medium">{name}</p>
                <p className="text-sm text-muted-foreground">{account ? "Linked" : "Not linked"}</p>
              </div>
              {account ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy !== null}
                  aria-label={`Unlink ${name}`}
                  onClick={() => unlink(account)}
                >
                  {busy === id ? <Spinner label={`Unlinking ${name}`} /> : null}
                  Unlink
                </Button>
              ) : id === "google" && googleClientId ? (
                busy === id ? (
                  <Spinner label="Linking Google" />
                ) : (
                  <GoogleLink
                    clientId={googleClientId}
                    onCredential={(token) => void linkWithGoogle(token)}
                    onUnavailable={() => fail(new AuthError("", "auth/network-request-failed", 0), "google")}
                  />
                )
              ) : (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={busy !== null}
                  aria-label={`Link ${name}`}
                  onClick={() => link(id as SignInProvider)}
                >
                  {busy === id ? <Spinner label={`Opening ${name}`} /> : null}
                  Link
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
