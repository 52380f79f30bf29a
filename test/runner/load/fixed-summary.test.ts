import { expect, test } from "bun:test";
import { GeneratorOutputError } from "../../../runner/load/bun-generator/generator-output.ts";
import { parseFixedSummary } from "../../../runner/load/fixed-summary.ts";

const line = {
  bcFixedSummary: 1,
  workload: "queue-drain",
  figures: { peakBacklogMessages: 120, drainMs: 800 },
  failures: 0,
  connectionsRequested: null,
  window: { startMs: 1, holdStartMs: null, holdEndMs: null },
};

test("parseFixedSummary: the last summary line; garbage or a malformed line is a GeneratorOutputError", () => {
  expect(parseFixedSummary(`noise\n${JSON.stringify(line)}\n`, "").figures.drainMs).toBe(800);
  expect(() => parseFixedSummary("nothing", "generator died")).toThrow(GeneratorOutputError);
  const bad = JSON.stringify({ ...line, figures: { "drain ms": 1 } });
  expect(() => parseFixedSummary(bad, "")).toThrow(/malformed/);
});
