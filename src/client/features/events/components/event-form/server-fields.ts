import type { FieldPath } from "react-hook-form";
import type { EventFormValues } from "./event-form-schema.ts";

type FormPath = FieldPath<EventFormValues>;

const DIRECT: Record<string, FormPath> = {
  title: "title",
  description: "description",
  // Wall times fail on the time more often than the date (a DST gap), so the message sits there.
  startsAtLocal: "startTime",
  endsAtLocal: "endTime",
  startsAt: "startTime",
  endsAt: "endTime",
  timeZone: "timeZone",
  venueName: "venueName",
  venueAddress: "venueAddress",
  onlineUrl: "onlineUrl",
  coverPath: "coverPath",
  capacity: "capacity",
  visibility: "visibility",
  ticketTypes: "ticketTypes",
  questions: "questions",
};

const TICKET_FIELDS: Record<
  string,
  "quantity" | "price" | "memberPrice" | "maxPerOrder" | "salesStartTime" | "salesEndTime"
> = {
  quantity: "quantity",
  priceMinor: "price",
  memberPriceMinor: "memberPrice",
  maxPerOrder: "maxPerOrder",
  // Like the event's own wall times, a problem with one shows on its time.
  salesStartLocal: "salesStartTime",
  salesEndLocal: "salesEndTime",
};

/**
 * Where a server field error belongs in the form. The server may name nested inputs as
 * `ticketTypes.1.name`, `ticketTypes[1].name` or `input.ticketTypes.1.name`.
 */
export function formPathForServerField(field: string, values: EventFormValues): FormPath | undefined {
  const parts = field
    .replace(/^input\./, "")
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter(Boolean);
  const [head, indexText, leaf] = parts;
  if (head === undefined) return undefined;
  if (indexText === undefined) return DIRECT[head];
  const index = Number(indexText);
  if (!Number.isInteger(index)) return DIRECT[head];
  if (head === "ticketTypes" && index < values.ticketTypes.length) {
    return `ticketTypes.${index}.${TICKET_FIELDS[leaf ?? ""] ?? "name"}`;
  }
  if (head === "questions" && index < values.questions.length) {
    if (leaf === "options") return `questions.${index}.options`;
    if (leaf === "kind") return `questions.${index}.kind`;
    return `questions.${index}.label`;
  }
  return DIRECT[head];
}
