import { createFileRoute, Link, redirect, useNavigate, useRouter } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { AuthCard, PublicLayout } from "#client/components/layout/public-layout.tsx";
import { useTheme } from "#client/components/theme/theme-provider.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { afterSignIn } from "#client/features/auth/after-sign-in.ts";
import { useAuth } from "#client/features/auth/auth-context.tsx";
import { LoginForm } from "#client/features/auth/components/login-form.tsx";
import { MoreSignIns } from "#client/features/auth/components/more-sign-ins.tsx";
import { PasskeySignIn } from "#client/features/auth/components/passkey-sign-in.tsx";
import { EmailOrPhone } from "#client/features/auth/components/phone-sign-in.tsx";
import { readPendingSignIn } from "#client/features/auth/pending-sign-in.ts";
import { getPublicConfig } from "#client/lib/auth-client.ts";
import { parseRedirectSearch, redirectTarget } from "#client/lib/redirect.ts";

/** Once the email field is used, the browser may offer saved passkeys (conditional UI). */
const offerPasskeys = (onSignedIn: () => Promise<void>) =>
  void import("#client/lib/webauthn.ts").then((webauthn) => webauthn.offerPasskeyAutofill(onSignedIn));

// Loaded only when a provider sent the person back with an error.
const SignInProblem = lazy(() => import("#client/features/auth/components/sign-in-problem.tsx"));

export const Route = createFileRoute("/login")({
  // A provider sends the person back with ?error=…&provider=… when signing in did not finish.
  validateSearch: (
    search: Record<string, unknown>,
  ): { redirect?: string; error?: string; provider?: string } => {
    const { error, provider } = search;
    return {
      ...parseRedirectSearch(search),
      ...(typeof error === "string" ? { error } : {}),
      ...(typeof provider === "string" ? { provider } : {}),
    };
  },
  beforeLoad: ({ context, search }) => {
    if (context.auth.isAuthenticated)
      throw redirect({ href: redirectTarget(search.redirect), replace: true });
  },
  loader: () => ({ config: getPublicConfig() }),
  component: LoginPage,
});

function LoginPage() {
  const { redirect: requested, error, provider } = Route.useSearch();
  // Signing in the existing way ends on /me, where the provider can then be linked.
  const redirectTo = error === "account_not_linked" ? "/me" : requested;
  const { config } = Route.useLoaderData();
  const navigate = useNavigate();
  const router = useRouter();
  const auth = useAuth();
  const { resolvedTheme } = useTheme();

  async function continueAfterGoogle() {
    const user = await auth.refresh();
    const next = afterSignIn(user, redirectTo);
    if (next.kind === "welcome") await navigate({ to: "/welcome", search: { redirect: next.redirect } });
    else await router.navigate({ href: next.href });
  }

  return (
    <PublicLayout>
      <title>Sign in · Commons</title>
      <AuthCard>
        <div className="mb-8 grid gap-2 text-center">
          <h1 className="text-2xl font-semibold tracking-tight">Sign in to Commons</h1>
          <p className="text-sm text-muted-foreground">
            Enter your email and we&apos;ll send you a 6-digit code. No password needed.
          </p>
        </div>
        <div className="grid gap-6 rounded-xl border bg-card p-6 shadow-xs">
          {/* With a problem to say, the form waits for it rather than jumping down when it arrives
              (a press on Continue at that moment would land elsewhere). */}
          <Suspense fallback={<Spinner label="Loading" />}>
            {error ? <SignInProblem error={error} provider={provider} /> : null}
            <EmailOrPhone
              config={config}
              onSignedIn={continueAfterGoogle}
              emailForm={
                <LoginForm
                  initialEmail={readPendingSignIn()?.email ?? ""}
                  onCodeSent={() => navigate({ to: "/otp", search: { redirect: redirectTo } })}
                  onEmailInteract={() => offerPasskeys(continueAfterGoogle)}
                />
              }
            />
            <PasskeySignIn onSignedIn={continueAfterGoogle} />
            <MoreSignIns
              config={config}
              dark={resolvedTheme === "dark"}
              returnTo={redirectTarget(redirectTo)}
              onSignedIn={continueAfterGoogle}
            />
          </Suspense>
        </div>
        <p className="mt-6 text-center text-xs text-muted-foreground">
          By continuing you agree to our{" "}
          <Link to="/terms" className="underline underline-offset-4 hover:text-foreground">
            Terms
          </Link>{" "}
          and{" "}
          <Link to="/privacy" className="underline underline-offset-4 hover:text-foreground">
            Privacy Policy
          </Link>
          .
        </p>
      </AuthCard>
    </PublicLayout>
  );
}
