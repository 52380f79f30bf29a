import { expect, test } from "bun:test";
import { FIXTURE_SERVICES, measured, runServerMatrix } from "./server-mode-run.ts";

// Fixture (b) answering 304 after a 20 ms wait: at concurrency 10 about 500 requests/s. A 304 succeeds by default
// (200–399), so the path sizes `ok` with a ceiling, and every step counts its answers as 3xx with no failures.
test(
  "server mode: a path answering 304 sizes ok, its answers counted as 3xx",
  async () => {
    const records = await runServerMatrix([
      `service: { build: { context: ${FIXTURE_SERVICES} }, port: 8080, readyPath: /health, command: [sleep.ts], env: { SLEEP_MS: "20" } }`,
      "defaults: { warmupSeconds: 1, stepSeconds: 1, repetitions: 1, sloP99Ms: 100, timeoutSeconds: 120 }",
      "axes: { cpus: [1], memory: [256Mi], smol: [false], concurrency: [10] }",
      "scenarios: { revalidate: { request: { path: /not-modified } } }",
      "cloudRun: { targetPerSec: 100, billing: request }",
    ]);
    const record = records[0];
    const cell = record ? measured(record) : null;
    const steps = record?.repetitions.find((r) => r.result)?.result?.steps ?? [];
    const answered = steps.map((s) => ({
      status3xx: s.causes?.status3xx ?? 0,
      other: (s.causes?.status2xx ?? 0) + (s.causes?.status4xx ?? 0) + (s.causes?.status5xx ?? 0),
    }));
    expect({ status: cell?.status, ceiling: (cell?.ceilingPerSec ?? 0) > 200 }).toEqual({
      status: "ok",
      ceiling: true,
    });
    expect(steps.length).toBeGreaterThan(2);
    expect(answered.every((a) => a.status3xx > 0 && a.other === 0)).toBe(true);
  },
  { timeout: 900_000 },
);
