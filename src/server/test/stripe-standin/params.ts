import qs from "qs";
import { invalidRequest, missingParam, unknownParam } from "./errors.ts";

/** A request's parameters as Stripe reads them: bracketed form keys made into nested objects. */
export type Params = Record<string, unknown>;

/** Stripe's own form encoding (`line_items[0][price_data][currency]=eur`), the same in bodies and queries. */
export function parseParams(encoded: string): Params {
  return qs.parse(encoded, { arrayLimit: 250, depth: 10, parameterLimit: 5_000, allowDots: false }) as Params;
}

/** Refuses any parameter the endpoint does not take, as Stripe does (a typo fails loudly). */
export function allowOnly(params: Params, names: readonly string[], prefix = ""): void {
  for (const key of Object.keys(params)) {
    if (key !== "expand" && !names.includes(key)) throw unknownParam(prefix ? `${prefix}[${key}]` : key);
  }
}

const label = (prefix: string, name: string) => (prefix ? `${prefix}[${name}]` : name);

export function optionalString(params: Params, name: string, prefix = "", max = 5_000): string | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string")
    throw invalidRequest(`Invalid string: ${label(prefix, name)}`, label(prefix, name));
  if (value.length > max) {
    throw invalidRequest(`${label(prefix, name)} must be at most ${max} characters`, label(prefix, name));
  }
  return value;
}

export function requiredString(params: Params, name: string, prefix = "", max = 5_000): string {
  const value = optionalString(params, name, prefix, max);
  if (value === undefined) throw missingParam(label(prefix, name));
  return value;
}

export function optionalInteger(
  params: Params,
  name: string,
  bounds: { min?: number; max?: number } = {},
  prefix = "",
): number | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  const field = label(prefix, name);
  if (typeof value !== "string" || !/^-?\d{1,15}$/.test(value))
    throw invalidRequest(`Invalid integer: ${value}`, field);
  const number = Number(value);
  if (bounds.min !== undefined && number < bounds.min) {
    throw invalidRequest(`This value must be greater than or equal to ${bounds.min}.`, field);
  }
  if (bounds.max !== undefined && number > bounds.max) {
    throw invalidRequest(`This value must be less than or equal to ${bounds.max}.`, field);
  }
  return number;
}

export function optionalBoolean(params: Params, name: string, prefix = ""): boolean | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  throw invalidRequest(`Invalid boolean: ${String(value)}`, label(prefix, name));
}

export function oneOf<T extends string>(
  params: Params,
  name: string,
  values: readonly T[],
  fallback: T,
  prefix = "",
): T {
  const value = optionalString(params, name, prefix);
  if (value === undefined) return fallback;
  if (!(values as readonly string[]).includes(value)) {
    throw invalidRequest(
      `Invalid ${label(prefix, name)}: must be one of ${values.join(", ")}`,
      label(prefix, name),
    );
  }
  return value as T;
}

export function optionalObject(params: Params, name: string, prefix = ""): Params | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalidRequest(`Invalid object: ${label(prefix, name)}`, label(prefix, name));
  }
  return value as Params;
}

/** `a[0]=…&a[1]=…` as an array, in index order. */
export function optionalArray(params: Params, name: string, prefix = ""): Params[] | undefined {
  const value = params[name];
  if (value === undefined || value === "") return undefined;
  const items = Array.isArray(value)
    ? value
    : typeof value === "object" && value !== null && Object.keys(value).every((k) => /^\d+$/.test(k))
      ? Object.entries(value)
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([, item]) => item)
      : null;
  if (!items || items.some((item) => typeof item !== "object" || item === null)) {
    throw invalidRequest(`Invalid array: ${label(prefix, name)}`, label(prefix, name));
  }
  return items as Params[];
}

/** Stripe's limits on metadata: 50 keys, keys up to 40 characters, values up to 500. */
export function metadataParam(params: Params, name = "metadata", prefix = ""): Record<string, string> {
  const value = optionalObject(params, name, prefix) ?? {};
  const field = label(prefix, name);
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalidRequest("Metadata can have at most 50 keys.", field);
  for (const [key, item] of entries) {
    if (typeof item !== "string" || key.length > 40 || item.length > 500) {
      throw invalidRequest(
        `Invalid metadata ${key}: keys up to 40 characters, string values up to 500`,
        `${field}[${key}]`,
      );
    }
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The `expand[]` paths of a request. */
export function expandPaths(params: Params): string[] {
  return stringList(params, "expand");
}

/** `name[]=a&name[]=b` (or one `name=a`) as a list of strings. */
export function stringList(params: Params, name: string): string[] {
  const value = params[name];
  if (value === undefined) return [];
  const list = Array.isArray(value)
    ? value
    : typeof value === "object" && value
      ? Object.values(value)
      : [value];
  return list.filter((item): item is string => typeof item === "string");
}
