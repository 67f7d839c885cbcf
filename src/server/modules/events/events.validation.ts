import type { FieldError } from "#server/errors.ts";
import { COUNT_LIMITS, TEXT_LIMITS, type TextField, tooLongMessage } from "#shared/limits.ts";
import { nameCharactersProblem } from "#shared/names.ts";
import {
  type Answers,
  type QuestionInput,
  type ValidQuestion,
  validateQuestions,
} from "#shared/questions.ts";
import { fromWallTime, isTimeZone } from "#shared/time.ts";
import type { EventVisibility } from "./events.tables.ts";
import { type TicketTypeInput, type ValidTicketType, validateTicketType } from "./ticket-type.validation.ts";

export type { QuestionInput, TicketTypeInput, ValidTicketType };

/** question id -> chosen or typed values, as a registration stores them */
export type RegistrationAnswers = Answers;

export type EventInput = {
  title: string;
  description?: string | null;
  startsAtLocal: string;
  endsAtLocal: string;
  timeZone: string;
  venueName?: string | null;
  venueAddress?: string | null;
  onlineUrl?: string | null;
  coverPath?: string | null;
  capacity?: number | null;
  waitlistEnabled: boolean;
  /** Hours to pay for an offered paid seat; omitted: 12. */
  waitlistOfferHours?: number | null;
  approvalRequired: boolean;
  /** Omitted: required for members-only events and for events needing approval. */
  requireVerifiedEmail?: boolean | null;
  /** Omitted: on for a new event, unchanged for an existing one. */
  guestListVisible?: boolean | null;
  visibility: EventVisibility;
  ticketTypes: TicketTypeInput[];
  questions: QuestionInput[];
};

/** How long someone offered a paid seat has to pay, unless the organizer says otherwise. */
export const DEFAULT_OFFER_HOURS = 12;

export type EventFields = {
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  venueName: string | null;
  venueAddress: string | null;
  onlineUrl: string | null;
  capacity: number | null;
  waitlistEnabled: boolean;
  waitlistOfferHours: number;
  approvalRequired: boolean;
  requireVerifiedEmail: boolean;
  guestListVisible?: boolean;
  visibility: EventVisibility;
};
export type ValidEvent = {
  fields: EventFields;
  ticketTypes: ValidTicketType[];
  questions: ValidQuestion[];
};

const optionalText = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
};

export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Checks every field and reports all problems at once, field by field. */
export function validateEventInput(input: EventInput): { value: ValidEvent; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const err = (field: string, code: string, message: string) => errors.push({ field, code, message });
  const tooLong = (field: string, value: string | null, limit: TextField) => {
    if (value && value.length > TEXT_LIMITS[limit]) err(field, "TOO_LONG", tooLongMessage(limit));
  };
  const oneLine = (field: string, value: string | null) => {
    const problem = value ? nameCharactersProblem(value) : null;
    if (problem) err(field, problem.code, problem.message);
  };

  const title = input.title.trim();
  if (!title) err("title", "REQUIRED", "Give the event a title.");
  tooLong("title", title, "eventTitle");
  oneLine("title", title);
  const description = input.description?.trim() ?? "";
  tooLong("description", description, "eventDescription");
  const venueName = optionalText(input.venueName);
  tooLong("venueName", venueName, "venueName");
  oneLine("venueName", venueName);
  const venueAddress = optionalText(input.venueAddress);
  tooLong("venueAddress", venueAddress, "venueAddress");
  const onlineUrl = optionalText(input.onlineUrl);
  if (onlineUrl) {
    if (onlineUrl.length > TEXT_LIMITS.onlineUrl) tooLong("onlineUrl", onlineUrl, "onlineUrl");
    else if (!isWebUrl(onlineUrl)) err("onlineUrl", "INVALID_URL", "Use a link starting with https://.");
  }

  const timeZone = input.timeZone.trim();
  let startsAt = new Date(Number.NaN);
  let endsAt = new Date(Number.NaN);
  if (!isTimeZone(timeZone) || timeZone === "") {
    err("timeZone", "INVALID_TIME", "Choose a time zone from the list.");
  } else {
    for (const [field, wall] of [
      ["startsAtLocal", input.startsAtLocal],
      ["endsAtLocal", input.endsAtLocal],
    ] as const) {
      if (!wall.trim()) {
        err(field, "REQUIRED", "Choose a date and time.");
        continue;
      }
      const result = fromWallTime(wall.trim(), timeZone);
      if (result.ok) {
        if (field === "startsAtLocal") startsAt = result.instant;
        else endsAt = result.instant;
      } else if (result.reason === "NONEXISTENT") {
        err(field, "NONEXISTENT_TIME", "That time does not exist there: clocks skip it. Choose another.");
      } else {
        err(field, "INVALID_TIME", "Use a date and time like 2025-06-01T18:30.");
      }
    }
    if (!Number.isNaN(startsAt.getTime()) && !Number.isNaN(endsAt.getTime()) && endsAt <= startsAt) {
      err("endsAtLocal", "ENDS_BEFORE_START", "The event must end after it starts.");
    }
  }

  const capacity = input.capacity ?? null;
  if (capacity !== null && (!Number.isInteger(capacity) || capacity < 1)) {
    err("capacity", "INVALID_CAPACITY", "Allow at least one seat, or leave it empty for no limit.");
  }

  const waitlistOfferHours = input.waitlistOfferHours ?? DEFAULT_OFFER_HOURS;
  if (!Number.isInteger(waitlistOfferHours) || waitlistOfferHours < 1 || waitlistOfferHours > 168) {
    err("waitlistOfferHours", "OUT_OF_RANGE", "Give people between 1 and 168 hours (a week) to pay.");
  }

  if (input.ticketTypes.length === 0) err("ticketTypes", "REQUIRED", "Add at least one ticket type.");
  if (input.ticketTypes.length > COUNT_LIMITS.ticketTypes)
    err("ticketTypes", "TOO_LONG", `Use at most ${COUNT_LIMITS.ticketTypes} ticket types.`);
  const zone = isTimeZone(timeZone) && timeZone !== "" ? timeZone : null;
  const ticketTypes = input.ticketTypes.map((tt, i) => validateTicketType(tt, i, zone, errors));

  const checked = validateQuestions(input.questions);
  errors.push(...checked.errors);
  const questions = checked.value;

  return {
    value: {
      fields: {
        title,
        description,
        startsAt,
        endsAt,
        timeZone,
        venueName,
        venueAddress,
        onlineUrl,
        capacity,
        waitlistEnabled: input.waitlistEnabled,
        waitlistOfferHours,
        approvalRequired: input.approvalRequired,
        requireVerifiedEmail:
          input.requireVerifiedEmail ?? (input.visibility === "members" || input.approvalRequired),
        visibility: input.visibility,
        ...(input.guestListVisible == null ? {} : { guestListVisible: input.guestListVisible }),
      },
      ticketTypes,
      questions,
    },
    errors,
  };
}
