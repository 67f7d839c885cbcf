import { useInfiniteQuery } from "@tanstack/react-query";
import { TicketPercentIcon } from "lucide-react";
import { useState } from "react";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import {
  promoCodesQueryOptions,
  useDeactivatePromoCode,
  useReactivatePromoCode,
} from "#client/features/promo-codes/api/promo-codes-queries.ts";
import type { PromoCodeFieldsFragment, PromoCodeStatus } from "#client/gql/graphql.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { formatPrice } from "#client/lib/money.ts";
import { notify } from "#client/lib/notify.ts";
import { EditPromoCodeDialog, PromoCodeDialog, type PromoScope } from "./promo-code-dialog.tsx";

const STATUS: Record<PromoCodeStatus, { label: string; variant: "success" | "outline" | "secondary" }> = {
  ACTIVE: { label: "Active", variant: "success" },
  SCHEDULED: { label: "Scheduled", variant: "secondary" },
  EXPIRED: { label: "Expired", variant: "outline" },
  USED_UP: { label: "Used up", variant: "outline" },
  INACTIVE: { label: "Deactivated", variant: "outline" },
};

function discountText(code: PromoCodeFieldsFragment): string {
  if (code.percentOff != null) return `${code.percentOff}% off`;
  return `${formatPrice(code.amountOffMinor ?? 0, code.currency)} off each ticket`;
}

function appliesTo(code: PromoCodeFieldsFragment): string {
  if (!code.eventId) return "Every event";
  const event = code.eventTitle ?? "This event";
  return code.ticketTypeName ? `${code.ticketTypeName} · ${event}` : event;
}

function whenText(code: PromoCodeFieldsFragment, timeZone: string): string {
  const format = (at: string) =>
    new Intl.DateTimeFormat(undefined, { timeZone, dateStyle: "medium", timeStyle: "short" }).format(
      new Date(at),
    );
  const parts = [
    code.startsAt ? `From ${format(code.startsAt)}` : null,
    code.expiresAt ? `until ${format(code.expiresAt)}` : null,
  ].filter(Boolean);
  if (parts.length === 0) return "Any time";
  const text = parts.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A community's promo codes (or one event's, with the community-wide ones it also takes), with
 * "New promo code", and Edit and Deactivate (or Reactivate) for each.
 */
export function PromoCodesList({ scope }: { scope: PromoScope }) {
  const codes = useInfiniteQuery(promoCodesQueryOptions(scope.communityId, scope.eventId));
  const deactivate = useDeactivatePromoCode();
  const reactivate = useReactivatePromoCode();
  const [editing, setEditing] = useState<PromoCodeFieldsFragment | null>(null);
  const nodes = codes.data?.pages.flatMap((page) => page.nodes) ?? [];
  const switching = deactivate.isPending || reactivate.isPending;

  async function toggle(code: PromoCodeFieldsFragment) {
    try {
      if (code.active) {
        await deactivate.mutateAsync(code.id);
        notify("success", `${code.code} no longer applies to new orders.`);
      } else {
        await reactivate.mutateAsync(code.id);
        notify("success", `${code.code} applies to new orders again.`);
      }
    } catch (error) {
      notify(
        "error",
        error instanceof GraphQLRequestError
          ? error.message
          : `We couldn't ${code.active ? "deactivate" : "reactivate"} the code.`,
      );
    }
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {scope.eventId
            ? "Codes this event's buyers can use, its own and the community's."
            : "Codes for any of the community's events, and each event's own."}
        </p>
        <PromoCodeDialog scope={scope} />
      </div>
      {codes.isPending ? (
        <Spinner label="Loading promo codes" />
      ) : codes.isError ? (
        <p role="alert" className="text-sm text-destructive">
          We couldn't load the promo codes. Reload the page to try again.
        </p>
      ) : nodes.length === 0 ? (
        <div className="flex items-center gap-3 rounded-lg border border-dashed px-4 py-6 text-sm text-muted-foreground">
          <TicketPercentIcon aria-hidden="true" className="size-5 shrink-0" />
          No promo codes yet.
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Promo codes</caption>
            <thead className="bg-muted/50 text-xs whitespace-nowrap text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Code
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Discount
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  For
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Used
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Valid
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {nodes.map((code) => (
                <tr key={code.id} className="border-t">
                  <th scope="row" className="px-3 py-2 font-mono font-medium whitespace-nowrap">
                    {code.code}
                  </th>
                  <td className="px-3 py-2">{discountText(code)}</td>
                  <td className="px-3 py-2">{appliesTo(code)}</td>
                  <td className="px-3 py-2 tabular-nums">
                    {code.maxUses == null ? code.uses : `${code.uses} of ${code.maxUses}`}
                  </td>
                  <td className="px-3 py-2 text-muted-foreground">{whenText(code, scope.timeZone)}</td>
                  <td className="px-3 py-2">
                    <Badge variant={STATUS[code.status].variant}>{STATUS[code.status].label}</Badge>
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Edit ${code.code}`}
                      onClick={() => setEditing(code)}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`${code.active ? "Deactivate" : "Reactivate"} ${code.code}`}
                      disabled={switching}
                      onClick={() => void toggle(code)}
                    >
                      {code.active ? "Deactivate" : "Reactivate"}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <EditPromoCodeDialog scope={scope} code={editing} onClose={() => setEditing(null)} />
      {codes.hasNextPage ? (
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={codes.isFetchingNextPage}
            onClick={() => void codes.fetchNextPage()}
          >
            {codes.isFetchingNextPage ? <Spinner label="Loading" /> : null}
            Show more
          </Button>
        </div>
      ) : null}
    </div>
  );
}
