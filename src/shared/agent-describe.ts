import type {
  AgentAction,
  AgentConditions,
  AgentDefinition,
  AgentRegistrationStatus,
  AgentTrigger,
} from "./agents.ts";

// What an agent does, in one sentence ("When someone joins, email them 'Welcome…' and tag them
// 'new'"): the agent form's summary, the agents list and each run's trigger. Pure, so the form
// and the server say the same words.

/** Names for the ids a definition holds: saved segments and events. Unknown ids read as "a segment". */
export type AgentNames = {
  segments?: Readonly<Record<string, string>>;
  events?: Readonly<Record<string, string>>;
};

const QUOTED_MAX = 40;

/** Text in single quotes, cut with an ellipsis when it would make the sentence hard to read. */
const quoted = (text: string) => {
  const clean = text.trim().replace(/\s+/g, " ");
  return `'${clean.length > QUOTED_MAX ? `${clean.slice(0, QUOTED_MAX - 1).trimEnd()}…` : clean}'`;
};

/** "a", "a and b", "a, b and c". */
export const joinWords = (words: readonly string[], last = "and"): string =>
  words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} ${last} ${words.at(-1)}`;

const STATUS_WORDS: Record<AgentRegistrationStatus, string> = {
  going: "going",
  waitlisted: "waitlisted",
  pending: "pending",
  held: "held for payment",
  canceled: "canceled",
  declined: "declined",
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const WEEKDAY_NAMES = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const MONTH_NAMES = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** One cron field as the numbers it lists, or null for anything but numbers, names, lists and ranges. */
function listed(field: string, min: number, max: number, names: readonly string[] = []): number[] | null {
  const out = new Set<number>();
  const value = (part: string) => {
    const named = names.indexOf(part.toUpperCase());
    if (named >= 0) return named + min;
    if (!/^\d{1,2}$/.test(part)) return Number.NaN;
    return Number(part);
  };
  for (const part of field.split(",")) {
    const [fromText, toText, ...rest] = part.split("-");
    if (rest.length > 0 || fromText === undefined) return null;
    const from = value(fromText);
    const to = toText === undefined ? from : value(toText);
    if (Number.isNaN(from) || Number.isNaN(to) || from > to) return null;
    for (let n = from; n <= to; n++) out.add(n);
  }
  const values = [...out].sort((a, b) => a - b);
  return values.every((n) => n >= min && n <= max) ? values : null;
}

const two = (n: number) => String(n).padStart(2, "0");

/** Whether a five-field cron expression is one `describeCron` reads (and the schedule trigger accepts). */
export const isFiveFieldCron = (cron: string): boolean => cron.trim().split(/\s+/).length === 5;

/**
 * A five-field cron expression (minute hour day-of-month month day-of-week) in words:
 * "Every Monday at 09:00", "Every day at 18:30", "Every 15 minutes". What it cannot put in words
 * it shows as written: `On the schedule "…"`.
 */
export function describeCron(cron: string): string {
  const fields = cron.trim().split(/\s+/);
  const asWritten = `On the schedule "${cron.trim()}"`;
  if (fields.length !== 5) return asWritten;
  const [minute, hour, day, month, weekday] = fields as [string, string, string, string, string];
  const every = (field: string) => field === "*";
  const step = (field: string) => /^\*\/(\d{1,2})$/.exec(field)?.[1];

  if ([hour, day, month, weekday].every(every)) {
    if (every(minute)) return "Every minute";
    const minutes = step(minute);
    if (minutes) return Number(minutes) === 1 ? "Every minute" : `Every ${Number(minutes)} minutes`;
    const at = listed(minute, 0, 59);
    if (!at) return asWritten;
    if (at.length === 1 && at[0] === 0) return "Every hour, on the hour";
    return `Every hour at ${joinWords(at.map((m) => `${m} past`))}`;
  }

  const minutes = listed(minute, 0, 59);
  const hours = listed(hour, 0, 23);
  const hourStep = step(hour);
  if (minutes?.length !== 1) return asWritten;
  let time: string;
  if (hours) time = `at ${joinWords(hours.map((h) => `${two(h)}:${two(minutes[0] ?? 0)}`))}`;
  else if (hourStep && Number(hourStep) > 0)
    time = `every ${Number(hourStep)} hours at ${two(minutes[0] ?? 0)} past the hour`;
  else if (every(hour)) time = `every hour at ${two(minutes[0] ?? 0)} past the hour`;
  else return asWritten;

  const days = every(day) ? null : listed(day, 1, 31);
  const months = every(month) ? null : listed(month, 1, 12, MONTH_NAMES);
  // Sunday is 0 or 7.
  const weekdays = every(weekday) ? null : listed(weekday, 0, 7, WEEKDAY_NAMES);
  if ((!every(day) && !days) || (!every(month) && !months) || (!every(weekday) && !weekdays))
    return asWritten;

  const monthWords = months ? ` of ${joinWords(months.map((m) => MONTHS[m - 1] ?? ""))}` : "";
  if (weekdays && !days) {
    const unique = [...new Set(weekdays.map((d) => d % 7))].sort((a, b) => a - b);
    const named =
      unique.join(",") === "1,2,3,4,5"
        ? "weekday"
        : unique.join(",") === "0,6"
          ? "Saturday and Sunday"
          : joinWords(unique.map((d) => WEEKDAYS[d] ?? ""));
    const inMonths = months ? ` in ${joinWords(months.map((m) => MONTHS[m - 1] ?? ""))}` : "";
    return `Every ${named}${inMonths} ${time}`;
  }
  if (days && !weekdays) {
    const dayWords = joinWords(days.map(String));
    if (months) return `On ${dayWords}${monthWords.replace(" of", "")} ${time}`;
    return `On day ${dayWords} of every month ${time}`;
  }
  if (!days && !weekdays) {
    if (months) return `Every day in ${joinWords(months.map((m) => MONTHS[m - 1] ?? ""))} ${time}`;
    return hours ? `Every day ${time}` : time.charAt(0).toUpperCase() + time.slice(1);
  }
  return asWritten;
}

const triggerWords = (trigger: AgentTrigger): string => {
  switch (trigger.kind) {
    case "member_joined":
      return "When someone joins";
    case "join_requested":
      return "When someone asks to join";
    case "event_published":
      return "When an event is published";
    case "registration_created":
      return "When someone registers for an event";
    case "registration_status_changed":
      return trigger.to && trigger.to.length > 0
        ? `When a registration becomes ${joinWords(
            trigger.to.map((s) => STATUS_WORDS[s]),
            "or",
          )}`
        : "When a registration's status changes";
    case "checked_in":
      return "When someone checks in";
    case "payment_succeeded":
      return "When a payment succeeds";
    case "payment_failed":
      return "When a payment fails";
    case "membership_started":
      return "When someone's membership plan starts";
    case "membership_ended":
      return "When someone's membership plan ends";
    case "member_inactive":
      return `When a member has been inactive for ${plural(trigger.days, "day", "days")}`;
    case "event_starts_in":
      return `${plural(trigger.hours, "hour", "hours")} before an event starts`;
    case "event_ended":
      return "When an event ends";
    case "schedule":
      return describeCron(trigger.cron);
  }
};

/** The trigger in words, as a run's "what fired it" and the start of the agent's sentence. */
export const describeTrigger = triggerWords;

const segmentName = (id: string | null | undefined, names: AgentNames) =>
  id && names.segments?.[id] ? quoted(names.segments[id]) : "a saved segment";

function conditionWords(conditions: AgentConditions, names: AgentNames): string[] {
  const words: string[] = [];
  if (conditions.segmentId) words.push(`if they are in ${segmentName(conditions.segmentId, names)}`);
  const eventIds = conditions.eventIds ?? [];
  const onlyEvent = eventIds.length === 1 && eventIds[0] ? names.events?.[eventIds[0]] : undefined;
  if (onlyEvent) words.push(`for ${quoted(onlyEvent)}`);
  else if (eventIds.length > 0) words.push(`for ${plural(eventIds.length, "chosen event", "chosen events")}`);
  if (conditions.eventTitleContains?.trim())
    words.push(`for events whose title contains ${quoted(conditions.eventTitleContains)}`);
  if (conditions.eventPaid === true) words.push("for paid events");
  if (conditions.eventPaid === false) words.push("for free events");
  const judgement = conditions.judgement;
  if (judgement?.kind === "answers_contain")
    words.push(
      `if their answers contain ${joinWords(judgement.words.map(quoted), judgement.match === "all" ? "and" : "or")}`,
    );
  if (judgement?.kind === "model_judges") words.push("if their answers match what you describe");
  return words;
}

function actionWords(action: AgentAction, names: AgentNames): string {
  switch (action.kind) {
    case "email": {
      const subject = quoted(action.subject);
      if (action.to === "subject") return `email them ${subject}`;
      if (action.to === "segment") return `email ${subject} to ${segmentName(action.segmentId, names)}`;
      const statuses = action.registrantStatuses?.length ? action.registrantStatuses : ["going" as const];
      return `email ${subject} to the event's ${joinWords(
        statuses.map((s) => STATUS_WORDS[s]),
        "and",
      )} registrants`;
    }
    case "add_tag":
      return `tag them ${quoted(action.tag)}`;
    case "remove_tag":
      return `remove their tag ${quoted(action.tag)}`;
    case "notify_admins":
      return "notify the admins";
    case "draft_announcement":
      return `draft the announcement ${quoted(action.subject)}`;
    case "decide_registration":
      return `${action.decision} their registration`;
    case "decide_join_request":
      return `${action.decision} their request`;
    case "webhook": {
      let host = action.url;
      try {
        host = new URL(action.url).host;
      } catch {
        // An unparsable address is shown as written; validation says what is wrong with it.
      }
      return `call the webhook at ${host}`;
    }
  }
}

/**
 * One sentence saying what the agent does: its trigger, its conditions, its actions in order and,
 * in propose mode, that an admin approves each action first.
 */
export function describeAgent(definition: AgentDefinition, names: AgentNames = {}): string {
  const conditions = conditionWords(definition.conditions ?? {}, names);
  const actions = definition.actions.map((a) => actionWords(a, names));
  const when = [triggerWords(definition.trigger), joinWords(conditions)].filter(Boolean).join(" ");
  const doing = actions.length > 0 ? joinWords(actions) : "do nothing";
  const approval = definition.approvalMode === "propose" ? ", once an admin approves" : "";
  return `${when}, ${doing}${approval}`;
}
