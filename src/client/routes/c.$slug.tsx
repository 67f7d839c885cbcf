import { QueryClientProvider, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, notFound, useRouter } from "@tanstack/react-router";
import { AppHeaderLayout } from "#client/components/layout/app-header-layout.tsx";
import { useAuth } from "#client/features/auth/auth-context.tsx";
import { QuestionField } from "#client/features/event-page/components/question-field.tsx";
import {
  communityPageKeys,
  communityPageQueryOptions,
} from "#client/features/membership/api/community-page.ts";
import { CommunityPage } from "#client/features/membership/components/community-page.tsx";
import { awaitingPaidPlan, type JoinPanelSlots } from "#client/features/membership/components/join-panel.tsx";
import { keepMembershipReturn } from "#client/features/membership/membership-return.ts";
import { useOriginTracking } from "#client/lib/origin.ts";
import { usePageReady } from "#client/lib/page-ready.ts";
import { prepareMarkdown } from "#client/lib/server-markdown.ts";
import { LazyInlineSignIn, LazyUserMenu } from "./-public-page-parts.tsx";

// A community's public page: anyone may open it; signed-out visitors sign in in place to join.
export const Route = createFileRoute("/c/$slug")({
  validateSearch: keepMembershipReturn,
  loader: async ({ context, params }) => {
    const queryClient = await context.loadQueryClient();
    const community = await queryClient.ensureQueryData(communityPageQueryOptions(params.slug));
    if (!community) throw notFound();
    await prepareMarkdown(community.description);
    return { queryClient };
  },
  component: CommunityRoute,
});

function CommunityRoute() {
  const { queryClient } = Route.useLoaderData();
  const { user } = useAuth();
  useOriginTracking(useRouter(), true);
  return (
    <QueryClientProvider client={queryClient}>
      {/* One layout whether signed in or not: swapping it on sign-in would lose the answers typed. */}
      <AppHeaderLayout end={user ? <LazyUserMenu /> : null}>
        <LoadedCommunity />
      </AppHeaderLayout>
    </QueryClientProvider>
  );
}

function LoadedCommunity() {
  usePageReady();
  const { slug } = Route.useParams();
  const returned = Route.useSearch();
  // Back from a paid checkout, the plan starts once Stripe's webhook is handled: look again until it has.
  const { data: community } = useSuspenseQuery({
    ...communityPageQueryOptions(slug),
    refetchInterval: (query) =>
      query.state.data && awaitingPaidPlan(query.state.data, returned) ? 1_500 : false,
  });
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  if (!community) throw notFound();

  const slots: JoinPanelSlots = {
    isSignedIn: isAuthenticated,
    returned,
    renderSignIn: ({ onSignedIn, onCancel, intro }) => (
      <LazyInlineSignIn
        intro={intro ?? "Confirm your email to join. Your answers are kept."}
        nameHint="Other members see this name."
        onSignedIn={onSignedIn}
        onCancel={onCancel}
      />
    ),
    renderQuestion: (props) => <QuestionField {...props} />,
    // Every community's page depends on who is signed in, and /me lists the memberships.
    onChanged: () => queryClient.invalidateQueries({ queryKey: communityPageKeys.all }),
  };

  return (
    <>
      <title>{`${community.name} · Commons`}</title>
      <CommunityPage community={community} slots={slots} />
    </>
  );
}
