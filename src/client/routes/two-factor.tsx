import { createFileRoute, Link, redirect, useNavigate, useRouter } from "@tanstack/react-router";
import { ShieldCheckIcon } from "lucide-react";
import { useEffect } from "react";
import { AuthCard, PublicLayout } from "#client/components/layout/public-layout.tsx";
import { afterSignIn } from "#client/features/auth/after-sign-in.ts";
import { useAuth } from "#client/features/auth/auth-context.tsx";
import { SecondFactorForm } from "#client/features/auth/components/second-factor-form.tsx";
import { clearPendingSignIn } from "#client/features/auth/pending-sign-in.ts";
import { keepOpenerWaiting, signInWindowEnd } from "#client/features/auth/sign-in-window-report.ts";
import type { AuthProblem } from "#client/lib/auth-client.ts";
import { parseRedirectSearch, redirectTarget } from "#client/lib/redirect.ts";
import { getSecondStepMethods } from "#client/lib/second-factor-client.ts";

export const Route = createFileRoute("/two-factor")({
  validateSearch: parseRedirectSearch,
  beforeLoad: ({ context, search }) => {
    if (context.auth.isAuthenticated)
      throw redirect({ href: redirectTarget(search.redirect), replace: true });
  },
  // Which ways this account can finish with; an expired step is said when a code is sent.
  loader: () => getSecondStepMethods().catch(() => ({ app: true, text: null })),
  component: TwoFactorPage,
});

const START_OVER_CLASS =
  "rounded text-muted-foreground underline-offset-4 hover:text-foreground hover:underline";

function TwoFactorPage() {
  const { redirect: redirectTo } = Route.useSearch();
  const methods = Route.useLoaderData();
  const navigate = useNavigate();
  const router = useRouter();
  const auth = useAuth();
  // A provider's sign-in in a pop-up asks here too; it ends on the window's last page either way.
  const windowEnd = signInWindowEnd(redirectTo);
  const inWindow = windowEnd !== null;
  useEffect(() => (inWindow ? keepOpenerWaiting() : undefined), [inWindow]);

  async function continueAfterVerify() {
    const user = await auth.refresh();
    clearPendingSignIn();
    const next = afterSignIn(user, redirectTo);
    if (next.kind === "welcome") await navigate({ to: "/welcome", search: { redirect: next.redirect } });
    else await router.navigate({ href: next.href });
  }

  /** /login says why, with the code, above the form to start again with; in a pop-up, its opener does. */
  async function startAgain(problem: AuthProblem) {
    if (windowEnd) {
      await navigate({ to: "/signed-in", search: { ...windowEnd, error: problem.code }, replace: true });
      return;
    }
    await navigate({ to: "/login", search: { redirect: redirectTo, error: problem.code }, replace: true });
  }

  return (
    <PublicLayout>
      <title>Second step · Commons</title>
      <AuthCard>
        <div className="mb-8 grid justify-items-center gap-3 text-center">
          <div className="flex size-11 items-center justify-center rounded-full bg-primary/12 text-primary">
            <ShieldCheckIcon className="size-5" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight">One more step</h1>
          <p className="text-sm text-muted-foreground">
            Your account has a second factor turned on.{" "}
            {methods.app
              ? "Enter the code from your authenticator app to finish signing in."
              : methods.text
                ? "We'll text a code to your phone to finish signing in."
                : "Enter one of your recovery codes to finish signing in."}
          </p>
        </div>
        <div className="rounded-xl border bg-card p-6 shadow-xs">
          <SecondFactorForm
            methods={methods}
            onVerified={continueAfterVerify}
            onSignInEnded={(problem) => void startAgain(problem)}
          />
        </div>
        <p className="mt-6 text-center text-sm">
          {windowEnd ? (
            // In the pop-up, starting over means closing it; the page that opened it says so.
            <Link
              to="/signed-in"
              search={{ ...windowEnd, error: "auth/popup-closed-by-user" }}
              replace
              className={START_OVER_CLASS}
            >
              Start over
            </Link>
          ) : (
            <Link to="/login" search={{ redirect: redirectTo }} className={START_OVER_CLASS}>
              Start over
            </Link>
          )}
        </p>
      </AuthCard>
    </PublicLayout>
  );
}
