import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { memoryGrid } from "../../../../runner/cloudrun/memory-grid.ts";
import { formatMemorySize } from "../../../../runner/config/memory-size.ts";
import { finishedCellRecord } from "../../../../runner/execute/cell-record-of.ts";
import { runMemoryFindings } from "../../../../runner/execute/memory-search/run-memory-search.ts";
import { runServerRepetition } from "../../../../runner/execute/server/run-server-repetition.ts";
import { readMemorySearches } from "../../../../runner/results/memory-search-record.ts";
import { RunStore, readCellRecords } from "../../../../runner/results/run-store.ts";
import { testPlan } from "../plan-fixture.ts";
import { RecordingObserver } from "../recording-observer.ts";
import { testEnvironment } from "../run-environment-fixture.ts";
import { fakeGenerator } from "../server/fake-generator.ts";
import { FakeServerDriver } from "../server/fake-server-driver.ts";
import { serviceCell } from "../server/service-cell.ts";
import type { ServiceModel } from "../server/service-model.ts";

const MiB = 2 ** 20;
const context = { runId: "run-1", commit: null, ownerPid: 1, ownerHost: "h" };
let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "memory-search-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Killed below 256Mi, collecting harder (1.5x CPU a request) at 256Mi, fine from 512Mi: the answer is 512Mi. */
const MODEL: ServiceModel = {
  capacityPerSec: 1000,
  cpuSecondsPerRequest: 0.001,
  atMemory: (bytes) =>
    bytes < 256 * MiB
      ? { dieAfterSteps: 0, oomOnDeath: true }
      : bytes < 512 * MiB
        ? { cpuSecondsPerRequest: 0.0015 }
        : {},
};

async function search(grid: number[], model = MODEL, claimedCeilingPerSec?: number) {
  const driver = new FakeServerDriver(model);
  const top = grid.at(-1) as number;
  const cell = serviceCell({
    id: `home__cpu1__mem${formatMemorySize(top)}__smol0__conc10`,
    memoryBytes: top,
  });
  const plan = {
    ...testPlan([cell]),
    memorySearch: { fromBytes: grid[0] as number, toBytes: top, soakSeconds: 3, grid },
  };
  const store = await RunStore.create(dir, "run-1", plan, testEnvironment(), null);
  const measured = await runServerRepetition({ driver, generator: fakeGenerator, cell, index: 0, context });
  const record = finishedCellRecord(cell, "run-1", new Date().toISOString(), [measured]);
  const ceiling = record.summary.ceilingPerSec;
  // A ceiling the service cannot hold (as when the generator or a busy host set it).
  const claimed = claimedCeilingPerSec && ceiling ? { ...ceiling, median: claimedCeilingPerSec } : ceiling;
  await store.writeCell({ ...record, summary: { ...record.summary, ceilingPerSec: claimed } });
  const observer = new RecordingObserver();
  await runMemoryFindings({ driver, store, context, observer, generator: fakeGenerator });
  const [result] = await readMemorySearches(store.paths.dir);
  return { result, driver, cells: await readCellRecords(store.paths.cellsDir), observer };
}

test("bisects the grid below the largest size: 512Mi holds, 256Mi is memory-pressure, in few soaks", async () => {
  const grid = memoryGrid(128 * MiB, 2048 * MiB);
  const { result, driver, cells, observer } = await search(grid);
  expect(result?.smallestHoldingBytes).toBe(512 * MiB);
  expect(result?.firstFailing).toMatchObject({
    memoryBytes: 256 * MiB,
    status: "memory-pressure",
    holds: false,
  });
  expect(result?.firstFailing?.why).toContain("CPU per request 50% above the largest size's");
  expect(result?.offeredPerSec).toBeCloseTo((result?.largestCeilingPerSec ?? 0) * 0.6, 6);
  // The largest, then the middle of the four below (256Mi), then 512Mi: three soaks of five sizes, 128Mi never needed.
  expect(result?.probes.map((p) => p.memoryBytes / MiB)).toEqual([2048, 256, 512]);
  expect(driver.specs.map((s) => (s.service.memoryBytes ?? 0) / MiB)).toEqual([2048, 2048, 256, 512]);
  // The failing size is a cell record of its own; the measured cell keeps its ceiling.
  expect(cells.get("home__cpu1__mem256Mi__smol0__conc10")?.status).toBe("memory-pressure");
  expect(cells.get("home__cpu1__mem2Gi__smol0__conc10")?.status).toBe("ok");
  expect(observer.messages.join("\n")).toContain("smallest memory 512Mi");
});

test("an OOM below the answer is recorded oom with the step and rate; a size that holds everywhere ends at from", async () => {
  const oom = await search(memoryGrid(128 * MiB, 512 * MiB), {
    ...MODEL,
    atMemory: (bytes) => (bytes < 256 * MiB ? { dieAfterSteps: 1, oomOnDeath: true } : {}),
  });
  expect(oom.result?.smallestHoldingBytes).toBe(256 * MiB);
  expect(oom.result?.firstFailing?.status).toBe("oom");
  expect(oom.cells.get("home__cpu1__mem128Mi__smol0__conc10")?.message).toMatch(
    /OOM killer under load.*stopped during a \d+\/s step/,
  );
  await rm(dir, { recursive: true, force: true });
  dir = await mkdtemp(join(tmpdir(), "memory-search-"));
  const roomy = await search(memoryGrid(128 * MiB, 512 * MiB), {
    capacityPerSec: 1000,
    cpuSecondsPerRequest: 0.001,
  });
  expect(roomy.result?.smallestHoldingBytes).toBe(128 * MiB);
  expect(roomy.result?.firstFailing).toBeNull();
});

test("the largest size missing its own ceiling's load is retried once at half the load, and is no memory finding", async () => {
  const { result } = await search(memoryGrid(256 * MiB, 1024 * MiB), MODEL, 2000);
  expect(result?.offeredPerSec).toBeCloseTo(600, 6);
  expect(result?.probes[0]).toMatchObject({ memoryBytes: 1024 * MiB, holds: false, status: "ok" });
  expect(result?.probes[0]?.why).toMatch(
    /^the largest size itself: p99 \d+ ms misses the 100 ms SLO at 1200\/s/,
  );
  expect(result?.probes[1]).toMatchObject({ memoryBytes: 1024 * MiB, holds: true });
  expect(result?.smallestHoldingBytes).toBe(512 * MiB);
});
