import type { ReactNode } from "react";
import type { ViewerRegistration } from "#client/features/event-page/api/event-page-queries.ts";

/**
 * What the route composes into the event page from other features: sign-in (auth) and the
 * check-in code and cancel action (registrations).
 */
export type EventPageSlots = {
  isSignedIn: boolean;
  /** `onSignedIn` runs once the person is signed in and named; registering then continues. */
  renderSignIn: (handlers: { onSignedIn: () => Promise<void>; onCancel: () => void }) => ReactNode;
  renderTicket: (checkInCode: string) => ReactNode;
  renderCancel: (registration: ViewerRegistration) => ReactNode;
  onRegistered?: () => Promise<unknown>;
};
