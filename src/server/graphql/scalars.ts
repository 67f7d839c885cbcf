import { GraphQLError, Kind, print, type ValueNode } from "graphql";

// The custom scalars' input rules. A refusal is a GraphQLError with BAD_USER_INPUT, so whichever
// way the value came (a literal checked by validation, a variable coerced before the run) it
// reaches the client as what it is, a bad value, and never as an internal error.

/** The refusal of a scalar's input, placed at the literal when there is one. */
export function badScalar(message: string, node?: ValueNode): GraphQLError {
  return new GraphQLError(message, {
    ...(node ? { nodes: node } : {}),
    extensions: { code: "BAD_USER_INPUT" },
  });
}

/** The refused value as the client wrote it: the literal, or the variable's JSON. */
const shown = (value: unknown, node?: ValueNode) =>
  node ? print(node) : typeof value === "string" ? JSON.stringify(value) : String(value);

// RFC 3339 (ISO 8601's profile for the internet): a day, optionally a time with its offset.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?([Zz]|[+-](\d{2}):(\d{2})))?$/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A DateTime as the client sends it (`Date.prototype.toISOString`), or a day (its midnight in
 * UTC). Anything else is refused, including what `new Date` would guess at ("12", "2026-02-31").
 */
export function parseDateTime(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const parts = DATE_TIME.exec(value);
  if (!parts) return null;
  const [, year, month, day, hour, minute, second, offset, offsetHours, offsetMinutes] = parts;
  const m = Number(month);
  if (m < 1 || m > 12 || Number(day) < 1 || Number(day) > daysIn(Number(year), m)) return null;
  if (hour !== undefined && (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59))
    return null;
  if (offset && offset.length > 1 && (Number(offsetHours) > 23 || Number(offsetMinutes) > 59)) return null;
  const date = new Date(value.toUpperCase());
  return Number.isNaN(date.getTime()) ? null : date;
}

export function dateTimeInput(value: unknown, node?: ValueNode): Date {
  const date = parseDateTime(value);
  if (!date)
    throw badScalar(
      `DateTime takes an ISO 8601 date and time with its offset, such as "2026-05-01T18:30:00Z": ${shown(value, node)} is not one.`,
      node,
    );
  return date;
}

export function minorUnitsInput(value: unknown, node?: ValueNode): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value))
    throw badScalar(
      `MinorUnits takes a whole number of a currency's minor units, such as 1250 for 12.50: ${shown(value, node)} is not one.`,
      node,
    );
  return value;
}

/**
 * A JSON object as an operation's structured input (an agent's definition). Only objects: every
 * JSON input names its fields, and the service that takes it checks them.
 */
export function jsonObjectInput(value: unknown, node?: ValueNode): Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw badScalar(
      `JSON takes a JSON object, such as {"trigger": {"kind": "member_joined"}}: ${shown(value, node)} is not one.`,
      node,
    );
  return value as Record<string, unknown>;
}

/** A literal's value as the scalar's input would carry it: strings as strings, numbers as numbers. */
export function literalValue(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.BOOLEAN:
      return node.value;
    default:
      return undefined;
  }
}
