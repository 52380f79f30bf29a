import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { executeRun } from "../../../runner/execute/execute-run.ts";
import { type ProbeForm, SHORT_PROBE_INTERVAL_MS } from "../../../runner/host/host-probe.ts";
import { RunStore } from "../../../runner/results/run-store.ts";
import { validResult } from "../../contract/result-fixture.ts";
import { probeAt } from "../host/probe-fixture.ts";
import { testCell } from "./cell-fixture.ts";
import { FakeDocker } from "./fake-docker.ts";
import { fakeDriver } from "./fake-driver.ts";
import { testPlan } from "./plan-fixture.ts";
import { RecordingObserver } from "./recording-observer.ts";
import { testEnvironment } from "./run-environment-fixture.ts";

const ok = { stdout: JSON.stringify(validResult()) };
const cells = ["a", "b"].map((id) => testCell({ id, timeoutSeconds: 60 }));
let dir = "";

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "execute-probes-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function runWith(probe: (form: ProbeForm) => Promise<ReturnType<typeof probeAt>>) {
  const store = await RunStore.create(dir, "run-1", testPlan(cells), testEnvironment(), null);
  const context = { runId: "run-1", commit: null, ownerPid: process.pid, ownerHost: "h" };
  const observer = new RecordingObserver();
  const docker = new FakeDocker([ok, ok]);
  const record = await executeRun({ driver: fakeDriver(docker), store, cells, context, observer, probe });
  return { record, observer, stored: await RunStore.open(dir, "run-1") };
}

describe("executeRun with the host probe", () => {
  test("a full probe before the first cell and after the last, kept in run.json; each repetition records its probe", async () => {
    const forms: ProbeForm[] = [];
    let speed = 1;
    const { record, observer, stored } = await runWith(async (form) => {
      forms.push(form);
      speed -= 0.1;
      return probeAt(speed, new Date().toISOString(), form);
    });
    // The cells take milliseconds here, far under the minute between short probes.
    expect(SHORT_PROBE_INTERVAL_MS).toBe(60_000);
    expect(forms).toEqual(["full", "full"]);
    expect(record.probes?.map((p) => p.composite.toFixed(2))).toEqual(["0.90", "0.80"]);
    expect(stored.run.probes).toHaveLength(2);
    for (const cell of stored.done.values())
      for (const r of cell.repetitions) expect(r.hostProbe?.composite).toBeCloseTo(0.9, 9);
    expect(observer.messages.some((m) => m.startsWith("host probe 0.90") && m.endsWith("at start"))).toBe(
      true,
    );
  });

  test("a failing probe is logged and the run goes on without it", async () => {
    const { record, observer, stored } = await runWith(async () => {
      throw new Error("host probe failed: its container exited 1");
    });
    expect(record.state).toBe("complete");
    expect(record.probes ?? []).toEqual([]);
    expect(observer.messages.filter((m) => m.includes("host probe failed"))).toHaveLength(2);
    for (const cell of stored.done.values()) for (const r of cell.repetitions) expect(r.hostProbe).toBeNull();
  });
});
