import { useId } from "react";
import type { EventTicketType } from "#client/features/event-page/api/event-page-queries.ts";
import { isSoldOut, priceText, salesText } from "#client/features/event-page/ticket-sales.ts";

/** The price as this viewer pays it: a member sees the member price beside the one others pay. */
function TicketPrice({ ticket }: { ticket: EventTicketType }) {
  const memberPrice = ticket.viewerPriceMinor !== ticket.priceMinor;
  return (
    <span className="grid justify-items-end gap-0.5 text-right">
      <span className="font-medium">{priceText(ticket.viewerPriceMinor, ticket.currency)}</span>
      {memberPrice ? (
        <span className="text-xs text-muted-foreground">
          Member price · <s>{priceText(ticket.priceMinor, ticket.currency)}</s>
        </span>
      ) : ticket.memberPriceMinor != null ? (
        <span className="text-xs text-muted-foreground">
          Members {priceText(ticket.memberPriceMinor, ticket.currency)}
        </span>
      ) : null}
    </span>
  );
}

export function TicketChoice({
  tickets,
  timeZone,
  value,
  onChange,
}: {
  tickets: readonly EventTicketType[];
  /** The event's: when sales open is said in it. */
  timeZone: string;
  value: string | null;
  onChange: (id: string) => void;
}) {
  const id = useId();
  // Native radio buttons: they work before the page has hydrated, keep their choice across it, and
  // cost hydration no layout read (a scripted radio group measures each item as it mounts).
  return (
    <div className="grid gap-2.5">
      <p id={`${id}-label`} className="text-sm font-medium">
        Ticket
      </p>
      <div role="radiogroup" aria-labelledby={`${id}-label`} className="grid gap-2">
        {tickets.map((ticket) => {
          const soldOut = isSoldOut(ticket);
          const sales = salesText(ticket, timeZone);
          const note = soldOut
            ? "Sold out"
            : (sales ??
              (ticket.remaining !== null && ticket.remaining !== undefined
                ? `${ticket.remaining} left`
                : null));
          return (
            <label
              key={ticket.id}
              className="group flex cursor-pointer items-center gap-3 rounded-lg border bg-background px-3.5 py-3 text-left text-sm transition-colors hover:bg-accent/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-55 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input
                type="radio"
                name={`${id}-ticket`}
                value={ticket.id}
                checked={value === ticket.id}
                onChange={() => onChange(ticket.id)}
                disabled={soldOut || sales !== null}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className="grid size-4 shrink-0 place-items-center rounded-full border border-input group-has-[:checked]:border-primary"
              >
                <span className="hidden size-2 rounded-full bg-primary group-has-[:checked]:block" />
              </span>
              <span className="grid flex-1 gap-0.5">
                <span className="font-medium">{ticket.name}</span>
                {note ? <span className="text-xs text-muted-foreground">{note}</span> : null}
              </span>
              <TicketPrice ticket={ticket} />
            </label>
          );
        })}
      </div>
    </div>
  );
}
