import { createFileRoute, redirect, useRouter } from "@tanstack/react-router";
import { AuthCard, PublicLayout } from "#client/components/layout/public-layout.tsx";
import { useAuth } from "#client/features/auth/auth-context.tsx";
import { WelcomeForm } from "#client/features/auth/components/welcome-form.tsx";
import { parseRedirectSearch, redirectTarget } from "#client/lib/redirect.ts";

export const Route = createFileRoute("/_authenticated/welcome")({
  validateSearch: parseRedirectSearch,
  beforeLoad: ({ context, search }) => {
    if (context.auth.user?.name.trim())
      throw redirect({ href: redirectTarget(search.redirect), replace: true });
  },
  component: WelcomePage,
});

function WelcomePage() {
  const { redirect: redirectTo } = Route.useSearch();
  const router = useRouter();
  const auth = useAuth();

  async function continueOn() {
    await auth.refresh();
    await router.navigate({ href: redirectTarget(redirectTo), replace: true });
  }

  return (
    <PublicLayout>
      <title>Welcome · Commons</title>
      <AuthCard>
        <div className="mb-8 grid gap-2 text-center">
          <h1 className="text-2xl font-semibold tracking-tight">What should we call you?</h1>
          <p className="text-sm text-muted-foreground">
            This is how you&apos;ll appear to the people in your communities. You can change it later.
          </p>
        </div>
        <div className="rounded-xl border bg-card p-6 shadow-xs">
          <WelcomeForm onSaved={continueOn} />
        </div>
      </AuthCard>
    </PublicLayout>
  );
}
