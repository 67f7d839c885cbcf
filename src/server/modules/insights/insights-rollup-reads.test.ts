import { describe, expect, it } from "vitest";
import { bucketOf, bucketsOf, sourceOf } from "./insights-rollup-reads.ts";

describe("insights buckets", () => {
  it("names weeks by their Monday and cuts the first and last to the period", () => {
    expect(bucketsOf("week", "2027-03-24", "2027-04-06")).toEqual([
      { bucket: "2027-03-22", from: "2027-03-24", to: "2027-03-28", whole: false },
      { bucket: "2027-03-29", from: "2027-03-29", to: "2027-04-04", whole: true },
      { bucket: "2027-04-05", from: "2027-04-05", to: "2027-04-06", whole: false },
    ]);
  });

  it("walks months across a year's end and February", () => {
    expect(bucketsOf("month", "2027-12-15", "2028-03-01").map((b) => [b.bucket, b.from, b.to])).toEqual([
      ["2027-12-01", "2027-12-15", "2027-12-31"],
      ["2028-01-01", "2028-01-01", "2028-01-31"],
      ["2028-02-01", "2028-02-01", "2028-02-29"],
      ["2028-03-01", "2028-03-01", "2028-03-01"],
    ]);
  });

  it("puts a Sunday in the week that began the Monday before", () => {
    expect(bucketOf("week", "2027-03-28")).toBe("2027-03-22");
    expect(bucketOf("week", "2027-03-29")).toBe("2027-03-29");
    expect(bucketsOf("day", "2027-03-27", "2027-03-29").map((b) => b.bucket)).toEqual([
      "2027-03-27",
      "2027-03-28",
      "2027-03-29",
    ]);
  });

  it("reads a shared link's ref and counts anything unknown as unknown", () => {
    expect(sourceOf("link:newsletter")).toEqual({ kind: "link", ref: "newsletter" });
    expect(sourceOf("event_page")).toEqual({ kind: "event_page", ref: null });
    expect(sourceOf("carrier-pigeon")).toEqual({ kind: "unknown", ref: null });
  });
});
