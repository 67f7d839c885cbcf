import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { Button, type ButtonProps, buttonVariants } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useLeaveCommunity } from "#client/features/membership/api/community-page.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { notify } from "#client/lib/notify.ts";

/** Asks before leaving (or withdrawing a request): getting back in may need an admin's approval. */
export function LeaveCommunityButton({
  communityId,
  communityName,
  pending = false,
  onLeft,
  variant = "outline",
  size = "sm",
}: {
  communityId: string;
  communityName: string;
  /** A request waiting for approval: withdrawing it rather than leaving. */
  pending?: boolean;
  onLeft: () => Promise<unknown>;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const leave = useLeaveCommunity();
  const label = pending ? "Withdraw request" : "Leave community";

  async function confirm() {
    setError(null);
    try {
      await leave.mutateAsync(communityId);
      setOpen(false);
      notify(
        "success",
        pending ? `Your request to join ${communityName} is withdrawn` : `You left ${communityName}`,
      );
      await onLeft();
    } catch (caught) {
      setError(
        caught instanceof GraphQLRequestError
          ? caught.message
          : "We couldn't reach the server. Please try again.",
      );
    }
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (leave.isPending) return;
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button variant={variant} size={size}>
          {label}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-xl outline-none">
          <AlertDialog.Title className="text-lg font-semibold">
            {pending ? "Withdraw your request?" : `Leave ${communityName}?`}
          </AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            {pending
              ? "The admins will no longer see your request. You can ask again later."
              : "You'll lose access to its members-only events. Joining again may need an admin's approval."}
          </AlertDialog.Description>
          <FieldError>{error}</FieldError>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonVariants({ variant: "outline" })} disabled={leave.isPending}>
              {pending ? "Keep my request" : "Stay"}
            </AlertDialog.Cancel>
            <Button variant="destructive" onClick={confirm} disabled={leave.isPending}>
              {leave.isPending ? <Spinner label="Leaving" /> : null}
              {label}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
