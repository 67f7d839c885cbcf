import { createFileRoute, Link, redirect, useNavigate, useRouter } from "@tanstack/react-router";
import { MailIcon } from "lucide-react";
import { AuthCard, PublicLayout } from "#client/components/layout/public-layout.tsx";
import { afterSignIn } from "#client/features/auth/after-sign-in.ts";
import { useAuth } from "#client/features/auth/auth-context.tsx";
import { OtpForm } from "#client/features/auth/components/otp-form.tsx";
import { clearPendingSignIn, readPendingSignIn } from "#client/features/auth/pending-sign-in.ts";
import { parseRedirectSearch, redirectTarget } from "#client/lib/redirect.ts";

export const Route = createFileRoute("/otp")({
  validateSearch: parseRedirectSearch,
  beforeLoad: ({ context, search }) => {
    if (context.auth.isAuthenticated)
      throw redirect({ href: redirectTarget(search.redirect), replace: true });
    const pending = readPendingSignIn();
    if (!pending) throw redirect({ to: "/login", search: { redirect: search.redirect }, replace: true });
    return { pending };
  },
  component: OtpPage,
});

function OtpPage() {
  const { redirect: redirectTo } = Route.useSearch();
  const { pending } = Route.useRouteContext();
  const navigate = useNavigate();
  const router = useRouter();
  const auth = useAuth();

  async function continueAfterVerify() {
    const user = await auth.refresh();
    clearPendingSignIn();
    const next = afterSignIn(user, redirectTo);
    if (next.kind === "welcome") await navigate({ to: "/welcome", search: { redirect: next.redirect } });
    else await router.navigate({ href: next.href });
  }

  return (
    <PublicLayout>
      <title>Enter your code · Commons</title>
      <AuthCard>
        <div className="mb-8 grid justify-items-center gap-3 text-center">
          <div className="flex size-11 items-center justify-center rounded-full bg-primary/12 text-primary">
            <MailIcon className="size-5" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight">Check your email</h1>
          <p className="text-sm text-muted-foreground">
            We sent a code to{" "}
            <strong className="font-medium text-foreground break-all">{pending.email}</strong>
          </p>
        </div>
        <div className="rounded-xl border bg-card p-6 shadow-xs">
          <OtpForm email={pending.email} sentAt={pending.sentAt} onVerified={continueAfterVerify} />
        </div>
        <p className="mt-6 text-center text-sm">
          <Link
            to="/login"
            search={{ redirect: redirectTo }}
            className="rounded text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            Use a different email
          </Link>
        </p>
      </AuthCard>
    </PublicLayout>
  );
}
