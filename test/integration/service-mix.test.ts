import { expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sizeRunDir } from "../../runner/report/size-run-dir.ts";
import { runMatrix } from "./run-matrix.ts";
import { FIXTURE_SERVICES, measured } from "./server-mode-run.ts";

// Two endpoints of one service with known CPU costs, and a `requests:` cell sending them 80/20. The whole-service
// answer's mixed capacity, 1 ÷ Σ(share ÷ planning ceiling) from the two endpoints measured alone, must land within
// 15% of the mix measured directly: the CPU-additive assumption the report states, checked against a measurement.
const LIGHT_US = 400;
const HEAVY_US = 1600;
const WITHIN = 0.15;

test(
  "server mode: the service's mixed capacity from its endpoints matches a measured requests: mix within 15%",
  async () => {
    const dir = await mkdtemp(join(tmpdir(), "it-service-mix-"));
    try {
      const costs = JSON.stringify({ "/light": LIGHT_US, "/heavy": HEAVY_US });
      const { runDir } = await runMatrix(dir, [
        `service: { build: { context: ${FIXTURE_SERVICES} }, port: 8080, readyPath: /health, command: [cpu-cost.ts], env: { WORK_US_BY_PATH: '${costs}' } }`,
        "defaults: { warmupSeconds: 0, stepSeconds: 1, repetitions: 1, sloP99Ms: 250, timeoutSeconds: 180 }",
        "axes: { cpus: [1], memory: [256Mi], smol: [false], concurrency: [10] }",
        "scenarios:",
        "  light: { request: { path: /light } }",
        "  heavy: { request: { path: /heavy } }",
        "  mix: { requests: [{ weight: 8, path: /light }, { weight: 2, path: /heavy }] }",
        "cloudRun: { targetPerSec: 1000, traffic: { light: 0.8, heavy: 0.2 } }",
      ]);
      const { report, contents } = await sizeRunDir(runDir);
      const mixCell = report.scenarios.find((s) => s.scenario === "mix")?.cells[0];
      const computed = report.serviceRecommendation?.mixedCapacityPerSec ?? 0;
      const mixMeasured = mixCell?.planningCeilingPerSec ?? 0;
      const figures = {
        cells: contents.records.map(measured),
        computed: Math.round(computed),
        measured: Math.round(mixMeasured),
        withinShare: Math.abs(computed / mixMeasured - 1) <= WITHIN,
      };
      console.error(
        `service-mix: computed ${figures.computed}/s, measured mix ${figures.measured}/s`,
        figures.cells,
      );
      expect(figures).toEqual({ ...figures, withinShare: true });
      // The mix cell itself is left out of the service's mix: cloudRun.traffic names only the endpoints.
      expect(report.serviceRecommendation?.workloads.map((w) => w.scenario).sort()).toEqual([
        "heavy",
        "light",
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
  { timeout: 900_000, retry: 1 },
);
