import { builder } from "#server/graphql/builder.ts";
import type { GraphQLContext } from "#server/graphql/context.ts";
import { Event } from "#server/modules/events/events.graphql.ts";
import { type Batched, batched, type EventView } from "#server/modules/events/events.views.ts";
import {
  type ForecastEvent,
  type ForecastInputs,
  forecastFrom,
  forecastInputs,
  parseRisk,
} from "./forecast.service.ts";
import type { AttendanceForecast, OverbookingAdvice } from "./forecast-model.ts";

const ForecastMethod = builder.enumType("ForecastMethod", {
  values: {
    EXACT: { value: "exact", description: "The exact distribution of the sum of everyone's chances" },
    NORMAL: { value: "normal", description: "A normal approximation, for events of thousands" },
  } as const,
});

const Overbooking = builder.objectRef<OverbookingAdvice>("OverbookingAdvice").implement({
  description: "How far the capacity could be raised for the waitlist within the chosen risk",
  fields: (t) => ({
    extraSeats: t.exposeInt("extraSeats", {
      description: "Seats to add: the next people on the waitlist, in order, that fit the risk",
    }),
    admitted: t.exposeInt("admitted", { description: "Waitlisted registrations those seats let in" }),
    risk: t.exposeFloat("risk"),
    probabilityOver: t.exposeFloat("probabilityOver", {
      description: "The chance that more people check in than the current capacity, with them let in",
    }),
  }),
});

const Forecast = builder.objectRef<AttendanceForecast>("AttendanceForecast").implement({
  description: "Expected check-ins from each registrant's history, the event's lead time and price",
  fields: (t) => ({
    expected: t.exposeFloat("expected"),
    low: t.exposeInt("low", { description: "The 80% range's lower end (10th percentile)" }),
    high: t.exposeInt("high", { description: "The 80% range's upper end (90th percentile)" }),
    going: t.exposeInt("going", { description: "Seats going or held for buyers paying" }),
    basis: t.exposeInt("basis", { description: "Registrations whose person has history of their own here" }),
    method: t.expose("method", { type: ForecastMethod }),
    overbooking: t.expose("overbooking", { type: Overbooking, nullable: true }),
  }),
});

/** One batch of reads per request for every event whose forecast it asks (the events list's rows). */
const loadersOf = new WeakMap<
  object,
  { events: Map<string, ForecastEvent>; inputs: Batched<ForecastInputs | null> }
>();

function inputsLoader(ctx: GraphQLContext, e: EventView) {
  let found = loadersOf.get(e.loaders);
  if (!found) {
    const events = new Map<string, ForecastEvent>();
    const inputs = batched<ForecastInputs | null>(
      (ids) =>
        forecastInputs(
          ctx,
          ids.flatMap((id) => events.get(id) ?? []),
        ),
      null,
    );
    found = { events, inputs };
    loadersOf.set(e.loaders, found);
  }
  found.events.set(e.id, e);
  return found.inputs;
}

builder.objectField(Event, "attendanceForecast", (t) =>
  t.field({
    type: Forecast,
    nullable: true,
    description:
      "Expected check-ins with an 80% range, and overbooking advice for the waitlist; null for ended or canceled events and for viewers without insights.view",
    args: {
      risk: t.arg.float({
        required: false,
        description: "The accepted chance of more check-ins than the capacity: 0.01 to 0.2; omitted, 0.05",
      }),
    },
    resolve: async (e, args, ctx) => {
      const risk = parseRisk(args.risk);
      const inputs = await inputsLoader(ctx, e).load(e.id);
      return inputs ? forecastFrom(inputs, risk) : null;
    },
  }),
);
