import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { pageWidth } from "#client/components/layout/page-width.ts";
import { SettingsSection } from "#client/components/layout/settings-section.tsx";
import { communityQueryOptions } from "#client/features/communities/api/communities-queries.ts";
import { CommunitySettings } from "#client/features/communities/components/settings/community-settings.tsx";
import { billingDetailsQueryOptions } from "#client/features/payments/api/billing-details-queries.ts";
import { loadPaymentConnection } from "#client/features/payments/api/payment-connection-queries.ts";
import { PaymentsSection } from "#client/features/payments/components/payments-section.tsx";
import { keepStripeReturn } from "#client/features/payments/stripe-return.ts";
import { PlansSection } from "#client/features/plans/components/plans-section.tsx";
import { PromoCodesList } from "#client/features/promo-codes/components/promo-codes-list.tsx";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/edit")({
  validateSearch: keepStripeReturn,
  loaderDeps: ({ search }) => ({ stripe: search.stripe }),
  loader: async ({ context, params, deps }) => {
    const community = await context.queryClient.ensureQueryData(communityQueryOptions(params.communityId));
    if (community.viewerCapabilities.includes("PAYMENTS_MANAGE")) {
      await Promise.all([
        loadPaymentConnection(context.queryClient, community.id, deps.stripe !== undefined),
        context.queryClient.prefetchQuery(billingDetailsQueryOptions(community.id)),
      ]);
    }
  },
  component: EditCommunityPage,
});

function EditCommunityPage() {
  const { communityId } = Route.useParams();
  const { stripe } = Route.useSearch();
  const { data: community } = useSuspenseQuery(communityQueryOptions(communityId));
  const capabilities = community.viewerCapabilities;
  return (
    <div className={pageWidth("text", "py-8 sm:py-10")}>
      <title>{`Settings · ${community.name} · Commons`}</title>
      <div className="mb-6 grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        <p className="text-muted-foreground">How {community.name} looks and works.</p>
      </div>
      {/* Keyed by community: switching communities must not carry one's unsaved edits into another. */}
      <CommunitySettings
        key={community.id}
        community={community}
        plans={
          capabilities.includes("PAYMENTS_MANAGE") ? (
            <PlansSection communityId={community.id} currency={community.currency} />
          ) : null
        }
        payments={
          capabilities.includes("PAYMENTS_MANAGE") ? (
            <PaymentsSection
              communityId={community.id}
              canConnect={capabilities.includes("PAYMENTS_CONNECT")}
              returned={stripe}
            />
          ) : null
        }
        promoCodes={
          capabilities.includes("EVENTS_MANAGE") ? (
            <SettingsSection
              anchor="promo-codes"
              title="Promo codes"
              description="Discounts buyers type on an event's page. Codes made here work for every event; an event's own codes are made on its page."
            >
              <PromoCodesList
                scope={{
                  communityId: community.id,
                  eventId: null,
                  currency: community.currency,
                  timeZone: community.timeZone,
                  ticketTypes: [],
                }}
              />
            </SettingsSection>
          ) : null
        }
      />
    </div>
  );
}
