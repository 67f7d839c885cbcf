import { ArrowDownRightIcon, ArrowRightIcon, ArrowUpRightIcon } from "lucide-react";
import { formatCount, formatShare } from "#client/components/charts/chart-format.ts";
import { Card } from "#client/components/ui/card.tsx";
import { formatPrice } from "#client/lib/money.ts";
import type { InsightsFigures } from "../api/insights-queries.ts";

/** Whether a rise is good news (more members) or bad (more people leaving, more no-shows). */
type Tone = "up-is-good" | "up-is-bad";

type Change =
  | { kind: "none" }
  | { kind: "no-rate" }
  | { kind: "new" }
  | { kind: "relative"; ratio: number }
  | { kind: "points"; points: number };

/** The change of a count or an amount against the previous period, as a share of what it was. */
export function countChange(value: number, previous: number | null): Change {
  if (previous === null) return { kind: "none" };
  if (previous === 0) return value === 0 ? { kind: "relative", ratio: 0 } : { kind: "new" };
  return { kind: "relative", ratio: (value - previous) / Math.abs(previous) };
}

/** The change of a rate, in percentage points: 40% → 50% is "+10 pts", not "+25%". */
export function rateChange(value: number | null, previous: number | null, hasPreviousPeriod = true): Change {
  if (!hasPreviousPeriod) return { kind: "none" };
  // A rate is null when no event ended in its period: the periods exist but cannot be compared.
  if (value === null || previous === null) return { kind: "no-rate" };
  return { kind: "points", points: Math.round((value - previous) * 100) };
}

function changeText(change: Change): { visible: string; spoken: string; direction: -1 | 0 | 1 } {
  switch (change.kind) {
    case "none":
      return { visible: "", spoken: "", direction: 0 };
    case "no-rate":
      return { visible: "", spoken: "", direction: 0 };
    case "new":
      return { visible: "New", spoken: "none in the previous period", direction: 1 };
    case "relative": {
      const rounded = Math.round(change.ratio * 100) / 100;
      const direction = rounded > 0 ? 1 : rounded < 0 ? -1 : 0;
      const share = formatShare(Math.abs(rounded));
      const visible = direction === 0 ? "0%" : `${direction > 0 ? "+" : "−"}${share}`;
      const spoken =
        direction === 0
          ? "unchanged from the previous period"
          : `${direction > 0 ? "up" : "down"} ${share} from the previous period`;
      return { visible, spoken, direction };
    }
    case "points": {
      const direction = change.points > 0 ? 1 : change.points < 0 ? -1 : 0;
      const points = formatCount(Math.abs(change.points));
      const visible = direction === 0 ? "±0 pts" : `${direction > 0 ? "+" : "−"}${points} pts`;
      const spoken =
        direction === 0
          ? "unchanged from the previous period"
          : `${direction > 0 ? "up" : "down"} ${points} percentage points from the previous period`;
      return { visible, spoken, direction };
    }
  }
}

function ChangeBadge({ change, tone }: { change: Change; tone: Tone }) {
  const { visible, spoken, direction } = changeText(change);
  if (change.kind === "no-rate") {
    return <span className="text-xs text-muted-foreground">No events held to compare</span>;
  }
  if (!visible) return <span className="text-xs text-muted-foreground">No earlier period</span>;
  const good = direction === 0 ? null : direction > 0 === (tone === "up-is-good");
  const Icon = direction > 0 ? ArrowUpRightIcon : direction < 0 ? ArrowDownRightIcon : ArrowRightIcon;
  return (
    <span
      className={`inline-flex items-center gap-0.5 text-xs font-medium ${
        good === null ? "text-muted-foreground" : good ? "text-success" : "text-destructive"
      }`}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      <span aria-hidden="true">{visible}</span>
      <span className="sr-only">{spoken}</span>
    </span>
  );
}

function Figure({
  label,
  value,
  change,
  tone = "up-is-good",
}: {
  label: string;
  value: string;
  change: Change;
  tone?: Tone;
}) {
  return (
    <Card className="grid content-start gap-1 p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="grid gap-1">
        <span className="text-xl font-semibold tabular-nums wrap-normal sm:text-2xl">{value}</span>
        <ChangeBadge change={change} tone={tone} />
      </dd>
    </Card>
  );
}

/** The period's key numbers, each with its change against the period of the same length before. */
export function HeadlineFigures({
  figures,
  hasPreviousPeriod,
}: {
  figures: InsightsFigures;
  hasPreviousPeriod: boolean;
}) {
  const count = (label: string, figure: { value: number; previous: number | null }, tone?: Tone) => (
    <Figure
      key={label}
      label={label}
      value={formatCount(figure.value)}
      change={countChange(figure.value, figure.previous)}
      tone={tone}
    />
  );
  const rate = (label: string, figure: { value: number | null; previous: number | null }, tone?: Tone) => (
    <Figure
      key={label}
      label={label}
      value={formatShare(figure.value)}
      change={rateChange(figure.value, figure.previous, hasPreviousPeriod)}
      tone={tone}
    />
  );
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5" aria-label="Key figures">
      {count("Members", figures.members)}
      {count("New members", figures.newMembers)}
      {count("Members who left", figures.membersLeft, "up-is-bad")}
      {count("Active members", figures.activeMembers)}
      {count("Events held", figures.eventsHeld)}
      {count("Registrations", figures.registrations)}
      {rate("Attendance rate", figures.attendanceRate)}
      {rate("No-show rate", figures.noShowRate, "up-is-bad")}
      {figures.revenue?.map((money) => (
        <Figure
          key={money.currency}
          label={`Revenue (${money.currency})`}
          value={formatPrice(money.netMinor, money.currency)}
          change={countChange(money.netMinor, money.previousNetMinor)}
        />
      ))}
    </dl>
  );
}
