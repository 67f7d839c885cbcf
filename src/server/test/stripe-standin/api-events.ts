import type { StandinApp, StandinContext } from "./context.ts";
import { optionalString, stringList } from "./params.ts";

/** Events as the platform (or, with `Stripe-Account`, a connected account) can list them: for reconciliation. */
export function eventRoutes(app: StandinApp, ctx: StandinContext): void {
  const { store } = ctx;

  app.get("/v1/events/:id", (c) =>
    c.json(store.render(c.var.owner, store.get(c.req.param("id"), c.var.owner, "event"), c.var.params)),
  );

  app.get("/v1/events", (c) => {
    const params = c.var.params;
    const type = optionalString(params, "type");
    const types = stringList(params, "types");
    // `type` takes one trailing wildcard, as Stripe's does: `checkout.session.*`.
    const matches = (value: string) =>
      (!type || (type.endsWith(".*") ? value.startsWith(type.slice(0, -1)) : value === type)) &&
      (types.length === 0 || types.includes(value));
    const events = store.all(c.var.owner, "event").filter((event) => matches(String(event.type)));
    return c.json(store.list(c.var.owner, events, params, "/v1/events"));
  });
}
