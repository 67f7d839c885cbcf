import type { RegistrationStatus } from "#client/gql/graphql.ts";

type Tone = "success" | "default" | "secondary" | "destructive" | "outline";

export function statusLabel(status: RegistrationStatus, waitlistPosition?: number | null): string {
  switch (status) {
    case "GOING":
      return "Going";
    case "WAITLISTED":
      return waitlistPosition ? `Waitlist #${waitlistPosition}` : "Waitlisted";
    case "PENDING":
      return "Awaiting approval";
    case "HELD":
      return "Awaiting payment";
    case "DECLINED":
      return "Declined";
    case "CANCELED":
      return "Canceled";
  }
}

export function statusTone(status: RegistrationStatus): Tone {
  switch (status) {
    case "GOING":
      return "success";
    case "WAITLISTED":
    case "PENDING":
    case "HELD":
      return "default";
    case "DECLINED":
      return "destructive";
    case "CANCELED":
      return "outline";
  }
}
