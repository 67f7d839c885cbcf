import { QueryClientProvider } from "@tanstack/react-query";
import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/_authenticated")({
  beforeLoad: async ({ context, location }) => {
    const user = context.auth.user;
    if (!user) throw redirect({ to: "/login", search: { redirect: location.href } });
    if (user.name.trim().length === 0 && location.pathname !== "/welcome") {
      throw redirect({ to: "/welcome", search: { redirect: location.href } });
    }
    const queryClient = await context.loadQueryClient();
    return { user, queryClient };
  },
  component: AuthenticatedLayout,
});

function AuthenticatedLayout() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
