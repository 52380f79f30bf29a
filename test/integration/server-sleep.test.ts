import { expect, test } from "bun:test";
import { CloudRunSettings } from "../../runner/config/cloud-run-settings.ts";
import { terminalTables } from "../../runner/report/report-terminal.ts";
import { buildSizingReport } from "../../runner/sizing/build-sizing-report.ts";
import { FIXTURE_SERVICES, measured, runServerMatrix } from "./server-mode-run.ts";

// Fixture (b): each request waits 20 ms with almost no CPU, so at concurrency C an instance carries 50 x C
// requests/s whatever its CPUs (Little's law). Concurrency 10 at 0.5 and 2 vCPU (the ends: 1 vCPU adds ~12 s and no
// claim; calibrate-loopback runs that cell); concurrency 50 at 1 vCPU.
const SLEEP_MS = 20;
const TOLERANCE = 0.1;

test(
  "server mode: a 20 ms wait per request carries ~50 x concurrency requests/s, whatever the CPUs",
  async () => {
    const records = await runServerMatrix([
      `service: { build: { context: ${FIXTURE_SERVICES} }, port: 8080, readyPath: /health, command: [sleep.ts], env: { SLEEP_MS: "${SLEEP_MS}" }, concurrencySearch: false }`,
      "defaults: { warmupSeconds: 0, stepSeconds: 0.5, repetitions: 1, sloP99Ms: 100, timeoutSeconds: 120 }",
      // 2 vCPU pinned needs a third core (one for the generator): on a 2-core host it runs in the shared view.
      "axes: { cpus: [0.5], memory: [256Mi], smol: [false], concurrency: [10] }",
      "include: [{ cpus: 1, concurrency: 50 }, { cpus: 2, cpuView: shared }]",
      "scenarios: { wait: { request: { path: /wait } } }",
      "cloudRun: { targetPerSec: 1000, billing: request }",
    ]);
    expect(records.map((r) => r.cell.id).sort()).toEqual([
      "wait__cpu0.5__mem256Mi__smol0__conc10",
      "wait__cpu1__mem256Mi__smol0__conc50",
      "wait__cpu2__mem256Mi__smol0__conc10__shared",
    ]);
    // Every cell's figures in one assertion, so a failure shows all of them.
    const cells = records.map((record) => {
      const cell = measured(record);
      const expected = ((record.cell.concurrency ?? 0) * 1000) / SLEEP_MS;
      // Paced by waits, below its CPU quota, with a punctual generator: the service's own ceiling, never flagged.
      const ok = record.status === "ok" && Math.abs((cell.ceilingPerSec ?? 0) / expected - 1) <= TOLERANCE;
      return { ...cell, expected, withinTolerance: ok };
    });
    expect(cells).toEqual(cells.map((cell) => ({ ...cell, withinTolerance: true })));
  },
  { timeout: 900_000, retry: 1 },
);

test(
  "the 20 ms wait at concurrency 80: the concurrency rule sets the count, and the concurrency search sets a higher --concurrency",
  async () => {
    const records = await runServerMatrix([
      `service: { build: { context: ${FIXTURE_SERVICES} }, port: 8080, readyPath: /health, command: [sleep.ts], env: { SLEEP_MS: "${SLEEP_MS}" } }`,
      "defaults: { warmupSeconds: 0, stepSeconds: 0.5, repetitions: 1, sloP99Ms: 100, timeoutSeconds: 120 }",
      "axes: { cpus: [1], memory: [256Mi], smol: [false], concurrency: [80] }",
      "scenarios: { wait: { request: { path: /wait } } }",
    ]);
    const settings = CloudRunSettings.parse({ targetPerSec: 10_000, billing: "request" });
    const report = buildSizingReport(records, { runId: "concurrency-search", settings });
    const cell = report.scenarios[0]?.cells[0];
    const search = cell?.concurrencySearch;
    const figures = {
      status: cell?.status,
      message: cell?.message,
      ceiling: cell?.planningCeilingPerSec,
      driver: cell?.scalingDriver,
      rates: cell?.driverRates,
      trials: search?.trials.map((t) => [
        t.concurrency,
        t.ceilingPerSec,
        t.cpuCoresAtCeiling,
        t.driver,
        t.doubt,
      ]),
      note: search?.note,
      recommended: search?.recommended,
    };
    // At 80 in flight the cap, not the CPU, set the ceiling (80 ÷ 20 ms = 4,000/s): Cloud Run's concurrency rule
    // (48 in flight at 2,400/s) sets the count at 10,000/s, and the plan says so.
    expect(figures.driver, JSON.stringify(figures)).toBe("concurrency");
    expect(report.scenarios[0]?.recommendation?.scalingDriver).toBe("concurrency");
    expect(terminalTables(report)).toContain("× 5 (Cloud Run's concurrency rule binds)");
    // The search tried 160 and more, the service stayed under its CPU quota there, and a higher one is recommended.
    expect(search?.trials[0]?.concurrency).toBe(80);
    expect(search?.trials[1]?.concurrency).toBe(160);
    const chosen = search?.trials.find((t) => t.concurrency === search.recommended);
    expect(search?.recommended ?? 0, JSON.stringify(figures)).toBeGreaterThan(80);
    expect(chosen?.cpuCoresAtCeiling ?? 1, JSON.stringify(figures)).toBeLessThan(0.8);
    expect(chosen?.ceilingPerSec ?? 0).toBeGreaterThan((search?.trials[0]?.ceilingPerSec ?? 0) * 1.05);
    // The gcloud line and the Little's law note carry it, marked measured.
    expect(report.scenarios[0]?.recommendation?.gcloud).toContain(`--concurrency ${search?.recommended}`);
    expect(report.serviceRecommendation?.gcloud).toContain(`--concurrency ${search?.recommended}`);
    expect(report.scenarios[0]?.findings.join("\n")).toContain(
      `Set --concurrency ${search?.recommended} (measured`,
    );
  },
  { timeout: 900_000, retry: 1 },
);
