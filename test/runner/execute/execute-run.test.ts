import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { executeRun } from "../../../runner/execute/execute-run.ts";
import { cellsToRun, RunStore } from "../../../runner/results/run-store.ts";
import { validResult } from "../../contract/result-fixture.ts";
import { testCell } from "./cell-fixture.ts";
import { FakeDocker } from "./fake-docker.ts";
import { fakeDriver } from "./fake-driver.ts";
import { testPlan } from "./plan-fixture.ts";
import { RecordingObserver } from "./recording-observer.ts";
import { testEnvironment } from "./run-environment-fixture.ts";

const environment = testEnvironment();
const ok = { stdout: JSON.stringify(validResult()) };
const cells = ["a", "b", "c"].map((id) => testCell({ id, timeoutSeconds: 60 }));
let dir = "";

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "execute-run-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function start(runId = "run-1") {
  const store = await RunStore.create(dir, runId, testPlan(cells), environment, null);
  const context = { runId, commit: null, ownerPid: process.pid, ownerHost: "h" };
  return { store, context };
}

describe("executeRun", () => {
  test("runs every cell, writes one file per cell and a complete run.json", async () => {
    const docker = new FakeDocker([ok, { exitCode: 2 }, ok]);
    const { store, context } = await start();
    const observer = new RecordingObserver();
    const record = await executeRun({ driver: fakeDriver(docker), store, cells, context, observer });
    expect(record.state).toBe("complete");
    expect(record.cells.map((c) => c.status)).toEqual(["ok", "crash", "ok"]);
    expect((await readdir(join(dir, "run-1", "cells"))).sort()).toEqual(["a.json", "b.json", "c.json"]);
    const stored = await RunStore.open(dir, "run-1");
    expect(stored.run.state).toBe("complete");
    expect(stored.done.size).toBe(3);
  });

  test("an interrupt stops the running container, removes the run's containers and leaves a resumable run", async () => {
    const docker = new FakeDocker([ok, { hang: true }, ok]);
    const { store, context } = await start();
    const controller = new AbortController();
    const observer = new RecordingObserver();
    docker.onStart = (id) => {
      if (id === "c2") setTimeout(() => controller.abort("SIGINT"), 5);
    };
    const record = await executeRun({
      driver: fakeDriver(docker),
      store,
      cells,
      context,
      observer,
      signal: controller.signal,
    });
    expect(record.state).toBe("interrupted");
    expect(record.cells.map((c) => c.status)).toEqual(["ok", "pending", "pending"]);
    expect(docker.live).toHaveLength(0);
    const reopened = await RunStore.open(dir, "run-1");
    expect(cellsToRun(reopened.run.plan.cells, reopened.done).map((c) => c.id)).toEqual(["b", "c"]);
  });

  test("the engine going away stops the run with state engine-lost; resume re-runs that cell", async () => {
    const docker = new FakeDocker([ok, { loseEngineAt: "start" }, ok]);
    const { store, context } = await start();
    const record = await executeRun({
      driver: fakeDriver(docker),
      store,
      cells,
      context,
      observer: new RecordingObserver(),
    });
    expect(record.state).toBe("engine-lost");
    expect(record.cells.map((c) => c.status)).toEqual(["ok", "engine-lost", "pending"]);
    const reopened = await RunStore.open(dir, "run-1");
    expect(cellsToRun(reopened.run.plan.cells, reopened.done).map((c) => c.id)).toEqual(["b", "c"]);
  });

  test("cells that exceed the host are recorded without a container", async () => {
    const big = [testCell({ id: "big", cpus: 64, exceedsHost: "needs 64 CPUs, host has 2" })];
    const docker = new FakeDocker();
    const store = await RunStore.create(dir, "run-2", testPlan(big), environment, null);
    const context = { runId: "run-2", commit: null, ownerPid: 1, ownerHost: "h" };
    const record = await executeRun({
      driver: fakeDriver(docker),
      store,
      cells: big,
      context,
      observer: new RecordingObserver(),
    });
    expect(record.cells[0]?.status).toBe("exceeds-host");
    expect(docker.removed).toHaveLength(0);
  });
});
