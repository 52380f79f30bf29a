import { describe, expect, test } from "bun:test";
import type { LoadStep } from "../../../contract/result.ts";
import type { RunFacts } from "../../../runner/drivers/execution-driver.ts";
import { generatorDoubt } from "../../../runner/load/generator-trust.ts";
import type { Cell } from "../../../runner/plan/cell.ts";
import type { ServiceCell } from "../../../runner/plan/service-cell.ts";
import { serviceCell } from "../execute/server/service-cell.ts";
import { loadStep, searchResult } from "../results/search-fixture.ts";

type ServedCell = Cell & { service: ServiceCell };
const SECONDS = 5;

/** A server-mode cell (SLO 100 ms, concurrency 10) at `cpus` vCPU. */
function cell(cpus = 1, concurrency = 10): ServedCell {
  const served = serviceCell({ cpus, concurrency, sloP99Ms: 100 });
  if (!served.service) throw new Error("fixture: no service");
  return served as ServedCell;
}

/** The run's facts on a node with `cpus` cores (the host the steps' busy share is judged against). */
const facts = (cpus = 2): RunFacts => ({
  exitCode: null,
  timedOut: false,
  oomKilled: false,
  oomEvent: false,
  stdout: "",
  stderr: "",
  stats: null,
  applied: null,
  node: {
    id: "n1",
    hostname: "h",
    physicalHostId: "boot",
    cpus,
    memoryBytes: 2 ** 34,
    kernelVersion: "6",
    cgroupVersion: 1,
  },
  hostOtherCpuCores: null,
  startupMs: 100,
  wallSeconds: 60,
});

/** What one 5 s step measured: the service's and the generator's cores, the host's other load, its punctuality. */
interface Measured {
  serviceCores: number | null;
  generatorCores?: number;
  otherCores?: number | null;
  sendLagP99Ms?: number;
  turnaroundMeanMs?: number;
  operationMeanMs?: number;
}

function step(phase: LoadStep["phase"], offeredPerSec: number, sloMet: boolean, m: Measured): LoadStep {
  return loadStep(phase, offeredPerSec, sloMet ? 20 : 300, {
    durationMs: SECONDS * 1000,
    sloMet,
    processCpuSeconds: m.serviceCores === null ? null : m.serviceCores * SECONDS,
    generatorCpuSeconds: (m.generatorCores ?? 0.3) * SECONDS,
    hostOtherCpuCores: m.otherCores === undefined ? 0.1 : m.otherCores,
    generatorSendLagP99Ms: m.sendLagP99Ms ?? 0.5,
    generatorTurnaroundMeanMs: m.turnaroundMeanMs ?? 0.05,
    operationMeanMs: m.operationMeanMs ?? 2,
  });
}

/** A search that confirmed `ceiling` with `confirm`, and failed just above it with `above`. */
function run(ceiling: number, confirm: Measured, above: Measured = confirm) {
  return searchResult(
    [
      step("probe", ceiling * 1.1, true, confirm),
      step("bisect", ceiling * 1.05, false, above),
      step("confirm", ceiling, true, confirm),
      step("confirm", ceiling * 1.05, false, above),
    ],
    ceiling,
  );
}

describe("generatorDoubt: who set the ceiling", () => {
  test("a trivial fast service at 0.4 of its 1 vCPU while the generator lagged above the ceiling: the generator", () => {
    const result = run(10_000, { serviceCores: 0.4 }, { serviceCores: 0.42, sendLagP99Ms: 30 });
    expect(generatorDoubt(cell(), result, facts())).toBe(
      "the generator, not the service, was the limit: at 10500/s the generator's send lag p99 was 30.0 ms " +
        "(over 10% of the 100 ms SLO); the service used 0.40 cores, 40% of its 1 vCPU quota at the ceiling of 10000/s",
    );
  });

  test("a CPU-bound service at about one core is trusted, even with a lagging generator", () => {
    const result = run(1000, { serviceCores: 0.98 }, { serviceCores: 1.0, sendLagP99Ms: 30 });
    expect(generatorDoubt(cell(), result, facts())).toBeNull();
    // At 80% of its quota it counts as busy already.
    expect(
      generatorDoubt(
        cell(),
        run(1000, { serviceCores: 0.8 }, { serviceCores: 0.8, sendLagP99Ms: 30 }),
        facts(),
      ),
    ).toBeNull();
  });

  test("a sleep-paced service under its quota, a punctual generator and a spare core: trusted", () => {
    const paced = { serviceCores: 0.15, generatorCores: 0.1, otherCores: 0.2, operationMeanMs: 50 };
    expect(generatorDoubt(cell(), run(200, paced), facts())).toBeNull();
  });

  test("no spare core on the host: the host, judged against the node's own cores", () => {
    const busy = { serviceCores: 0.5, generatorCores: 0.6, otherCores: 0.8 }; // 1.9 of 2
    expect(generatorDoubt(cell(), run(5000, busy), facts(2))).toMatch(
      /^the host, not the service, was the limit: at 5000\/s the host had no spare core \(1\.90 of 2 busy/,
    );
    expect(generatorDoubt(cell(), run(5000, busy), facts(4))).toBeNull();
  });

  test("turnaround in series at concurrency 1: the generator, naming the concurrency", () => {
    const inSeries = { serviceCores: 0.2, turnaroundMeanMs: 1, operationMeanMs: 2 };
    const doubt = generatorDoubt(cell(0.5, 1), run(330, inSeries), facts());
    expect(doubt).toContain("the generator, not the service, was the limit");
    expect(doubt).toContain("turnaround was 33% of each request cycle (over 25%) at concurrency 1");
    expect(doubt).toContain("the service used 0.20 cores, 40% of its 0.5 vCPU quota");
  });

  test("above 1 vCPU a Bun service is busy at one core: its quota share is still stated against the cell", () => {
    const result = run(3000, { serviceCores: 0.9 }, { serviceCores: 0.9, sendLagP99Ms: 30 });
    expect(generatorDoubt(cell(2), result, facts(4))).toBeNull();
    const idle = run(3000, { serviceCores: 0.5 }, { serviceCores: 0.5, sendLagP99Ms: 30 });
    expect(generatorDoubt(cell(2), idle, facts(4))).toContain("25% of its 2 vCPU quota");
  });

  test("both limits at once are both named", () => {
    const above = { serviceCores: 0.4, sendLagP99Ms: 30, generatorCores: 1.2, otherCores: 0.4 };
    expect(generatorDoubt(cell(), run(10_000, { serviceCores: 0.4 }, above), facts())).toMatch(
      /^the generator and the host, not the service, were the limit/,
    );
  });

  test("lag on steps below the ceiling, or no step that passed: nothing to doubt", () => {
    const noisyBelow = searchResult(
      [
        step("bracket", 500, false, { serviceCores: 0.1, sendLagP99Ms: 50 }),
        step("confirm", 1000, true, { serviceCores: 0.3 }),
        step("confirm", 1050, false, { serviceCores: 0.3 }),
      ],
      1000,
    );
    expect(generatorDoubt(cell(), noisyBelow, facts())).toBeNull();
    const lagging = { serviceCores: 0.1, sendLagP99Ms: 50 };
    expect(
      generatorDoubt(cell(), searchResult([step("confirm", 100, false, lagging)], 100), facts()),
    ).toBeNull();
    expect(
      generatorDoubt(cell(), searchResult([step("bracket", 100, false, lagging)], null), facts()),
    ).toBeNull();
  });

  test("no confirmed ceiling (a drifted search): judged on its highest passing step, and the message says so", () => {
    const lagging = { serviceCores: 0.1, sendLagP99Ms: 50 };
    const unconfirmed = searchResult(
      [
        step("bracket", 900, true, lagging),
        step("bracket", 1000, true, lagging),
        step("confirm", 1000, false, lagging),
        step("confirm", 950, false, lagging),
      ],
      null,
    );
    expect(generatorDoubt(cell(), unconfirmed, facts())).toContain(
      "at 1000/s, the highest rate that passed (none was confirmed)",
    );
    const idle = { serviceCores: 0.1 };
    const steady = searchResult(
      [step("bracket", 1000, true, idle), step("confirm", 1000, false, idle)],
      null,
    );
    expect(generatorDoubt(cell(), steady, facts())).toBeNull();
  });

  test("the service's CPU unmeasured: a lagging generator is still doubted, and the message says so", () => {
    const result = run(10_000, { serviceCores: null }, { serviceCores: null, sendLagP99Ms: 30 });
    expect(generatorDoubt(cell(), result, facts())).toContain("the service's CPU was not measured");
  });
});
