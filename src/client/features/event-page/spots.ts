import { countOf } from "#client/lib/plural.ts";
import type { PublicEvent } from "./api/event-page-queries.ts";

export type Availability = { kind: "open" | "waitlist" | "full"; text: string | null };

type Counts = Pick<PublicEvent, "spotsLeft" | "waitlistEnabled">;

/** "12 spots left", "Waitlist open" or "Full"; no text while seats are unlimited. */
export function availability({ spotsLeft, waitlistEnabled }: Counts): Availability {
  if (spotsLeft === null || spotsLeft === undefined) return { kind: "open", text: null };
  if (spotsLeft > 0)
    return { kind: "open", text: `${countOf(spotsLeft, { one: "spot", other: "spots" })} left` };
  return waitlistEnabled ? { kind: "waitlist", text: "Waitlist open" } : { kind: "full", text: "Full" };
}

export function goingText(count: number): string {
  return `${count.toLocaleString("en-US")} going`;
}
