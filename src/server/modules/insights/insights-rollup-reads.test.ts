import { describe, expect, it } from "vitest";
import { cutBuckets, sourcesOf } from "./insights-rollup-reads.ts";

describe("insights buckets", () => {
  it("names weeks by their Monday and cuts the first and last to the period", () => {
    expect(cutBuckets({ granularity: "week", from: "2027-03-24", to: "2027-04-06" })).toEqual([
      { bucket: "2027-03-22", from: "2027-03-24", to: "2027-03-28", whole: false },
      { bucket: "2027-03-29", from: "2027-03-29", to: "2027-04-04", whole: true },
      { bucket: "2027-04-05", from: "2027-04-05", to: "2027-04-06", whole: false },
    ]);
  });

  it("walks months across a year's end and February", () => {
    expect(
      cutBuckets({ granularity: "month", from: "2027-12-15", to: "2028-03-01" }).map((b) => [
        b.bucket,
        b.from,
        b.to,
      ]),
    ).toEqual([
      ["2027-12-01", "2027-12-15", "2027-12-31"],
      ["2028-01-01", "2028-01-01", "2028-01-31"],
      ["2028-02-01", "2028-02-01", "2028-02-29"],
      ["2028-03-01", "2028-03-01", "2028-03-01"],
    ]);
  });

  it("puts a Sunday in the week that began the Monday before", () => {
    expect(cutBuckets({ granularity: "week", from: "2027-03-28", to: "2027-03-29" })).toEqual([
      { bucket: "2027-03-22", from: "2027-03-28", to: "2027-03-28", whole: false },
      { bucket: "2027-03-29", from: "2027-03-29", to: "2027-03-29", whole: false },
    ]);
    expect(
      cutBuckets({ granularity: "day", from: "2027-03-27", to: "2027-03-29" }).map((b) => b.bucket),
    ).toEqual(["2027-03-27", "2027-03-28", "2027-03-29"]);
  });
});

describe("insights sources", () => {
  it("reads a shared link's ref, and counts anything unreadable as one unknown source", () => {
    expect(
      sourcesOf([
        { origin: "link:newsletter", registrations: 3, joins: 1 },
        { origin: "event_page", registrations: 2, joins: 0 },
        { origin: "unknown", registrations: 1, joins: 0 },
        { origin: "carrier-pigeon", registrations: 0, joins: 1 },
        { origin: "link:Not A Ref", registrations: 1, joins: 0 },
        { origin: "community_page", registrations: 0, joins: 0 },
      ]),
    ).toEqual([
      { origin: "link:newsletter", kind: "link", ref: "newsletter", registrations: 3, joins: 1 },
      { origin: "unknown", kind: "unknown", ref: null, registrations: 2, joins: 1 },
      { origin: "event_page", kind: "event_page", ref: null, registrations: 2, joins: 0 },
    ]);
  });
});
