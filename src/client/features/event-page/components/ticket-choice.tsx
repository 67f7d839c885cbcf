import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import { useId } from "react";
import type { EventTicketType } from "#client/features/event-page/api/event-page-queries.ts";

function priceText(ticket: EventTicketType): string {
  if (ticket.priceMinor === 0) return "Free";
  return new Intl.NumberFormat(undefined, { style: "currency", currency: ticket.currency }).format(
    ticket.priceMinor / 100,
  );
}

export function TicketChoice({
  tickets,
  value,
  onChange,
}: {
  tickets: readonly EventTicketType[];
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
          const soldOut =
            ticket.remaining !== null && ticket.remaining !== undefined && ticket.remaining <= 0;
          return (
            <RadioGroupPrimitive.Item
              key={ticket.id}
              value={ticket.id}
              disabled={soldOut}
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
                {ticket.remaining !== null && ticket.remaining !== undefined ? (
                  <span className="text-xs text-muted-foreground">
                    {soldOut ? "Sold out" : `${ticket.remaining} left`}
                  </span>
                ) : null}
              </span>
              <span className="font-medium">{priceText(ticket)}</span>
            </RadioGroupPrimitive.Item>
          );
        })}
      </RadioGroupPrimitive.Root>
    </div>
  );
}
