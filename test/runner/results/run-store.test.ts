import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CellRecord } from "../../../runner/results/cell-record.ts";
import { runExitCode } from "../../../runner/results/run-record.ts";
import {
  cellsToRun,
  latestRunId,
  RunStore,
  RunStoreError,
  readRunRecord,
} from "../../../runner/results/run-store.ts";
import { testCell } from "../execute/cell-fixture.ts";
import { testPlan } from "../execute/plan-fixture.ts";
import { testEnvironment } from "../execute/run-environment-fixture.ts";

const environment = testEnvironment({ cgroupVersion: 2, commit: "abc" });
const cells = ["a", "b", "c", "d"].map((id) => testCell({ id }));
const summary = {
  ceilingPerSec: null,
  throughputPerSec: null,
  p99LatencyMs: null,
  peakMemoryBytes: null,
  noisy: false,
};
const record = (id: string, status: CellRecord["status"]): CellRecord => ({
  schemaVersion: 1,
  runId: "r",
  cell: testCell({ id }),
  status,
  message: status,
  repetitions: [],
  summary,
  startedAt: "2026-11-22T00:00:00.000Z",
  finishedAt: "2026-11-22T00:00:02.000Z",
});
let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "run-store-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("create writes a valid run.json with pending cells and points latest at the run", async () => {
  const store = await RunStore.create(dir, "r", testPlan(cells), environment, null);
  const stored = await readRunRecord(store.paths.runJson);
  expect(stored.state).toBe("running");
  expect(stored.cells.map((c) => c.status)).toEqual(["pending", "pending", "pending", "pending"]);
  expect(await latestRunId(dir)).toBe("r");
});

test("each written cell updates run.json; resume selects cells without a record or engine-lost", async () => {
  const store = await RunStore.create(dir, "r", testPlan(cells), environment, null);
  await store.writeCell(record("a", "ok"));
  await store.writeCell(record("b", "engine-lost"));
  await store.writeCell(record("c", "oom"));
  const reopened = await RunStore.open(dir, "r");
  expect(reopened.run.cells.map((c) => c.status)).toEqual(["ok", "engine-lost", "oom", "pending"]);
  expect(reopened.run.cells[0]?.wallSeconds).toBe(2);
  expect(cellsToRun(reopened.run.plan.cells, reopened.done).map((c) => c.id)).toEqual(["b", "d"]);
  await reopened.resumeWith(environment, null, reopened.run.plan);
  expect((await readRunRecord(reopened.paths.runJson)).resumedAt).toHaveLength(1);
});

test("exit code: 1 for crash/bad-output/pending, 0 when every cell measured or found a limit", async () => {
  const store = await RunStore.create(dir, "r", testPlan(cells.slice(0, 2)), environment, null);
  await store.writeCell(record("a", "ok"));
  await store.writeCell(record("b", "oom"));
  expect(runExitCode(await store.finish("complete"))).toBe(0);
  await store.writeCell(record("b", "crash"));
  expect(runExitCode(await store.finish("complete"))).toBe(1);
});

test("a missing or corrupt run.json is a RunStoreError naming the file", async () => {
  await expect(RunStore.open(dir, "nope")).rejects.toBeInstanceOf(RunStoreError);
  const store = await RunStore.create(dir, "r", testPlan(cells), environment, null);
  await writeFile(store.paths.runJson, JSON.stringify({ schemaVersion: 1 }));
  await expect(readRunRecord(store.paths.runJson)).rejects.toThrow(/is not a run record/);
});
