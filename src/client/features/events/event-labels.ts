import type { EventStatus, RegistrationStatus } from "#client/gql/graphql.ts";

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
  HELD: "Paying",
  DECLINED: "Declined",
  CANCELED: "Canceled",
};

export const REGISTRATION_STATUS_BADGE: Record<RegistrationStatus, BadgeVariant> = {
  GOING: "success",
  WAITLISTED: "secondary",
  PENDING: "default",
  HELD: "secondary",
  DECLINED: "destructive",
  CANCELED: "outline",
};

export const REGISTRATION_STATUSES = [
  "GOING",
  "WAITLISTED",
  "PENDING",
  "HELD",
  "DECLINED",
  "CANCELED",
] as const;

export function isRegistrationStatus(value: unknown): value is RegistrationStatus {
  return typeof value === "string" && (REGISTRATION_STATUSES as readonly string[]).includes(value);
}

/** "12 / 40 going", or "12 going · unlimited" when the event has no capacity. */
export function formatGoing(goingCount: number, capacity: number | null | undefined): string {
  return capacity == null ? `${goingCount} going · unlimited` : `${goingCount} / ${capacity} going`;
}

export function publicEventUrl(eventId: string): string {
  return `${window.location.origin}/e/${eventId}`;
}
