import { describe, expect, test } from "bun:test";
import path from "node:path";
import { bundledScenarios } from "../../../runner/config/bundled-scenarios.ts";
import { REPO_ROOT } from "../../../runner/config/config-defaults.ts";
import { loadMatrix } from "../../../runner/config/load-matrix.ts";
import { planRun } from "../../../runner/plan/plan-run.ts";

const HOST = { cores: 2, memoryBytes: 24 * 2 ** 30 };
const matrix = loadMatrix(path.join(REPO_ROOT, "matrix.yaml"));

describe("the repository's matrix.yaml", () => {
  test("defaults to the server profile (the bundled service in server mode)", () => {
    expect(matrix.defaultProfile).toBe("server");
    expect(Object.keys(matrix.profiles)).toEqual([
      "quick",
      "standard",
      "full",
      "server",
      "service-full",
      "protocols",
    ]);
  });

  test("quick fits 2 minutes on a 2-core host, with margin", () => {
    const plan = planRun(matrix, { profile: "quick" }, HOST);
    expect(plan.cells).toHaveLength(2);
    expect(plan.estimatedSeconds).toBeLessThan(0.5 * 120);
  });

  test("standard (the in-process engine) fits 10 minutes on a 2-core host, with margin", () => {
    const plan = planRun(matrix, { profile: "standard" }, HOST);
    expect(plan.cells).toHaveLength(12);
    expect(plan.cells.every((cell) => cell.exceedsHost === null)).toBe(true);
    expect(plan.estimatedSeconds).toBeLessThan(0.8 * 600);
  });

  test("full runs every scenario of matrix.yaml, each bundled, and marks 4-CPU cells on a 2-core host", () => {
    const plan = planRun(matrix, { profile: "full" }, HOST);
    const scenarios = new Set(plan.cells.map((cell) => cell.scenario));
    expect(scenarios.size).toBe(7);
    expect([...scenarios].every((name) => bundledScenarios().includes(name))).toBe(true);
    expect(plan.cells).toHaveLength(7 * 4 * 4 * 2);
    expect(plan.cells.filter((cell) => cell.exceedsHost !== null)).toHaveLength(7 * 4 * 2);
  });

  test("every bundled scenario has its SLO", () => {
    const slos = Object.fromEntries(matrix.profiles.full?.scenarios.map((s) => [s.name, s.sloP99Ms]) ?? []);
    expect(slos).toEqual({
      calibration: 250,
      firehose: 50,
      fanout: 100,
      throughput: 100,
      "thundering-herd": 250,
      soak: 100,
      saturation: 100,
    });
  });

  test("the default sizes the bundled service from outside: ingest and end-to-end, --smol off and on at 1 vCPU, the memory search there, within 4 min 30 s", () => {
    const plan = planRun(matrix, {}, HOST);
    // Below 1 vCPU Cloud Run requires concurrency 1: those cells are measured at 1, the 1-vCPU ones at 80.
    expect(plan.cells.map((cell) => cell.id)).toEqual([
      "ingest__cpu0.5__mem512Mi__smol0__conc1",
      "ingest__cpu1__mem512Mi__smol0__conc80",
      "ingest__cpu1__mem512Mi__smol1__conc80",
      "e2e__cpu0.5__mem512Mi__smol0__conc1",
      "e2e__cpu1__mem512Mi__smol0__conc80",
      "e2e__cpu1__mem512Mi__smol1__conc80",
    ]);
    // No memory axis of listed sizes: the search finds the smallest that holds, at 1 vCPU.
    expect(plan.memorySearch).toMatchObject({ fromBytes: 128 * 2 ** 20, toBytes: 512 * 2 ** 20, cpus: [1] });
    expect(plan.estimatedSeconds).toBeLessThanOrEqual(4.5 * 60);
    const cell = plan.cells[0];
    expect(cell?.mode).toBe("service");
    expect(cell?.command).toEqual(["service/main.ts"]);
    expect(cell?.service?.scriptPath).toBe(path.join(REPO_ROOT, "service/workloads/ingest.ts"));
    // Bundled modules run from the generator image; the declarations were read before any container.
    expect(cell?.service?.workload).toMatchObject({
      shape: "paced",
      imagePath: "/app/service/workloads/ingest.ts",
    });
    expect(plan.cells[3]?.service?.workload?.latency).toBe("end-to-end");
    expect(plan.cells[3]?.flags).toEqual({ subscribers: 1 });
    expect(plan.image).toMatchObject({ kind: "build", context: REPO_ROOT, dockerfile: "Dockerfile" });
  });

  test("service-full runs every workload shape, fixed-shape ones without a search, and one storm under nofile", () => {
    const plan = planRun(matrix, { profile: "service-full" }, HOST);
    const fixed = plan.cells.filter((cell) => cell.service?.fixed).map((cell) => cell.scenario);
    expect(new Set(fixed)).toEqual(new Set(["connection-storm", "queue-drain", "abrupt-disconnect"]));
    expect(plan.cells.filter((cell) => cell.nofile === 4096).map((cell) => cell.id)).toEqual([
      "connection-storm__cpu1__mem512Mi__smol0__conc80__nofile4096",
    ]);
    expect(plan.cells.find((c) => c.scenario === "broadcast-100")?.flags).toMatchObject({ subscribers: 100 });
  });

  test("protocols compares http1, h2 and gRPC as variants that set the service's PUBSUB_PROTOCOL, within 5 minutes", () => {
    const plan = planRun(matrix, { profile: "protocols" }, HOST);
    expect(plan.cells.map((cell) => [cell.variant?.name, cell.env.PUBSUB_PROTOCOL])).toEqual([
      ["http1", "http1"],
      ["h2", "h2"],
      ["grpc", "grpc"],
    ]);
    expect(new Set(plan.cells.map((cell) => cell.service?.scriptPath))).toEqual(
      new Set([path.join(REPO_ROOT, "service/workloads/ingest.ts")]),
    );
    expect(plan.estimatedSeconds).toBeLessThan(5 * 60);
  });
});
