import { describe, expect, it } from "vitest";
import { eventReach } from "./event-sharing.policy.ts";

describe("how far an event travels", () => {
  it("lists published public events of public communities, and indexes canceled ones without listing them", () => {
    expect(eventReach({ status: "published", visibility: "public" }, "public")).toEqual({
      preview: true,
      index: true,
      sitemap: true,
    });
    expect(eventReach({ status: "canceled", visibility: "public" }, "public")).toEqual({
      preview: true,
      index: true,
      sitemap: false,
    });
  });

  it("previews an unlisted event where its link is posted, never for search engines", () => {
    expect(eventReach({ status: "published", visibility: "unlisted" }, "public")).toEqual({
      preview: true,
      index: false,
      sitemap: false,
    });
  });

  it("shows nothing of drafts, members-only events or a private community's events", () => {
    const none = { preview: false, index: false, sitemap: false };
    expect(eventReach({ status: "draft", visibility: "public" }, "public")).toEqual(none);
    expect(eventReach({ status: "published", visibility: "members" }, "public")).toEqual(none);
    expect(eventReach({ status: "published", visibility: "public" }, "private")).toEqual(none);
  });
});
