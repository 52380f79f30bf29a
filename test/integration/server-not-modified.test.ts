import { expect, test } from "bun:test";
import { FIXTURE_SERVICES, measured, runServerMatrix } from "./server-mode-run.ts";

// Fixture (b) answering 304 after a 20 ms wait: at concurrency 2 about 100 requests/s, light for a busy host. A 304
// succeeds by default (200–399), so the path sizes `ok` with a ceiling, every step's answers counted as 3xx.
test(
  "server mode: a path answering 304 sizes ok, its answers counted as 3xx with no failures",
  async () => {
    const records = await runServerMatrix([
      `service: { build: { context: ${FIXTURE_SERVICES} }, port: 8080, readyPath: /health, command: [sleep.ts], env: { SLEEP_MS: "20" }, concurrencySearch: false }`,
      "defaults: { warmupSeconds: 0, stepSeconds: 0.5, repetitions: 1, sloP99Ms: 100, timeoutSeconds: 120 }",
      "axes: { cpus: [1], memory: [256Mi], smol: [false], concurrency: [2] }",
      "scenarios: { revalidate: { request: { path: /not-modified } } }",
      "cloudRun: { targetPerSec: 50, billing: request }",
    ]);
    const record = records[0];
    const result = record?.repetitions.find((r) => r.result)?.result ?? null;
    const steps = result?.steps ?? [];
    const figures = {
      ...(record ? measured(record) : {}),
      ceilingPerSec: result?.ceiling?.ceilingPerSec ?? null,
      steps: steps.map((s) => ({
        offeredPerSec: Math.round(s.offeredPerSec),
        errors: s.errors,
        causes: s.causes,
      })),
    };
    console.error("server-not-modified:", JSON.stringify(figures));
    // A confirmed ceiling of ~100/s from 304 answers: were they errors, no step could pass.
    expect((figures.ceilingPerSec ?? 0) > 60).toBe(true);
    expect(steps.length).toBeGreaterThan(2);
    expect(steps.every((s) => s.causes !== undefined && s.causes !== null && s.causes.status3xx > 0)).toBe(
      true,
    );
    expect(
      steps.every(
        (s) => (s.causes?.status2xx ?? 0) + (s.causes?.status4xx ?? 0) + (s.causes?.status5xx ?? 0) === 0,
      ),
    ).toBe(true);
    // ok; on a host busy with other work the runner may instead flag the measured ceiling as the host's.
    if (record?.status !== "ok")
      expect({ status: record?.status, message: record?.message }).toMatchObject({
        status: "exceeds-host",
        message: expect.stringMatching(/host|generator/),
      });
  },
  { timeout: 900_000 },
);
