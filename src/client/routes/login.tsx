import { createFileRoute, Link, redirect, useNavigate, useRouter } from "@tanstack/react-router";
import { AuthCard, PublicLayout } from "#client/components/layout/public-layout.tsx";
import { useTheme } from "#client/components/theme/theme-provider.tsx";
import { afterSignIn } from "#client/features/auth/after-sign-in.ts";
import { useAuth } from "#client/features/auth/auth-context.tsx";
import { GoogleSignIn } from "#client/features/auth/components/google-sign-in.tsx";
import { LoginForm } from "#client/features/auth/components/login-form.tsx";
import { readPendingSignIn } from "#client/features/auth/pending-sign-in.ts";
import { getPublicConfig } from "#client/lib/auth-client.ts";
import { parseRedirectSearch, redirectTarget } from "#client/lib/redirect.ts";

export const Route = createFileRoute("/login")({
  validateSearch: parseRedirectSearch,
  beforeLoad: ({ context, search }) => {
    if (context.auth.isAuthenticated)
      throw redirect({ href: redirectTarget(search.redirect), replace: true });
  },
  loader: () => ({ config: getPublicConfig() }),
  component: LoginPage,
});

function LoginPage() {
  const { redirect: redirectTo } = Route.useSearch();
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
          <LoginForm
            initialEmail={readPendingSignIn()?.email ?? ""}
            onCodeSent={() => navigate({ to: "/otp", search: { redirect: redirectTo } })}
          />
          <GoogleSignIn config={config} dark={resolvedTheme === "dark"} onSignedIn={continueAfterGoogle} />
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
