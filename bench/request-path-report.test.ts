import { describe, expect, it } from "vitest";
import { formatLadder, formatRatio, meetsTarget, percentile, topSelfTime } from "./request-path-report.ts";

describe("percentile", () => {
  it("takes the nearest rank of unsorted samples", () => {
    const samples = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(samples, 0.5)).toBe(5);
    expect(percentile(samples, 0.99)).toBe(10);
    expect(percentile(samples, 0.1)).toBe(1);
    expect(percentile([], 0.5)).toBe(0);
  });
});

describe("formatRatio", () => {
  it("reads as a fraction of the bare server and a percentage", () => {
    expect(formatRatio(1 / 29)).toBe("1/29 (3.4 %)");
    expect(formatRatio(0.55)).toBe("1/2 (55 %)");
    expect(formatRatio(1)).toBe("1.00x (100 %)");
    expect(formatRatio(0)).toBe("0");
  });
});

describe("meetsTarget", () => {
  it("needs the ratio and, when set, the p99", () => {
    const overview = { minRatio: 1 / 16, maxP99Ms: 15 };
    expect(meetsTarget(overview, { ratio: 1 / 10, p99Ms: 12 })).toBe(true);
    expect(meetsTarget(overview, { ratio: 1 / 10, p99Ms: 16 })).toBe(false);
    expect(meetsTarget(overview, { ratio: 1 / 20, p99Ms: 5 })).toBe(false);
    expect(meetsTarget({ minRatio: 1 / 6 }, { ratio: 1 / 6, p99Ms: 500 })).toBe(true);
  });
});

describe("formatLadder", () => {
  it("marks a target as PASS or MISS beside the ratio", () => {
    const lines = formatLadder([
      {
        name: "bare",
        requestsPerSecond: 20000,
        p50Ms: 0.4,
        p99Ms: 1.2,
        ratio: 1,
        statementsPerRequest: null,
        errors: 0,
      },
      {
        name: "viewer",
        requestsPerSecond: 4000,
        p50Ms: 2,
        p99Ms: 6,
        ratio: 0.2,
        statementsPerRequest: 0,
        errors: 0,
        target: { minRatio: 1 / 6 },
      },
      {
        name: "overview",
        requestsPerSecond: 1000,
        p50Ms: 8,
        p99Ms: 20,
        ratio: 0.05,
        statementsPerRequest: 3,
        errors: 2,
        target: { minRatio: 1 / 16, maxP99Ms: 15 },
      },
    ]);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(/viewer .* 1\/5 \(20 %\) .* >= 1\/6 PASS$/);
    expect(lines[3]).toMatch(/overview .* >= 1\/16, p99 <= 15 ms MISS; 2 non-2xx\/errors$/);
  });
});

describe("topSelfTime", () => {
  const frame = (functionName: string, lineNumber: number) => ({
    functionName,
    url: "file:///app/x.ts",
    lineNumber,
  });
  const profile = {
    startTime: 1_000,
    nodes: [
      { id: 1, callFrame: { functionName: "(root)", url: "", lineNumber: -1 } },
      { id: 2, callFrame: frame("parse", 9) },
      { id: 3, callFrame: frame("validate", 19) },
      { id: 4, callFrame: { functionName: "(idle)", url: "", lineNumber: -1 } },
      { id: 5, callFrame: frame("parse", 9) },
    ],
    // Each sample lasts until the next: parse 3 ms (two nodes merged), validate 1 ms, idle left out.
    samples: [2, 3, 5, 2, 4, 1],
    timeDeltas: [0, 1_000, 1_000, 1_000, 1_000, 5_000],
  };

  it("merges a function's nodes and ranks by self time, without idle", () => {
    const { busyMs, top } = topSelfTime(profile, 2, { shortenUrl: (url) => url.replace("file:///app/", "") });
    expect(busyMs).toBe(4);
    expect(top).toEqual([
      { name: "parse", location: "x.ts:10", selfMs: 3, share: 0.75 },
      { name: "validate", location: "x.ts:20", selfMs: 1, share: 0.25 },
    ]);
  });

  it("counts only samples inside the window", () => {
    const { top } = topSelfTime(profile, 5, { window: { fromUs: 2_500, toUs: 4_500 } });
    expect(top.map((entry) => [entry.name, entry.selfMs])).toEqual([["parse", 2]]);
  });
});
