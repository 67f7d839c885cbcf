import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { TrendingUpIcon } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useId, useState } from "react";
import { Button, buttonVariants } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { formSelectClass } from "#client/components/ui/native-select.ts";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { useUpdateEvent } from "#client/features/events/api/event-mutations.ts";
import { eventKeys } from "#client/features/events/api/events-queries.ts";
import {
  DEFAULT_FORECAST_RISK,
  eventForecastQueryOptions,
  FORECAST_RISKS,
} from "#client/features/events/api/forecast-queries.ts";
import {
  type EditableEvent,
  eventFormSchema,
  eventToValues,
  valuesToInput,
} from "#client/features/events/components/event-form/event-form-schema.ts";
import { describeError } from "#client/features/events/error-message.ts";
import { notify } from "#client/lib/notify.ts";
import { countOf } from "#client/lib/plural.ts";

const percent = new Intl.NumberFormat(undefined, { style: "percent", maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/**
 * The event's attendance forecast and, with a capacity and a waitlist, how many more people the
 * organizer could let in at the risk they pick, with one button to raise the capacity by that much.
 * Shows nothing for ended or canceled events and for viewers without insights.
 */
export function ForecastCard({ event, currency }: { event: EditableEvent; currency: string }) {
  const id = useId();
  const [risk, setRisk] = useState<number>(DEFAULT_FORECAST_RISK);
  const { data, isFetching } = useQuery({
    ...eventForecastQueryOptions(event.id, risk),
    placeholderData: keepPreviousData,
  });
  const forecast = data?.attendanceForecast;
  if (!forecast) return null;
  const advice = forecast.overbooking;
  const capacity = data.capacity;

  return (
    <Card aria-labelledby={`${id}-title`} role="region">
      <CardHeader className="pb-4">
        <CardTitle id={`${id}-title`} className="flex items-center gap-2 text-base">
          <TrendingUpIcon aria-hidden="true" className="size-4 text-muted-foreground" />
          Attendance forecast
        </CardTitle>
        <CardDescription>
          {forecast.going === 0
            ? "Nobody is going yet: the forecast appears as people register."
            : forecast.basis === 0
              ? `From ${countOf(forecast.going, { one: "seat", other: "seats" })} going; nobody has a record of their own here yet, so each counts at the community's rate.`
              : `From ${countOf(forecast.going, { one: "seat", other: "seats" })} going; ${countOf(
                  forecast.basis,
                  {
                    one: "registrant has",
                    other: "registrants have",
                  },
                )} a record of their own here, the others count at the community's rate.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <p className="text-lg" data-testid="forecast-headline">
          Expected <strong className="font-semibold">{whole.format(forecast.expected)}</strong>{" "}
          {Math.round(forecast.expected) === 1 ? "check-in" : "check-ins"}, likely{" "}
          <strong className="font-semibold">
            {forecast.low}–{forecast.high}
          </strong>
          <span className="sr-only"> (80% of the time)</span>
        </p>
        {advice && capacity !== null ? (
          <div className="grid gap-3 border-t pt-4">
            <div className="grid max-w-xs gap-1.5">
              <Label htmlFor={`${id}-risk`}>Accepted risk of more check-ins than seats</Label>
              <select
                id={`${id}-risk`}
                className={formSelectClass}
                value={risk}
                onChange={(change) => setRisk(Number(change.target.value))}
              >
                {FORECAST_RISKS.map((value) => (
                  <option key={value} value={value}>
                    {percent.format(value)}
                  </option>
                ))}
              </select>
            </div>
            <p aria-live="polite" className="text-sm" data-testid="forecast-advice">
              {isFetching ? <Spinner className="mr-1 inline size-3" label="Updating the advice" /> : null}
              {advice.extraSeats > 0
                ? `You could let ${countOf(advice.admitted, { one: "more person", other: "more people" })} in from the waitlist (${countOf(advice.extraSeats, { one: "seat", other: "seats" })}): the chance that more than ${capacity} check in stays at ${percent.format(advice.probabilityOver)}.`
                : `Keep the capacity at ${capacity}: letting in even the next person on the waitlist would make more than ${capacity} check-ins likelier than ${percent.format(advice.risk)}.`}
            </p>
            {advice.extraSeats > 0 ? (
              <RaiseCapacity event={event} currency={currency} from={capacity} by={advice.extraSeats} />
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function RaiseCapacity({
  event,
  currency,
  from,
  by,
}: {
  event: EditableEvent;
  currency: string;
  from: number;
  by: number;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateEvent();
  const queryClient = useQueryClient();
  const to = from + by;

  async function confirm() {
    setError(null);
    // The update takes the whole event, as its settings form would save it, with the new capacity.
    const parsed = eventFormSchema.safeParse({ ...eventToValues(event, currency), capacity: String(to) });
    if (!parsed.success) {
      setError("The event's settings need attention first: open Edit event to raise the capacity.");
      return;
    }
    try {
      await update.mutateAsync({ id: event.id, input: valuesToInput(parsed.data) });
      await queryClient.invalidateQueries({ queryKey: eventKeys.registrations(event.id) });
      setOpen(false);
      notify(
        "success",
        `Capacity raised to ${to}: ${countOf(by, { one: "seat", other: "seats" })} went to people on the waitlist.`,
      );
    } catch (failure) {
      setError(describeError(failure, "The capacity could not be raised. Try again."));
    }
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (update.isPending) return;
        setError(null);
        setOpen(next);
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button className="w-fit">Raise capacity to {to}</Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[min(32rem,95vw)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-background p-6 shadow-xl outline-none">
          <AlertDialog.Title className="text-lg font-semibold">
            Raise the capacity from {from} to {to}?
          </AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            The next people on the waitlist move to going at once, taking the{" "}
            {countOf(by, { one: "new seat", other: "new seats" })}.
          </AlertDialog.Description>
          <FieldError id="raise-capacity-error">{error}</FieldError>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel
              className={buttonVariants({ variant: "outline" })}
              disabled={update.isPending}
            >
              Keep {from}
            </AlertDialog.Cancel>
            <Button onClick={() => void confirm()} disabled={update.isPending}>
              {update.isPending ? <Spinner label="Raising the capacity" /> : null}
              Raise to {to}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
