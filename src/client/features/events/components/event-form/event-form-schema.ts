import { z } from "zod";
import {
  questionSchema,
  questionToValue,
  valueToQuestionInput,
} from "#client/components/questions/question-form.ts";
import type { EventDetailQuery, EventInput, EventVisibility } from "#client/gql/graphql.ts";
import { TEXT_LIMITS, tooLongMessage } from "#shared/limits.ts";
import { hasUnsafeNameCharacters, INVALID_CHARACTERS_MESSAGE } from "#shared/names.ts";
import { toWallTime } from "#shared/time.ts";

import {
  checkTicketPrices,
  newTicketType,
  optionalCount,
  ticketToInput,
  ticketToValues,
  ticketTypeSchema,
} from "./ticket-type-values.ts";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

export const eventFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, "Give the event a title.")
      .max(TEXT_LIMITS.eventTitle, tooLongMessage("eventTitle"))
      .refine((value) => !hasUnsafeNameCharacters(value), INVALID_CHARACTERS_MESSAGE),
    description: z.string().max(TEXT_LIMITS.eventDescription, tooLongMessage("eventDescription")),
    startDate: z.string().regex(DATE, "Pick a start date."),
    startTime: z.string().regex(TIME, "Pick a start time."),
    endDate: z.string().regex(DATE, "Pick an end date."),
    endTime: z.string().regex(TIME, "Pick an end time."),
    timeZone: z.string().min(1, "Pick a time zone."),
    venueName: z
      .string()
      .trim()
      .max(TEXT_LIMITS.venueName, tooLongMessage("venueName"))
      .refine((value) => !hasUnsafeNameCharacters(value), INVALID_CHARACTERS_MESSAGE),
    venueAddress: z.string().trim().max(TEXT_LIMITS.venueAddress, tooLongMessage("venueAddress")),
    onlineUrl: z
      .string()
      .trim()
      .refine((value) => value === "" || /^https?:\/\/\S+$/i.test(value), {
        message: "Enter a link starting with https:// or http://",
      }),
    coverPath: z.string().optional(),
    capacity: optionalCount,
    waitlistEnabled: z.boolean(),
    waitlistOfferHours: z
      .string()
      .trim()
      .refine((value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 168, {
        message: "Give people between 1 and 168 hours (a week) to pay.",
      }),
    approvalRequired: z.boolean(),
    requireVerifiedEmail: z.boolean(),
    guestListVisible: z.boolean(),
    visibility: z.enum(["PUBLIC", "MEMBERS", "UNLISTED"]),
    ticketTypes: z.array(ticketTypeSchema).min(1, "Keep at least one ticket type."),
    questions: z.array(questionSchema),
    /** The community's: ticket prices are typed and saved in it. */
    currency: z.string(),
  })
  .superRefine((values, context) => {
    for (const issue of checkTicketPrices(values.ticketTypes, values.currency)) {
      context.addIssue({ code: "custom", ...issue });
    }
    const start = `${values.startDate}T${values.startTime}`;
    const end = `${values.endDate}T${values.endTime}`;
    // Both are wall times in the same zone, so text order is time order (a repeated hour aside).
    if (DATE.test(values.endDate) && TIME.test(values.endTime) && end <= start) {
      context.addIssue({
        code: "custom",
        path: ["endTime"],
        message: "The event has to end after it starts.",
      });
    }
  });

export type EventFormValues = z.input<typeof eventFormSchema>;
export type EventFormOutput = z.output<typeof eventFormSchema>;

export type EditableEvent = EventDetailQuery["event"];

/** Tomorrow 18:00–20:00 in the zone: a plausible evening slot to start from. */
export function emptyEventValues(timeZone: string, currency: string, now = new Date()): EventFormValues {
  const tomorrow = toWallTime(new Date(now.getTime() + 86_400_000), timeZone).slice(0, 10);
  return {
    title: "",
    description: "",
    startDate: tomorrow,
    startTime: "18:00",
    endDate: tomorrow,
    endTime: "20:00",
    timeZone,
    venueName: "",
    venueAddress: "",
    onlineUrl: "",
    coverPath: undefined,
    capacity: "",
    waitlistEnabled: true,
    waitlistOfferHours: "12",
    approvalRequired: false,
    requireVerifiedEmail: false,
    guestListVisible: true,
    visibility: "PUBLIC",
    ticketTypes: [newTicketType("General admission")],
    questions: [],
    currency,
  };
}

/** The form's values for a saved event: its UTC instants shown as wall time in its own zone. */
export function eventToValues(event: EditableEvent, currency: string): EventFormValues {
  const start = toWallTime(new Date(event.startsAt), event.timeZone);
  const end = toWallTime(new Date(event.endsAt), event.timeZone);
  return {
    title: event.title,
    description: event.description,
    startDate: start.slice(0, 10),
    startTime: start.slice(11),
    endDate: end.slice(0, 10),
    endTime: end.slice(11),
    timeZone: event.timeZone,
    venueName: event.venueName ?? "",
    venueAddress: event.venueAddress ?? "",
    onlineUrl: event.onlineUrl ?? "",
    coverPath: undefined,
    capacity: event.capacity == null ? "" : String(event.capacity),
    waitlistEnabled: event.waitlistEnabled,
    waitlistOfferHours: String(event.waitlistOfferHours),
    approvalRequired: event.approvalRequired,
    requireVerifiedEmail: event.requireVerifiedEmail,
    guestListVisible: event.guestListVisible,
    visibility: event.visibility,
    ticketTypes:
      event.ticketTypes.length > 0
        ? event.ticketTypes.map((ticket) => ticketToValues(ticket, currency, event.timeZone))
        : [newTicketType("General admission")],
    questions: event.questions.map(questionToValue),
    currency,
  };
}

function optionalText(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

export function valuesToInput(values: EventFormOutput): EventInput {
  const visibility: EventVisibility = values.visibility;
  return {
    title: values.title,
    description: values.description,
    startsAtLocal: `${values.startDate}T${values.startTime}`,
    endsAtLocal: `${values.endDate}T${values.endTime}`,
    timeZone: values.timeZone,
    venueName: optionalText(values.venueName),
    venueAddress: optionalText(values.venueAddress),
    onlineUrl: optionalText(values.onlineUrl),
    ...(values.coverPath === undefined ? {} : { coverPath: values.coverPath }),
    capacity: values.capacity === "" ? null : Number(values.capacity),
    waitlistEnabled: values.waitlistEnabled,
    waitlistOfferHours: Number(values.waitlistOfferHours),
    approvalRequired: values.approvalRequired,
    requireVerifiedEmail: values.requireVerifiedEmail,
    guestListVisible: values.guestListVisible,
    visibility,
    ticketTypes: values.ticketTypes.map((ticket) => ticketToInput(ticket, values.currency)),
    questions: values.questions.map(valueToQuestionInput),
  };
}
