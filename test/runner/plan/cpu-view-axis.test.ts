import { expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadMatrix } from "../../../runner/config/load-matrix.ts";
import type { ExecutionDriver } from "../../../runner/drivers/execution-driver.ts";
import { containerSpec } from "../../../runner/execute/container-spec.ts";
import { cpuPlacementOf, placeCores } from "../../../runner/execute/place-cores.ts";
import { serverPodSpec } from "../../../runner/execute/server/server-pod-spec.ts";
import type { LoadGenerator } from "../../../runner/load/load-generator.ts";
import type { Cell } from "../../../runner/plan/cell.ts";
import type { PlanOptions } from "../../../runner/plan/plan.ts";
import { planRun } from "../../../runner/plan/plan-run.ts";
import type { ServiceCell } from "../../../runner/plan/service-cell.ts";

const HOST = { cores: 2, memoryBytes: 24 * 2 ** 30 };
const dir = mkdtempSync(join(tmpdir(), "cpu-view-axis-"));
writeFileSync(join(dir, "Dockerfile"), "FROM scratch\n");
const CONTEXT = { runId: "r", commit: null, ownerPid: 1, ownerHost: "h" };

function plan(lines: string[], options: PlanOptions = {}, host = HOST) {
  const path = join(dir, "matrix.yaml");
  writeFileSync(path, lines.join("\n"));
  return planRun(loadMatrix(path), options, host);
}
const SERVICE = [
  "service: { build: { context: . }, port: 8080 }",
  "scenarios: { get: { request: { path: / } } }",
];
const byId = (cells: Cell[], id: string) => {
  const cell = cells.find((c) => c.id === id);
  if (!cell) throw new Error(`no cell ${id} in ${cells.map((c) => c.id).join(", ")}`);
  return cell;
};
const driver = (cpus: number, pinsCores = true): ExecutionDriver =>
  ({
    name: pinsCores ? "local" : "swarm",
    pinsCores,
    nodes: async () => [{ cpus }],
  }) as unknown as ExecutionDriver;

test("cpuView: pinned is the default and adds nothing to ids; shared gets its own id; include and exclude match it", () => {
  const p = plan([
    ...SERVICE,
    "axes: { cpus: [0.5, 1], memory: [256Mi], smol: [false], concurrency: [80], cpuView: [pinned, shared] }",
    "exclude: [{ cpus: 0.5, cpuView: shared }]",
  ]);
  expect(p.cells.map((c) => [c.id, c.cpuView])).toEqual([
    ["get__cpu0.5__mem256Mi__smol0__conc80", "pinned"],
    ["get__cpu1__mem256Mi__smol0__conc80", "pinned"],
    ["get__cpu1__mem256Mi__smol0__conc80__shared", "shared"],
  ]);
  const unset = plan([...SERVICE, "axes: { cpus: [1], memory: [256Mi], smol: [false], concurrency: [80] }"]);
  expect(unset.cells.map((c) => [c.id, c.cpuView])).toEqual([
    ["get__cpu1__mem256Mi__smol0__conc80", "pinned"],
  ]);
  expect(() => plan([...SERVICE, "axes: { cpuView: [own] }"])).toThrow(
    /cpuView[\s\S]*expected pinned or shared/,
  );
});

test("a pinned cell without room for its cores plus a generator core is exceeds-host; --force runs it shared and says so", () => {
  const lines = [...SERVICE, "axes: { cpus: [1, 2], memory: [256Mi], smol: [false], concurrency: [80] }"];
  const two = byId(plan(lines).cells, "get__cpu2__mem256Mi__smol0__conc80");
  expect(two.exceedsHost).toBe(
    "needs 2 cores of its own (cpuView pinned) plus 1 for the load generator, host has 2",
  );
  expect(byId(plan(lines).cells, "get__cpu1__mem256Mi__smol0__conc80").exceedsHost).toBeNull();
  const forced = byId(plan(lines, { force: true }).cells, "get__cpu2__mem256Mi__smol0__conc80");
  expect(forced).toMatchObject({ exceedsHost: null, cpuView: "shared" });
  expect(forced.cpuViewNote).toMatch(/^pinned asked, runs shared \(--force\): needs 2 cores/);
  // The shared view needs only the quota to fit, as before.
  const shared = plan([
    ...lines.slice(0, 2),
    "axes: { cpus: [2], memory: [256Mi], smol: [false], concurrency: [80], cpuView: [shared] }",
  ]);
  expect(shared.cells[0]?.exceedsHost).toBeNull();
  // Swarm cannot pin: its cells run shared, with the reason, and keep the pinned id.
  const swarm = plan(lines, { driver: "swarm" }).cells[0];
  expect(swarm).toMatchObject({ id: "get__cpu1__mem256Mi__smol0__conc80", cpuView: "shared" });
  expect(swarm?.cpuViewNote).toMatch(/Swarm driver cannot pin cores/);
});

test("in-process mode needs no generator core: a 2-vCPU pinned cell fits a 2-core host", () => {
  const p = plan(["axes: { cpus: [2], memory: [256Mi], smol: [false] }", "scenarios: { throughput: {} }"]);
  expect(p.cells[0]).toMatchObject({ cpuView: "pinned", exceedsHost: null });
});

test("placed cores: the service gets the highest-numbered ceil(C), everything else the rest, the same on every run", async () => {
  const p = plan(
    [
      ...SERVICE,
      "axes: { cpus: [0.5, 1, 2], memory: [256Mi], smol: [false], concurrency: [80], cpuView: [pinned, shared] }",
    ],
    {},
    { ...HOST, cores: 4 },
  );
  const half = byId(p.cells, "get__cpu0.5__mem256Mi__smol0__conc80");
  const two = byId(p.cells, "get__cpu2__mem256Mi__smol0__conc80");
  expect(await placeCores(half, driver(4))).toEqual({
    view: "pinned",
    service: "3",
    others: "0-2",
    note: null,
  });
  expect(await placeCores(two, driver(4))).toEqual({
    view: "pinned",
    service: "2-3",
    others: "0-1",
    note: null,
  });
  expect(await placeCores(two, driver(4))).toEqual(await placeCores(two, driver(4)));
  const shared = byId(p.cells, "get__cpu1__mem256Mi__smol0__conc80__shared");
  expect(await placeCores(shared, driver(4))).toEqual({
    view: "shared",
    service: null,
    others: null,
    note: null,
  });
  // A driver that cannot pin, or a node too small (a resumed run elsewhere): shared, with the reason.
  expect((await placeCores(two, driver(4, false))).note).toMatch(/swarm driver cannot pin cores/);
  expect((await placeCores(two, driver(2))).note).toMatch(/needs 2 cores of its own .* host has 2/);

  // The service container gets its cores and the quota; the holder, sidecars and generator get the others.
  const cores = await placeCores(half, driver(4));
  const service = half as Cell & { service: ServiceCell };
  const generator = {
    readinessContainer: () => ({ image: "g", cmd: [], env: {}, labels: {} }),
  } as unknown as LoadGenerator;
  const pod = serverPodSpec(service, generator, CONTEXT, cores);
  expect(pod.service).toMatchObject({ cpusetCpus: "3", nanoCpus: 5e8 });
  expect(pod.membersCpuset).toBe("0-2");
  expect(
    containerSpec(shared, "img", CONTEXT, await placeCores(shared, driver(4))).cpusetCpus,
  ).toBeUndefined();

  const record = cpuPlacementOf(cores, {
    applied: { cpusetCpus: "3" } as never,
    cpuSeen: { cpusAllowedList: "3", nproc: 1, onlineCpuList: "0-3", unread: null },
  });
  expect(record).toEqual({
    view: "pinned",
    serviceCpuset: "3",
    othersCpuset: "0-2",
    seen: { cpusAllowedList: "3", nproc: 1, onlineCpuList: "0-3", unread: null },
    note: null,
  });
});

test("cells planned before CPU views (no cpuView) run under the quota alone, as they did", async () => {
  const p = plan([...SERVICE, "axes: { cpus: [1], memory: [256Mi], smol: [false], concurrency: [80] }"]);
  const { cpuView: _, ...old } = p.cells[0] as Cell;
  expect(await placeCores(old, driver(4))).toEqual({
    view: "shared",
    service: null,
    others: null,
    note: null,
  });
});
