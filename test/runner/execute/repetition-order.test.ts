import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CELL_ID_LABEL } from "../../../runner/drivers/execution-driver.ts";
import { executeRun } from "../../../runner/execute/execute-run.ts";
import { type CellProgress, nextCell } from "../../../runner/execute/next-cell.ts";
import type { RepetitionOrder } from "../../../runner/results/run-record.ts";
import { RunStore } from "../../../runner/results/run-store.ts";
import { validResult } from "../../contract/result-fixture.ts";
import { testCell } from "./cell-fixture.ts";
import { FakeDocker } from "./fake-docker.ts";
import { fakeDriver } from "./fake-driver.ts";
import { testPlan } from "./plan-fixture.ts";
import { RecordingObserver } from "./recording-observer.ts";
import { testEnvironment } from "./run-environment-fixture.ts";

const ok = { stdout: JSON.stringify(validResult()) };
const cells = ["a", "b", "c"].map((id) => testCell({ id, repetitions: 2, timeoutSeconds: 60 }));
let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "repetition-order-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const context = { runId: "run-1", commit: null, ownerPid: process.pid, ownerHost: "h" };

/** Runs the cells on a fake engine and returns which cell each container measured, in start order. */
async function run(docker: FakeDocker, order: RepetitionOrder | undefined, signal?: AbortSignal) {
  const started: string[] = [];
  const onStart = docker.onStart;
  docker.onStart = (id) => {
    started.push(docker.containers.get(id)?.spec.labels[CELL_ID_LABEL] ?? "?");
    onStart(id);
  };
  const store = await RunStore.create(dir, "run-1", testPlan(cells), testEnvironment(), null, order);
  const observer = new RecordingObserver();
  const record = await executeRun({
    driver: fakeDriver(docker),
    store,
    cells,
    context,
    observer,
    order,
    signal,
  });
  return { started, record, observer };
}

describe("the repetition order", () => {
  test("interleaved by default: every cell's rep 1 before any rep 2", async () => {
    const { started, record } = await run(new FakeDocker(Array(6).fill(ok)), undefined);
    expect(started).toEqual(["a", "b", "c", "a", "b", "c"]);
    expect(record.state).toBe("complete");
    expect(record.cells.map((c) => c.status)).toEqual(["ok", "ok", "ok"]);
    // Each record keeps its repetitions in order, and nothing partial is left behind.
    const stored = await RunStore.open(dir, "run-1");
    expect([...stored.done.values()].map((r) => r.repetitions.map((rep) => rep.index))).toEqual([
      [0, 1],
      [0, 1],
      [0, 1],
    ]);
    expect(await readdir(join(dir, "run-1", "partial"))).toEqual([]);
  });

  test("--order sequential: each cell's repetitions back to back", async () => {
    const { started } = await run(new FakeDocker(Array(6).fill(ok)), "sequential");
    expect(started).toEqual(["a", "a", "b", "b", "c", "c"]);
  });

  test("an interrupt keeps finished repetitions; resume runs only the missing ones", async () => {
    const docker = new FakeDocker([ok, ok, ok, { hang: true }]);
    const controller = new AbortController();
    docker.onStart = (id) => {
      if (id === "c4") setTimeout(() => controller.abort("SIGINT"), 5);
    };
    const first = await run(docker, "interleaved", controller.signal);
    expect(first.record.state).toBe("interrupted");
    expect(first.record.cells.map((c) => c.status)).toEqual(["pending", "pending", "pending"]);
    const reopened = await RunStore.open(dir, "run-1");
    expect(reopened.run.order).toBe("interleaved");
    expect([...reopened.partials.keys()].sort()).toEqual(["a", "b", "c"]);

    const again = new FakeDocker([ok, ok, ok]);
    const started: string[] = [];
    again.onStart = (id) => void started.push(again.containers.get(id)?.spec.labels[CELL_ID_LABEL] ?? "?");
    const resumed = await executeRun({
      driver: fakeDriver(again),
      store: reopened,
      cells,
      context,
      observer: new RecordingObserver(),
      order: reopened.run.order,
    });
    expect(started).toEqual(["a", "b", "c"]); // rep 2 of each, rep 1 kept from before
    expect(resumed.state).toBe("complete");
    const done = await RunStore.open(dir, "run-1");
    expect([...done.done.values()].map((r) => r.repetitions.length)).toEqual([2, 2, 2]);
  });
});

describe("nextCell", () => {
  const progress = (id: string, done: number, planned = 2, max = 4): CellProgress => ({
    cell: testCell({ id, repetitions: planned, maxRepetitions: max }),
    repetitions: Array.from({ length: done }, () => ({ status: "ok" }) as never),
    busy: false,
    done: false,
  });
  test("interleaved takes the cell with the fewest repetitions, then plan order; a busy cell waits", () => {
    const cells = [progress("a", 1), progress("b", 0), progress("c", 0)];
    expect(nextCell(cells, "interleaved")?.cell.id).toBe("b");
    (cells[1] as CellProgress).busy = true;
    expect(nextCell(cells, "interleaved")?.cell.id).toBe("c");
    expect(nextCell(cells, "sequential")?.cell.id).toBe("a");
  });
  test("nothing ready: null", () => {
    const finished = { ...progress("a", 2), done: true };
    expect(nextCell([finished], "interleaved")).toBeNull();
  });
});
