import { useId } from "react";
import { InitialsAvatar } from "#client/components/ui/initials-avatar.tsx";
import type { PublicEvent } from "#client/features/event-page/api/event-page-queries.ts";
import { goingText } from "#client/features/event-page/spots.ts";

/** "Ana, Bo and 40 others": the first names shown, then how many more are going. */
export function goingNames(names: string[], count: number): string {
  const shown = names.slice(0, 2);
  const others = Math.max(0, count - shown.length);
  if (shown.length === 0) return goingText(count);
  if (others === 0) return shown.length === 2 ? `${shown[0]} and ${shown[1]}` : `${shown[0]}`;
  return `${shown.join(", ")} and ${others.toLocaleString("en-US")} ${others === 1 ? "other" : "others"}`;
}

/** People carry no id here (visitors get names and faces only): a name and its occurrence make the key. */
function keyed<T extends { name: string }>(guests: readonly T[]) {
  const seen = new Map<string, number>();
  return guests.map((guest) => {
    const n = (seen.get(guest.name) ?? 0) + 1;
    seen.set(guest.name, n);
    return { key: `${guest.name}#${n}`, guest };
  });
}

/**
 * Who is going: faces and a count, only where the server sends the list (the organizers allow
 * it, and the event is not for members only).
 */
export function GuestList({ event }: { event: PublicEvent }) {
  const titleId = useId();
  const guests = event.guests;
  if (!guests || event.goingCount === 0) return null;
  return (
    <section aria-labelledby={titleId} className="grid content-start gap-3">
      <h2 id={titleId} className="border-b pb-2 text-sm font-medium text-muted-foreground">
        {goingText(event.goingCount)}
      </h2>
      {guests.length > 0 ? (
        <ul aria-label="People going" className="flex flex-wrap -space-x-2 rtl:space-x-reverse">
          {keyed(guests).map(({ key, guest }) => (
            <li key={key} title={guest.name}>
              <InitialsAvatar
                name={guest.name}
                imageUrl={guest.image}
                size="md"
                className="size-9 rounded-full ring-2 ring-background"
              />
              <span className="sr-only">{guest.name}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {guests.length > 0 ? (
        <p className="text-sm text-muted-foreground wrap-anywhere" dir="auto">
          {goingNames(
            guests.map((g) => g.name),
            event.goingCount,
          )}
        </p>
      ) : null}
    </section>
  );
}
