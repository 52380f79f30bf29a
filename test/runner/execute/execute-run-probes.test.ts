import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { executeRun } from "../../../runner/execute/execute-run.ts";
import { type ProbeForm, SHORT_PROBE_INTERVAL_MS } from "../../../runner/host/host-probe.ts";
import { RunStore } from "../../../runner/results/run-store.ts";
import { validResult } from "../../contract/result-fixture.ts";
import { probeAt } from "../host/probe-fixture.ts";
import { loadStep, searchResult } from "../results/search-fixture.ts";
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

async function runWith(probe: (form: ProbeForm) => Promise<ReturnType<typeof probeAt>>, outputs = [ok, ok]) {
  const store = await RunStore.create(dir, "run-1", testPlan(cells), testEnvironment(), null);
  const context = { runId: "run-1", commit: null, ownerPid: process.pid, ownerHost: "h" };
  const observer = new RecordingObserver();
  const docker = new FakeDocker(outputs);
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

  test("a search that drifted: a short probe right after it, kept in run.json, and the message names the service", async () => {
    // The closed-loop probe read 1,000/s at the start and 700/s (twice) at the end.
    const drifted = searchResult(
      [
        loadStep("probe", 1000, 10),
        loadStep("bracket", 1000, 10),
        loadStep("confirm", 1000, 10),
        loadStep("probe", 700, 10),
        loadStep("probe", 700, 10),
      ],
      1000,
    );
    const forms: ProbeForm[] = [];
    const { stored } = await runWith(
      async (form) => {
        forms.push(form);
        return probeAt(form === "full" ? 1 : 0.98, new Date().toISOString(), form);
      },
      [{ stdout: JSON.stringify(drifted) }, ok],
    );
    expect(forms).toEqual(["full", "short", "full"]);
    expect(stored.run.probes).toHaveLength(3);
    const first = stored.done.get("a")?.repetitions[0];
    expect(first?.status).toBe("drifted");
    expect(first?.message).toContain("the service slowed during the search while the host held");
    expect(first?.message).toContain("1,000/s at the start, 700/s at the end (-30%)");
    expect(stored.done.get("b")?.repetitions[0]?.status).toBe("ok");
  });
});
