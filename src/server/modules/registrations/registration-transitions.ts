import { conflict, DomainError } from "#server/errors.ts";

export const REGISTRATION_STATUSES = [
  "going",
  "waitlisted",
  "pending",
  "held",
  "declined",
  "canceled",
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/**
 * Where a registration can be: no row yet (or none worth keeping), one of the stored statuses, or
 * going and already through the door (status `going` with `checkedInAt` set).
 */
export type RegistrationState = "none" | RegistrationStatus | "checked_in";

/** Why a registration changes, which also says who may cause it. */
export type TransitionReason =
  /** The person, or a guest through the one-step form, signs up (again). */
  | "register"
  /** The person withdraws, signed in or through the private link; organizers may do it for them. */
  | "cancel"
  /** An organizer turns the registration down. */
  | "decline"
  /** An organizer approves a pending registration: a seat if there is one, else the waitlist. */
  | "approve"
  /** An organizer moves someone off the waitlist into a free seat. */
  | "move"
  /** A seat was freed and goes to the next on the waitlist; nobody in particular did it. */
  | "promote"
  | "check_in"
  | "undo_check_in"
  /** A buyer starts paying: the seats are kept for them until the hold expires. */
  | "checkout"
  /** The payment for held seats went through. */
  | "paid"
  /** The hold ran out, or the buyer gave up paying: the seats go back. */
  | "expire"
  /** A paid seat is offered to someone approved or next in line: held until they pay or time runs out. */
  | "offer"
  /** An agent's decision is taken back: the registration waits for an organizer again. */
  | "reconsider";

type Transition = { from: RegistrationState[]; to: RegistrationState; reasons: TransitionReason[] };

const ACTIVE_STATES: RegistrationState[] = ["going", "waitlisted", "pending", "checked_in"];

/**
 * Every status change a registration may make. `held` keeps seats while the buyer pays: it ends
 * going (paid) or canceled (expired, abandoned), and leaving it frees the seats for the waitlist.
 * Nobody may decline or cancel a hold by hand while its payment may still go through.
 */
export const TRANSITIONS: readonly Transition[] = [
  { from: ["none", "declined", "canceled"], to: "going", reasons: ["register"] },
  { from: ["none", "declined", "canceled"], to: "waitlisted", reasons: ["register"] },
  { from: ["none", "declined", "canceled"], to: "pending", reasons: ["register"] },
  { from: ["going", "waitlisted", "pending"], to: "canceled", reasons: ["cancel"] },
  { from: ACTIVE_STATES, to: "declined", reasons: ["decline"] },
  { from: ["pending"], to: "going", reasons: ["approve"] },
  { from: ["pending"], to: "waitlisted", reasons: ["approve"] },
  { from: ["waitlisted"], to: "going", reasons: ["move", "promote"] },
  { from: ["going"], to: "checked_in", reasons: ["check_in"] },
  { from: ["checked_in"], to: "going", reasons: ["undo_check_in"] },
  { from: ["none", "declined", "canceled"], to: "held", reasons: ["checkout"] },
  { from: ["held"], to: "going", reasons: ["paid"] },
  { from: ["held"], to: "canceled", reasons: ["expire"] },
  { from: ["waitlisted", "pending"], to: "held", reasons: ["offer"] },
  { from: ["going", "waitlisted", "declined"], to: "pending", reasons: ["reconsider"] },
];

/** Statuses that take a seat: leaving one of them hands the seat to the waitlist. */
export const SEAT_HOLDING: ReadonlySet<RegistrationState> = new Set(["going", "checked_in", "held"]);

export const isAllowed = (from: RegistrationState, to: RegistrationState, reason: TransitionReason) =>
  TRANSITIONS.some((t) => t.to === to && t.reasons.includes(reason) && t.from.includes(from));

const REFUSED: Partial<Record<TransitionReason, string>> = {
  approve: "Only pending registrations can be approved.",
  move: "Only waitlisted registrations can be moved.",
  check_in: "Only people who are going can be checked in.",
  undo_check_in: "Only people who are checked in can be undone.",
  promote: "Only waitlisted registrations can be promoted.",
  decline: "Only active registrations can be declined.",
  paid: "Only seats held for a payment can be paid for.",
  expire: "Only seats held for a payment can be released.",
  offer: "Only waitlisted or pending registrations can be offered a seat.",
  reconsider: "Only an approved or declined registration can go back to pending.",
};

/** A second registration of the same person for the same event. */
export const alreadyRegistered = () =>
  new DomainError("ALREADY_REGISTERED", "You are already registered for this event.");

/** Throws the refusal for a change the table does not allow; returns quietly when it does. */
export function checkTransition(
  from: RegistrationState,
  to: RegistrationState,
  reason: TransitionReason,
): void {
  if (isAllowed(from, to, reason)) return;
  // The seat was used: canceling now would free a place that is already taken at the door.
  if (reason === "cancel" && from === "checked_in") {
    throw new DomainError("CHECKED_IN", "You're already checked in, so this registration can't be canceled.");
  }
  if (reason === "register" || reason === "checkout") throw alreadyRegistered();
  if (from === "held") {
    throw conflict("These seats are waiting for their payment: they are released if it does not go through.");
  }
  throw conflict(REFUSED[reason] ?? `A registration cannot go from ${from} to ${to} (${reason}).`);
}

/** The state a stored row is in. */
export const stateOf = (row: { status: RegistrationStatus; checkedInAt: Date | null } | null | undefined) =>
  !row ? "none" : row.status === "going" && row.checkedInAt ? "checked_in" : row.status;

/** The stored status for a state (`checked_in` is stored as going with a check-in time). */
export const statusOf = (state: Exclude<RegistrationState, "none">): RegistrationStatus =>
  state === "checked_in" ? "going" : state;
