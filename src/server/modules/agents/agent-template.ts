import Mustache from "mustache";
import { formatEventRange } from "#shared/event-time-format.ts";
import type { PlanContext } from "./agent-engine.types.ts";

// An agent's subject and body are Mustache templates: logic-less, no partials, and HTML escaping
// off because the result is Markdown, which the mail passes through the same sanitizer as every
// other Markdown (notifications.markdown.ts).

/** The fields a template may name, as the form lists them. */
export const TEMPLATE_FIELDS = [
  "member.firstName",
  "member.name",
  "community.name",
  "community.link",
  "event.title",
  "event.link",
  "event.date",
  "event.place",
  "registration.status",
  "agent.name",
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

export type TemplateView = {
  member: { firstName: string; name: string };
  community: { name: string; link: string };
  event: { title: string; link: string; date: string; place: string };
  registration: { status: string };
  agent: { name: string };
};

/** Fields that differ from one recipient to the next: filled per person when the mail is queued. */
const PER_RECIPIENT = /\{\{\s*member\.(firstName|name)\s*\}\}/g;

/** Why a template cannot be used (an unknown field, an unclosed tag), or null. */
export function templateProblem(template: string): string | null {
  let tokens: ReturnType<typeof Mustache.parse>;
  try {
    tokens = Mustache.parse(template);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  const known = new Set<string>(TEMPLATE_FIELDS);
  const walk = (list: typeof tokens): string | null => {
    for (const token of list) {
      const [type, name] = token;
      if (type === ">") return "Templates cannot include partials.";
      if ((type === "name" || type === "&" || type === "#" || type === "^") && !known.has(name))
        return `Unknown field {{${name}}}. Use one of: ${TEMPLATE_FIELDS.join(", ")}.`;
      const children = token[4];
      if (Array.isArray(children)) {
        const inner = walk(children as typeof tokens);
        if (inner) return inner;
      }
    }
    return null;
  };
  return walk(tokens);
}

const identity = (value: unknown) => String(value);

/** Renders with escaping off; unknown fields render empty, as Mustache does. */
export function renderTemplate(template: string, view: TemplateView): string {
  return Mustache.render(template, view, {}, { escape: identity });
}

/**
 * Renders everything but the member fields, which stay as `{{member.firstName}}` / `{{member.name}}`
 * for `fillRecipient` to fill once per person (several recipients share one planned step).
 */
export function renderShared(template: string, view: TemplateView): string {
  return renderTemplate(template, {
    ...view,
    member: { firstName: "{{member.firstName}}", name: "{{member.name}}" },
  });
}

/** Fills the member fields a `renderShared` text kept, by plain replacement (no second Mustache pass). */
export function fillRecipient(text: string, person: { firstName: string; name: string }): string {
  return text.replace(PER_RECIPIENT, (_match, field: string) =>
    field === "firstName" ? person.firstName : person.name,
  );
}

/** A person's first name: the first word of their name. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/** The template view of a run's context; absent parts render empty. */
export function viewOf(ctx: PlanContext): TemplateView {
  const event = ctx.event;
  return {
    member: { firstName: ctx.member?.firstName ?? "", name: ctx.member?.name ?? "" },
    community: { name: ctx.community.name, link: ctx.community.link },
    event: {
      title: event?.title ?? "",
      link: event?.link ?? "",
      date: event ? formatEventRange(event.startsAt, event.endsAt, event.timeZone, "en-US") : "",
      place: event?.place ?? "",
    },
    registration: { status: ctx.registration?.status ?? "" },
    agent: { name: ctx.agent.name },
  };
}
