import { afterEach, describe, expect, it } from "vitest";
import { joinOrigin, noteLeavingCommunityPage, registrationOrigin, rememberRef } from "./origin.ts";

afterEach(() => window.sessionStorage.clear());

describe("where a registration says it came from", () => {
  it("an event opened directly is the event page", () => {
    expect(registrationOrigin("ev1")).toBe("event_page");
  });

  it("an event opened from a community's page is the community page, for the rest of the session", () => {
    noteLeavingCommunityPage("/e/ev1");
    noteLeavingCommunityPage("/c/another-community");
    noteLeavingCommunityPage("/me");
    expect(registrationOrigin("ev1")).toBe("community_page");
    expect(registrationOrigin("ev2")).toBe("event_page");
  });

  it("a shared link's ref wins over both and is kept for the session, cleaned", () => {
    rememberRef("?utm_source=Newsletter");
    noteLeavingCommunityPage("/e/ev1");
    expect(registrationOrigin("ev1")).toBe("link:newsletter");
    expect(registrationOrigin("ev2")).toBe("link:newsletter");
    expect(joinOrigin()).toBe("link:newsletter");
    rememberRef("");
    expect(joinOrigin()).toBe("link:newsletter");
    rememberRef("?ref=flyer");
    expect(joinOrigin()).toBe("link:flyer");
  });

  it("a ref that is not usable is not kept, and a join without one is the community page", () => {
    rememberRef("?ref=%3Cscript%3E");
    expect(joinOrigin()).toBe("community_page");
    window.sessionStorage.setItem("commons:ref", "edited by hand");
    expect(joinOrigin()).toBe("community_page");
  });
});
