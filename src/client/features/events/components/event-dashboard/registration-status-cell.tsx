import { Badge } from "#client/components/ui/badge.tsx";
import {
  REGISTRATION_STATUS_BADGE,
  REGISTRATION_STATUS_LABEL,
} from "#client/features/events/event-labels.ts";
import type { EventRegistrationsQuery } from "#client/gql/graphql.ts";
import { formatDateTime } from "#shared/event-time-format.ts";

type Row = Pick<
  EventRegistrationsQuery["eventRegistrations"]["nodes"][number],
  "status" | "waitlistPosition" | "holdExpiresAt"
>;

/**
 * A registration's status for the organizer, with what comes next: the place in line, or until
 * when held seats wait for their payment (in the event's time, as the offer mail says it).
 */
export function RegistrationStatusCell({ row, timeZone }: { row: Row; timeZone: string }) {
  return (
    <>
      <Badge variant={REGISTRATION_STATUS_BADGE[row.status]}>{REGISTRATION_STATUS_LABEL[row.status]}</Badge>
      {row.status === "WAITLISTED" && row.waitlistPosition ? (
        <div className="mt-1 text-xs text-muted-foreground">#{row.waitlistPosition} in line</div>
      ) : null}
      {row.status === "HELD" && row.holdExpiresAt ? (
        <div className="mt-1 text-xs text-muted-foreground">
          Held until <time dateTime={row.holdExpiresAt}>{formatDateTime(row.holdExpiresAt, timeZone)}</time>
        </div>
      ) : null}
    </>
  );
}
