import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { noSuchObject } from "./errors.ts";
import { expandPaths, optionalInteger, optionalObject, optionalString, type Params } from "./params.ts";

/** Who owns an object: a connected account's id, or null for the platform (the secret key's own account). */
export type Owner = string | null;

export type StripeObject = { id: string; object: string; [field: string]: unknown };

/** What made an event: the API request (with its idempotency key), or null for the dashboard and Stripe itself. */
export type Cause = { requestId: string; idempotencyKey: string | null } | null;

export type RecordedEvent = { owner: Owner; event: StripeObject };

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** Every object the stand-in knows, in memory, each with the account that owns it. */
export class StandinStore {
  readonly #objects = new Map<string, { owner: Owner; value: StripeObject }>();
  readonly #order: StripeObject[] = [];
  readonly events: RecordedEvent[] = [];
  readonly now: () => Date;
  readonly #onEvent: (recorded: RecordedEvent) => void;

  constructor(now: () => Date, onEvent: (recorded: RecordedEvent) => void) {
    this.now = now;
    this.#onEvent = onEvent;
  }

  /** Unix seconds, as every Stripe timestamp. */
  seconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  /** `cs_test_…`-style ids: a prefix and 24 letters and digits. */
  id(prefix: string): string {
    const bytes = randomBytes(24);
    return `${prefix}_${[...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("")}`;
  }

  insert<T extends StripeObject>(owner: Owner, value: T): T {
    this.#objects.set(value.id, { owner, value });
    this.#order.push(value);
    return value;
  }

  find(id: string, owner: Owner, object?: string): StripeObject | undefined {
    const entry = this.#objects.get(id);
    if (!entry || entry.owner !== owner || (object && entry.value.object !== object)) return undefined;
    return entry.value;
  }

  /** The object, or Stripe's 404 naming what was asked for. */
  get(id: string, owner: Owner, object: string, param = "id"): StripeObject {
    const found = this.find(id, owner, object);
    if (!found) throw noSuchObject(object, id, param);
    return found;
  }

  ownerOf(id: string): Owner | undefined {
    return this.#objects.get(id)?.owner;
  }

  /** The owner's objects of one kind, oldest first. */
  all(owner: Owner, object: string): StripeObject[] {
    return this.#order.filter(
      (value) => value.object === object && this.#objects.get(value.id)?.owner === owner,
    );
  }

  /** Records an event with a copy of the object as it is now, and hands it to webhook delivery. */
  emit(
    owner: Owner,
    type: string,
    object: StripeObject,
    cause: Cause,
    previous?: Record<string, unknown>,
  ): StripeObject {
    const event: StripeObject = {
      id: this.id("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      created: this.seconds(),
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: cause?.requestId ?? null, idempotency_key: cause?.idempotencyKey ?? null },
      type,
      ...(owner ? { account: owner } : {}),
    };
    const recorded = { owner, event: this.insert(owner, event) };
    this.events.push(recorded);
    this.#onEvent(recorded);
    return event;
  }

  /**
   * A response body: a copy of the object with `expand[]` paths replaced by the objects they name
   * (`payment_intent.latest_charge.balance_transaction`), lists walked through `data`.
   */
  render(
    owner: Owner,
    value: StripeObject,
    params: Params,
    extra: Record<string, (v: StripeObject) => unknown> = {},
  ) {
    const copy = structuredClone(value) as Record<string, unknown>;
    for (const path of expandPaths(params)) this.#expand(owner, copy, path.split("."), extra);
    return copy;
  }

  #expand(
    owner: Owner,
    target: Record<string, unknown>,
    path: string[],
    extra: Record<string, (v: StripeObject) => unknown>,
  ): void {
    const [head, ...rest] = path;
    if (!head) return;
    if (target.object === "list" && head === "data" && Array.isArray(target.data)) {
      for (const item of target.data) this.#expand(owner, item as Record<string, unknown>, rest, extra);
      return;
    }
    const maker = extra[head];
    let value = maker && target.id ? maker(target as StripeObject) : target[head];
    if (typeof value === "string") {
      const found = this.find(value, owner);
      if (found) value = structuredClone(found);
    }
    target[head] = value;
    if (value && typeof value === "object" && rest.length > 0) {
      this.#expand(owner, value as Record<string, unknown>, rest, extra);
    }
  }

  /** Stripe's list answer, newest first: `limit`, `starting_after`, `ending_before` and `created[gte|gt|lte|lt]`. */
  list(owner: Owner, items: StripeObject[], params: Params, url: string) {
    const limit = optionalInteger(params, "limit", { min: 1, max: 100 }) ?? 10;
    // `created` is a timestamp (`created=…`) or a range (`created[gte]=…`), as in Stripe's lists.
    const ranged = typeof params.created === "object";
    const created = ranged ? optionalObject(params, "created") : undefined;
    const bound = (name: string) => (created ? optionalInteger(created, name, {}, "created") : undefined);
    const exact = ranged ? undefined : optionalInteger(params, "created");
    const [gte, gt, lte, lt] = [bound("gte"), bound("gt"), bound("lte"), bound("lt")];
    let newest = [...items].reverse().filter((item) => {
      const at = item.created as number;
      return (
        (exact === undefined || at === exact) &&
        (gte === undefined || at >= gte) &&
        (gt === undefined || at > gt) &&
        (lte === undefined || at <= lte) &&
        (lt === undefined || at < lt)
      );
    });
    const after = optionalString(params, "starting_after");
    const before = optionalString(params, "ending_before");
    let page: StripeObject[];
    let hasMore: boolean;
    if (before) {
      const at = newest.findIndex((item) => item.id === before);
      if (at < 0) throw noSuchObject("object", before, "ending_before");
      page = newest.slice(Math.max(0, at - limit), at);
      hasMore = at - limit > 0;
    } else {
      if (after) {
        const at = newest.findIndex((item) => item.id === after);
        if (at < 0) throw noSuchObject("object", after, "starting_after");
        newest = newest.slice(at + 1);
      }
      page = newest.slice(0, limit);
      hasMore = newest.length > page.length;
    }
    return {
      object: "list",
      data: page.map((item) => this.render(owner, item, { expand: expandPaths(params).flatMap(dataPath) })),
      has_more: hasMore,
      url,
    };
  }
}

/** `data.customer` in a list's expand applies to each item as `customer`. */
const dataPath = (path: string) => (path.startsWith("data.") ? [path.slice(5)] : []);
