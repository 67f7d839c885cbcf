import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { AppHeaderLayout } from "#client/components/layout/app-header-layout.tsx";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { UserMenu } from "#client/features/auth/components/user-menu.tsx";
import { CreateCommunityForm } from "#client/features/communities/components/create-community-form.tsx";

export const Route = createFileRoute("/_authenticated/create-community")({
  component: CreateCommunityPage,
});

function CreateCommunityPage() {
  const navigate = useNavigate();
  return (
    <AppHeaderLayout end={<UserMenu />}>
      <title>Create a community · Commons</title>
      <div className={pageWidth("text", "py-10 sm:py-14")}>
        <div className="mb-8 grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Create a community</h1>
          <p className="text-muted-foreground">Set up the basics now; you can change them later.</p>
        </div>
        <div className="rounded-2xl border bg-card p-5 shadow-xs sm:p-8">
          <CreateCommunityForm
            onCreated={(communityId) =>
              navigate({ to: "/dashboard/$communityId", params: { communityId }, replace: true })
            }
          />
        </div>
      </div>
    </AppHeaderLayout>
  );
}
