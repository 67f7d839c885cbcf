import type { EventStatus, QuestionKind, RegistrationStatus } from "#client/gql/graphql.ts";

type BadgeVariant = "default" | "secondary" | "outline" | "success" | "destructive";

export const EVENT_STATUS_LABEL: Record<EventStatus, string> = {
  DRAFT: "Draft",
  PUBLISHED: "Published",
  CANCELED: "Canceled",
};

export const EVENT_STATUS_BADGE: Record<EventStatus, BadgeVariant> = {
  DRAFT: "outline",
  PUBLISHED: "success",
  CANCELED: "destructive",
};

export const REGISTRATION_STATUS_LABEL: Record<RegistrationStatus, string> = {
  GOING: "Going",
  WAITLISTED: "Waitlisted",
  PENDING: "Pending approval",
  DECLINED: "Declined",
  CANCELED: "Canceled",
};

export const REGISTRATION_STATUS_BADGE: Record<RegistrationStatus, BadgeVariant> = {
  GOING: "success",
  WAITLISTED: "secondary",
  PENDING: "default",
  DECLINED: "destructive",
  CANCELED: "outline",
};

export const REGISTRATION_STATUSES = ["GOING", "WAITLISTED", "PENDING", "DECLINED", "CANCELED"] as const;

export function isRegistrationStatus(value: unknown): value is RegistrationStatus {
  return typeof value === "string" && (REGISTRATION_STATUSES as readonly string[]).includes(value);
}

export const QUESTION_KIND_LABEL: Record<QuestionKind, string> = {
  SHORT_TEXT: "Short answer",
  LONG_TEXT: "Paragraph",
  SINGLE_CHOICE: "One choice",
  MULTIPLE_CHOICE: "Several choices",
  CHECKBOX: "Checkbox (yes / no)",
};

export const QUESTION_KINDS = [
  "SHORT_TEXT",
  "LONG_TEXT",
  "SINGLE_CHOICE",
  "MULTIPLE_CHOICE",
  "CHECKBOX",
] as const;

export function isChoiceKind(kind: QuestionKind): boolean {
  return kind === "SINGLE_CHOICE" || kind === "MULTIPLE_CHOICE";
}

/** "12 / 40 going", or "12 going · unlimited" when the event has no capacity. */
export function formatGoing(goingCount: number, capacity: number | null | undefined): string {
  return capacity == null ? `${goingCount} going · unlimited` : `${goingCount} / ${capacity} going`;
}

export function publicEventUrl(eventId: string): string {
  return `${window.location.origin}/e/${eventId}`;
}
