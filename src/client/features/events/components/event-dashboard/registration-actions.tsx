import {
  CheckIcon,
  EllipsisVerticalIcon,
  ListChecksIcon,
  UndoIcon,
  UserCheckIcon,
  UserXIcon,
  XCircleIcon,
} from "lucide-react";
import { AlertDialog } from "radix-ui";
import { type ReactNode, useState } from "react";
import { Button, buttonVariants } from "#client/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "#client/components/ui/dropdown-menu.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import {
  type RegistrationAction,
  useRegistrationAction,
} from "#client/features/events/api/registration-mutations.ts";
import { describeError } from "#client/features/events/error-message.ts";
import type { RegistrationStatus } from "#client/gql/graphql.ts";
import { notify } from "#client/lib/notify.ts";

type Row = { id: string; status: RegistrationStatus; checkedInAt?: string | null; person: { name: string } };

const DONE: Record<RegistrationAction, (name: string) => string> = {
  approve: (name) => `${name} is approved.`,
  decline: (name) => `${name} is declined.`,
  moveFromWaitlist: (name) => `${name} moved from the waitlist to going.`,
  cancel: (name) => `${name}'s registration is canceled.`,
  checkIn: (name) => `${name} is checked in.`,
  undoCheckIn: (name) => `${name}'s check-in is undone.`,
};

export function useRunRegistrationAction(eventId: string) {
  const mutation = useRegistrationAction(eventId);
  async function run(action: RegistrationAction, row: Row): Promise<boolean> {
    try {
      await mutation.mutateAsync({ action, id: row.id });
      notify("success", DONE[action](row.person.name || "The registrant"));
      return true;
    } catch (error) {
      notify("error", describeError(error, "That didn't work. Please try again."));
      return false;
    }
  }
  return { run, pending: mutation.isPending ? mutation.variables : undefined };
}

export function RegistrationActions({
  eventId,
  row,
  extra,
}: {
  eventId: string;
  row: Row;
  extra?: ReactNode;
}) {
  const { run, pending } = useRunRegistrationAction(eventId);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const busy = pending?.id === row.id;
  const name = row.person.name || "this person";
  const active = row.status === "GOING" || row.status === "WAITLISTED" || row.status === "PENDING";

  return (
    <div className="flex items-center justify-end gap-1 max-md:justify-start">
      {row.status === "GOING" ? (
        row.checkedInAt ? (
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => void run("undoCheckIn", row)}>
            <UndoIcon aria-hidden="true" /> Undo<span className="sr-only"> check-in of {name}</span>
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled={busy} onClick={() => void run("checkIn", row)}>
            <CheckIcon aria-hidden="true" /> Check in<span className="sr-only"> {name}</span>
          </Button>
        )
      ) : null}
      {row.status === "PENDING" ? (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void run("approve", row)}>
          <UserCheckIcon aria-hidden="true" /> Approve<span className="sr-only"> {name}</span>
        </Button>
      ) : null}
      {row.status === "WAITLISTED" ? (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void run("moveFromWaitlist", row)}>
          <ListChecksIcon aria-hidden="true" /> Move to going<span className="sr-only"> {name}</span>
        </Button>
      ) : null}
      {extra}
      {active ? (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`More actions for ${name}`} disabled={busy}>
              {busy ? <Spinner label="Working" /> : <EllipsisVerticalIcon aria-hidden="true" />}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {row.status === "PENDING" ? (
              <DropdownMenuItem onSelect={() => void run("decline", row)}>
                <UserXIcon aria-hidden="true" /> Decline
              </DropdownMenuItem>
            ) : null}
            <DropdownMenuItem
              className="text-destructive data-[highlighted]:text-destructive"
              onSelect={() => setConfirmCancel(true)}
            >
              <XCircleIcon aria-hidden="true" /> Cancel registration…
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      ) : null}
      <AlertDialog.Root open={confirmCancel} onOpenChange={setConfirmCancel}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[min(28rem,95vw)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-xl outline-none">
            <AlertDialog.Title className="text-lg font-semibold">
              Cancel {name}'s registration?
            </AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">
              Their seat goes to the first person on the waitlist, if there is one.
            </AlertDialog.Description>
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel className={buttonVariants({ variant: "outline" })}>Keep</AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonVariants({ variant: "destructive" })}
                onClick={() => void run("cancel", row)}
              >
                Cancel registration
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
