import { describe, expect, it } from "vitest";
import {
  fillRecipient,
  renderShared,
  renderTemplate,
  type TemplateView,
  templateProblem,
} from "./agent-template.ts";

const view: TemplateView = {
  member: { firstName: "Ada", name: "Ada Lovelace" },
  community: { name: "Makers & Co", link: "https://example.test/c/makers" },
  event: { title: "Pizza <night>", link: "https://example.test/e/1", date: "Sat", place: "Hall 1" },
  registration: { status: "going" },
  agent: { name: "Greeter" },
};

describe("agent templates", () => {
  it("fills the fields without HTML escaping: the Markdown sanitizer in the mail does that once", () => {
    expect(renderTemplate("Hi {{member.firstName}}, {{event.title}} at {{community.name}}", view)).toBe(
      "Hi Ada, Pizza <night> at Makers & Co",
    );
  });

  it("keeps the member fields for each recipient and fills them without reading the rest as a template", () => {
    const shared = renderShared("Dear {{ member.firstName }}: {{event.title}}", {
      ...view,
      event: { ...view.event, title: "{{#agent}}{{member.name}}" },
    });
    expect(shared).toBe("Dear {{member.firstName}}: {{#agent}}{{member.name}}");
    expect(fillRecipient(shared, { firstName: "Grace", name: "Grace Hopper" })).toBe(
      "Dear Grace: {{#agent}}Grace Hopper",
    );
  });

  it("names what is wrong with a template: an unknown field, a partial, an unclosed section", () => {
    expect(templateProblem("Hi {{member.firstName}} from {{agent.name}}")).toBeNull();
    expect(templateProblem("Hi {{member.email}}")).toMatch(/^Unknown field \{\{member\.email\}\}/);
    expect(templateProblem("{{> footer}}")).toBe("Templates cannot include partials.");
    expect(templateProblem("{{#event.title}}x")).toMatch(/Unclosed section/);
  });
});
