import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/")({
  beforeLoad: async ({ context }) => {
    if (!context.auth.isAuthenticated) throw redirect({ to: "/login", replace: true });
    // Loaded on demand: the signed-out path (and the /login bundle) never pays for it.
    const [queryClient, { homeTarget }] = await Promise.all([
      context.loadQueryClient(),
      import("./-home-target.ts"),
    ]);
    throw redirect({ to: await homeTarget(queryClient), replace: true });
  },
});
