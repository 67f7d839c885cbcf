import { describe, expect, it } from "vitest";
import {
  CAPABILITIES,
  capabilitiesOf,
  capabilityEnumName,
  capabilityToManage,
  ROLES,
  roleCan,
} from "./capabilities.ts";

describe("role → capability table", () => {
  it("gives the owner everything, including deleting and handing over the community", () => {
    expect(capabilitiesOf("owner")).toEqual([...CAPABILITIES]);
  });

  it("gives admins everything else: settings, members, payments, agents and all organizers do", () => {
    expect(capabilitiesOf("admin")).toEqual([
      "community.view",
      "community.edit",
      "members.view",
      "members.manage",
      "events.manage",
      "registrations.manage",
      "checkin",
      "payments.manage",
      "agents.manage",
      "insights.view",
      "insights.revenue",
    ]);
    expect(roleCan("admin", "community.delete")).toBe(false);
    expect(roleCan("admin", "members.manage_admins")).toBe(false);
    expect(roleCan("admin", "community.transfer")).toBe(false);
    // Where the community's money goes is the owner's to choose, as is its Stripe dashboard.
    expect(roleCan("admin", "payments.connect")).toBe(false);
  });

  it("lets organizers run events, registrations and check-in and read members", () => {
    expect(capabilitiesOf("organizer")).toEqual([
      "community.view",
      "members.view",
      "events.manage",
      "registrations.manage",
      "checkin",
      "insights.view",
    ]);
    for (const capability of [
      "community.edit",
      "members.manage",
      "payments.manage",
      "agents.manage",
      "insights.revenue",
    ] as const) {
      expect(roleCan("organizer", capability)).toBe(false);
    }
  });

  it("lets members see the community and nothing more", () => {
    expect(capabilitiesOf("member")).toEqual(["community.view"]);
    expect(roleCan("member", "insights.view")).toBe(false);
  });

  it("grants every capability to someone and each role what the role below it has", () => {
    for (const capability of CAPABILITIES) expect(roleCan("owner", capability)).toBe(true);
    const [owner, admin, organizer, member] = ROLES.map((role) => new Set(capabilitiesOf(role)));
    expect([...(member ?? [])].every((c) => organizer?.has(c))).toBe(true);
    expect([...(organizer ?? [])].every((c) => admin?.has(c))).toBe(true);
    expect([...(admin ?? [])].every((c) => owner?.has(c))).toBe(true);
  });

  it("names each capability for GraphQL without clashes", () => {
    expect(capabilityEnumName("registrations.manage")).toBe("REGISTRATIONS_MANAGE");
    expect(new Set(CAPABILITIES.map(capabilityEnumName)).size).toBe(CAPABILITIES.length);
  });
});

describe("who manages whom", () => {
  it("keeps admins to the owner, organizers and members to admins too, and the owner to no one", () => {
    expect(capabilityToManage("owner")).toBeNull();
    expect(capabilityToManage("admin")).toBe("members.manage_admins");
    expect(capabilityToManage("organizer")).toBe("members.manage");
    expect(capabilityToManage("member")).toBe("members.manage");
  });
});
