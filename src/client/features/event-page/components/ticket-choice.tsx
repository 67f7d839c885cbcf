import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
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
  return (
    <div className="grid gap-2.5">
      <p id={`${id}-label`} className="text-sm font-medium">
        Ticket
      </p>
      <RadioGroupPrimitive.Root
        aria-labelledby={`${id}-label`}
        value={value ?? ""}
        onValueChange={onChange}
        className="grid gap-2"
      >
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
            <RadioGroupPrimitive.Item
              key={ticket.id}
              value={ticket.id}
              disabled={soldOut || sales !== null}
              className="flex cursor-pointer items-center gap-3 rounded-lg border bg-background px-3.5 py-3 text-left text-sm transition-colors outline-none hover:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-55 data-[state=checked]:border-primary data-[state=checked]:bg-primary/5"
            >
              <span
                aria-hidden="true"
                className="grid size-4 shrink-0 place-items-center rounded-full border border-input [[data-state=checked]>&]:border-primary"
              >
                <RadioGroupPrimitive.Indicator className="size-2 rounded-full bg-primary" />
              </span>
              <span className="grid flex-1 gap-0.5">
                <span className="font-medium">{ticket.name}</span>
                {note ? <span className="text-xs text-muted-foreground">{note}</span> : null}
              </span>
              <TicketPrice ticket={ticket} />
            </RadioGroupPrimitive.Item>
          );
        })}
      </RadioGroupPrimitive.Root>
    </div>
  );
}
