import { createFileRoute } from "@tanstack/react-router";
import { useEffect } from "react";
import { AuthCard, PublicLayout } from "#client/components/layout/public-layout.tsx";
import { reportFromSignInWindow } from "#client/features/auth/sign-in-window-report.ts";

const text = (value: unknown) => (typeof value === "string" && value ? value.slice(0, 100) : undefined);

/** The sign-in window's last page: tells the page that opened it how it went, then closes. */
export const Route = createFileRoute("/signed-in")({
  validateSearch: (search: Record<string, unknown>) => ({
    ...(text(search.error) ? { error: text(search.error) } : {}),
    ...(text(search.provider) ? { provider: text(search.provider) } : {}),
  }),
  component: SignInWindowDone,
});

function SignInWindowDone() {
  const { error, provider } = Route.useSearch();
  useEffect(() => {
    reportFromSignInWindow({ error: error ?? null, provider: provider ?? null });
    window.close();
  }, [error, provider]);
  return (
    <PublicLayout>
      <title>Back to Commons</title>
      <AuthCard>
        <h1 className="text-2xl font-semibold tracking-tight">
          {error ? "Signing in didn't finish" : "You're signed in"}
        </h1>
        <p className="mt-2 text-sm text-muted-foreground">
          You can close this window and go back to Commons.
        </p>
      </AuthCard>
    </PublicLayout>
  );
}
