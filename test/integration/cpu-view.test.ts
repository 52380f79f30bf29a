import { expect, test } from "bun:test";
import { join } from "node:path";
import { CELL_ID_LABEL } from "../../runner/drivers/execution-driver.ts";
import { parseCpuList } from "../../runner/host/core-allocation.ts";
import type { CellRecord } from "../../runner/results/cell-record.ts";
import { RunRecord } from "../../runner/results/run-record.ts";
import { docker } from "./integration-image.ts";
import { runMatrix } from "./run-matrix.ts";
import { FIXTURE_SERVICES } from "./server-mode-run.ts";
import { useTempDir } from "./use-temp-dir.ts";

// Fixture (a) prints its own Cpus_allowed_list and online CPUs at start-up. Three cells of one matrix: 1 vCPU and
// 0.5 vCPU pinned (the default view), and 1 vCPU shared. Short steps and one repetition: the cores, not the figures.
const PINNED_1 = "affinity__cpu1__mem256Mi__smol0__conc10";
const PINNED_HALF = "affinity__cpu0.5__mem256Mi__smol0__conc10";
const SHARED_1 = "affinity__cpu1__mem256Mi__smol0__conc10__shared";

let dir = "";
useTempDir("it-cpu-view-", (path) => {
  dir = path;
});

type Seen = { cellId: string; service: boolean; cpuset: string };

/** Every container of the run as Docker applied it, polled from outside while the run goes (bounded by `until`). */
async function watchCpusets(until: Promise<unknown>): Promise<Seen[]> {
  const seen = new Map<string, Seen>();
  let done = false;
  until.finally(() => {
    done = true;
  });
  for (let polls = 0; !done && polls < 800; polls++) {
    for (const summary of await docker.listContainers(CELL_ID_LABEL).catch(() => [])) {
      if (seen.has(summary.id)) continue;
      const state = await docker.inspectContainer(summary.id).catch(() => null);
      if (!state) continue;
      const cellId = summary.labels[CELL_ID_LABEL] ?? "";
      // The service is the one container with a CPU quota; the holder, readiness and generator have none.
      seen.set(summary.id, {
        cellId,
        service: state.applied.nanoCpus > 0,
        cpuset: state.applied.cpusetCpus ?? "",
      });
    }
    await Bun.sleep(250);
  }
  return [...seen.values()];
}

test(
  "cpuView: a pinned cell's cores and the generator's are disjoint and named in run.json; 0.5 vCPU is one core under a 50% quota; shared is the quota alone",
  async () => {
    const hostCores = (await docker.info()).cpus;
    const serviceCore = String(hostCores - 1);
    const otherCores = hostCores > 2 ? `0-${hostCores - 2}` : "0";
    const run = runMatrix(dir, [
      `service: { build: { context: ${FIXTURE_SERVICES} }, port: 8080, readyPath: /health, command: [cpu-cost.ts], env: { WORK_US: "2000" } }`,
      "defaults: { warmupSeconds: 0, stepSeconds: 0.5, repetitions: 1, maxRepetitions: 1, sloP99Ms: 250, timeoutSeconds: 60 }",
      "axes: { cpus: [0.5, 1], memory: [256Mi], smol: [false], concurrency: [10], cpuView: [pinned, shared] }",
      "exclude: [{ cpus: 0.5, cpuView: shared }]",
      "scenarios: { affinity: { request: { path: /burn } } }",
      "cloudRun: { targetPerSec: 100, billing: request }",
    ]);
    const [{ observer, runDir }, containers] = await Promise.all([run, watchCpusets(run)]);
    const records = new Map<string, CellRecord>(observer.finished.map((r) => [r.cell.id, r]));
    expect([...records.keys()].sort()).toEqual([PINNED_HALF, PINNED_1, SHARED_1].sort());
    const repetition = (id: string) => records.get(id)?.repetitions[0];

    // Pinned, 1 vCPU: its own core, the generator and the rest of the pod on the others; the service saw one core.
    const one = repetition(PINNED_1);
    expect(one?.cpu).toMatchObject({
      view: "pinned",
      serviceCpuset: serviceCore,
      othersCpuset: otherCores,
      seen: { cpusAllowedList: serviceCore, nproc: 1 },
      note: null,
    });
    expect(parseCpuList(one?.cpu?.seen?.onlineCpuList ?? "")?.length).toBe(hostCores);
    expect(one?.stderrTail).toContain(`Cpus_allowed_list ${serviceCore} online`);
    const ofCell = (id: string) => containers.filter((c) => c.cellId === id);
    const pinnedServices = ofCell(PINNED_1).filter((c) => c.service);
    const pinnedMembers = ofCell(PINNED_1).filter((c) => !c.service);
    expect(pinnedServices.length).toBeGreaterThan(0);
    expect(pinnedMembers.length).toBeGreaterThan(1); // holder, readiness, at least one generator step
    expect(new Set(pinnedServices.map((c) => c.cpuset))).toEqual(new Set([serviceCore]));
    expect(new Set(pinnedMembers.map((c) => c.cpuset))).toEqual(new Set([otherCores]));
    const serviceSet = new Set(parseCpuList(serviceCore));
    expect(parseCpuList(otherCores)?.filter((core) => serviceSet.has(core))).toEqual([]);

    // run.json names them.
    const runJson = RunRecord.parse(await Bun.file(join(runDir, "run.json")).json());
    const entry = runJson.cells.find((c) => c.id === PINNED_1);
    expect(entry?.cpu).toMatchObject({
      view: "pinned",
      serviceCpuset: serviceCore,
      othersCpuset: otherCores,
    });
    expect(runJson.plan.cells.find((c) => c.id === PINNED_1)?.cpuView).toBe("pinned");

    // Pinned, 0.5 vCPU: one core of its own under a 50% quota.
    const half = repetition(PINNED_HALF);
    expect(half?.applied).toMatchObject({ nanoCpus: 5e8, cpusetCpus: serviceCore });
    expect(half?.cpu).toMatchObject({ view: "pinned", serviceCpuset: serviceCore, seen: { nproc: 1 } });

    // Shared, 1 vCPU: the quota alone, every core visible, the generator on any core; an id of its own.
    const shared = repetition(SHARED_1);
    expect(shared?.applied).toMatchObject({ nanoCpus: 1e9 });
    expect(shared?.applied?.cpusetCpus).toBeUndefined(); // Docker set no cpuset: the record names none
    expect(shared?.cpu).toMatchObject({
      view: "shared",
      serviceCpuset: null,
      othersCpuset: null,
      seen: { nproc: hostCores },
    });
    expect(new Set(ofCell(SHARED_1).map((c) => c.cpuset))).toEqual(new Set([""]));
  },
  { timeout: 240_000 },
);
