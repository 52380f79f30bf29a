import type { MatrixCase } from "./matrix-case.ts";
import { VALID_MATRIX } from "./matrix-text.ts";

/** Malformed cloudRun sizing targets. */
export function cloudRunCases(): MatrixCase[] {
  const bad = [
    "targetPerSec: -1",
    "targetPerSec: .inf",
    "utilizationTarget: 2",
    "billing: x",
    "bogus: 1",
    "concurrency: 0",
    "regionTier: 3",
    "prices: { tier3: {} }",
    "maxInstances: 0.5",
    "minInstances: -1",
    "targetPerSec: 0x100",
  ];
  // Found by a corpus run from outside the project: both were accepted; each must name its field.
  const named: Array<[string, string]> = [
    ["minInstances: 5, maxInstances: 2", "cloudRun.minInstances"],
    ["targetPerSec: 1e300", "cloudRun.targetPerSec"],
    ['day: [{ at: "09:00", perSec: 1 }, { at: "08:00", perSec: 2 }]', "cloudRun.day[1].at"],
    ['day: [{ at: "25:00", perSec: 1 }]', "cloudRun.day[0].at"],
    ['day: [{ at: "09:00", perSec: -1 }]', "cloudRun.day[0].perSec"],
    ['day: [{ at: "09:00" }]', "cloudRun.day[0].perSec"],
    ["day: []", "cloudRun.day"],
    ["idleMinutes: -1", "cloudRun.idleMinutes"],
    ["idleMinutes: 1.5", "cloudRun.idleMinutes"],
    ["maxColdStartExposure: 2", "cloudRun.maxColdStartExposure"],
  ];
  return [
    ...bad.map((field) => ({
      name: `cloudRun ${field}`,
      text: `${VALID_MATRIX}cloudRun: { ${field} }\n`,
      mentions: ["cloudRun"],
    })),
    ...named.map(([fields, path]) => ({
      name: `cloudRun ${fields}`,
      text: `${VALID_MATRIX}cloudRun: { ${fields} }\n`,
      mentions: [path],
    })),
  ];
}
