import { describe, expect, it } from "vitest";
import { agentsLines } from "./agents.ts";
import type { AgentsMeasured } from "./agents-measure.ts";

const latencies = (p50: number, p99: number) => ({ count: 100, p50, p99, max: p99 });

const measured = (changes: Partial<AgentsMeasured> = {}): AgentsMeasured => ({
  entries: 100,
  rate: 100,
  agents: 20,
  operations: { join: 40, register: 50, cancel: 10 },
  refused: 0,
  requests: latencies(20, 80),
  inFlight: 16,
  slotWaitMs: 0,
  arrivedEntries: 100,
  handledEntries: 100,
  agentEntries: 40,
  arrivalMs: 1_000,
  windowMs: 2_000,
  drained: true,
  runs: 190,
  unfinished: 0,
  runsByStatus: { succeeded: 120, skipped: 60, awaiting_approval: 10 },
  lag: latencies(300, 1_900),
  lagByStatus: { succeeded: latencies(300, 1_900) },
  mail: { queued: 90, sent: 90, delivered: 140, welcome: latencies(400, 1_500) },
  statements: { arrival: 1_500, jobs: 6_000 },
  cpu: { nodeMs: 1_000, postgresMs: 800, wallMs: 2_000 },
  loadAverage: 1,
  cores: 2,
  seedMs: 100,
  ...changes,
});

describe("agentsLines", () => {
  it("passes a drained run whose p99 lag is within 2 s, printing the target beside each figure", () => {
    const { lines, ok } = agentsLines(measured());
    expect(ok).toBe(true);
    expect(lines).toContain("lag entry -> run end p99: 1,900 ms (target <= 2,000 ms) PASS; max 1,900 ms");
    expect(lines.find((l) => l.includes("runs/s"))).toContain("95.0 runs/s (target 190/s");
    expect(lines.find((l) => l.startsWith("runs by status"))).toBe(
      "runs by status: succeeded 63.2% (120), skipped 31.6% (60), awaiting_approval 5.3% (10)",
    );
  });

  it("fails when the p99 lag passes 2 s", () => {
    const { lines, ok } = agentsLines(measured({ lag: latencies(300, 2_001) }));
    expect(ok).toBe(false);
    expect(lines.find((l) => l.includes("p99:"))).toContain("FAIL");
  });

  it("fails when runs were still waiting as the wait ran out, whatever the lag of those that ended", () => {
    const { lines, ok } = agentsLines(
      measured({ drained: false, unfinished: 5, runsByStatus: { succeeded: 185, queued: 5 } }),
    );
    expect(ok).toBe(false);
    expect(lines.at(-1)).toMatch(/^NOT DRAINED/);
  });
});
