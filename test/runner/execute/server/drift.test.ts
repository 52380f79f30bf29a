import { describe, expect, test } from "bun:test";
import { HOST_PROBE_VERSION, type HostProbe } from "../../../../contract/host-probe.ts";
import { driftVerdict, withDriftCheck } from "../../../../runner/execute/drift-verdict.ts";
import { needsMoreRepetitions } from "../../../../runner/execute/next-cell.ts";
import { runServerRepetition } from "../../../../runner/execute/server/run-server-repetition.ts";
import { summarizeCell } from "../../../../runner/execute/summarize-cell.ts";
import { Repetition } from "../../../../runner/results/cell-record.ts";
import { fakeGenerator } from "./fake-generator.ts";
import { FakeServerDriver } from "./fake-server-driver.ts";
import { serviceCell } from "./service-cell.ts";
import type { ServiceModel } from "./service-model.ts";

const context = { runId: "r1", commit: "abc", ownerPid: 1, ownerHost: "h" };

function hostProbe(composite: number): HostProbe {
  const part = { opsPerSec: 1000 * composite, relative: composite };
  return {
    probeVersion: HOST_PROBE_VERSION,
    form: "short",
    takenAt: new Date(0).toISOString(),
    cpuModel: "test CPU",
    core: 1,
    parts: { integer: part, allocation: part, json: part, http: part },
    composite,
  };
}

/** One repetition of the modelled service through the drift check; `hosts` are the host probes it takes, in order. */
async function run(model: ServiceModel, hosts: number[] | null) {
  const driver = new FakeServerDriver(model);
  let probes = 0;
  const next = async () => hostProbe(hosts?.[Math.min(probes++, (hosts?.length ?? 1) - 1)] as number);
  const hostProbes = hosts ? { latest: next, now: next } : undefined;
  const repetition = await withDriftCheck(
    () => runServerRepetition({ driver, generator: fakeGenerator, cell: serviceCell(), index: 0, context }),
    hostProbes,
  );
  expect(Repetition.safeParse(repetition).success).toBe(true);
  return { repetition, probes };
}

const slowing: ServiceModel = {
  capacityPerSec: 1000,
  cpuSecondsPerRequest: 0.001,
  slowAfterFirstOverload: 0.7,
};

describe("a repetition whose service slows during its search", () => {
  test("30% slower after its first overloaded step, the host held: drifted, naming the service, both probes and the rate", async () => {
    const { repetition, probes } = await run(slowing, [1.0, 0.98]);
    expect(repetition.status).toBe("drifted");
    expect(probes).toBe(2);
    expect(repetition.message).toContain("the service slowed during the search while the host held");
    expect(repetition.message).toContain("host probe 1.00 at the start, 0.98 at the end");
    expect(repetition.message).toContain("closed-loop probe 1,000/s at the start, 700/s at the end (-30%)");
    expect(repetition.message).toContain("1,000/s passed, then failed");
    expect(repetition.message).toContain("longer warm-up");
    // Kept to read: the search's steps end with the end probe.
    expect(repetition.result?.steps.at(-1)?.phase).toBe("probe");
  });

  test("the host probe fell too: the host is named", async () => {
    const { repetition } = await run(slowing, [1.0, 0.7]);
    expect(repetition.status).toBe("drifted");
    expect(repetition.message).toContain("the host slowed during the search (its probe fell too");
  });

  test("the host probe rose beyond its tolerance: neither side is named, and it says why", async () => {
    const { repetition } = await run(slowing, [1.0, 1.3]);
    expect(repetition.status).toBe("drifted");
    expect(repetition.message).toContain(
      "while the host's probe rose (host probe 1.00 at the start, 1.30 at the end)",
    );
    expect(repetition.message).toContain("cannot be told");
    expect(repetition.message).not.toContain("while the host held");
  });

  test("no host probe given: the message says the host was not probed", async () => {
    const { repetition } = await run(slowing, null);
    expect(repetition.status).toBe("drifted");
    expect(repetition.message).toContain("the host was not probed");
  });

  test("a steady service is not drifted, and the host is probed once (at the start)", async () => {
    const { repetition, probes } = await run({ capacityPerSec: 1000, cpuSecondsPerRequest: 0.001 }, [1.0]);
    expect(repetition.status).toBe("ok");
    expect(probes).toBe(1);
    expect(repetition.result?.steps.at(-1)?.phase).toBe("probe");
    expect(driftVerdict(repetition.result, null)).toBeNull();
  });
});

describe("a cell with drifted repetitions", () => {
  test("one drifted of two: planned on the other, the message says it was set aside", async () => {
    const ok = (await run({ capacityPerSec: 1000, cpuSecondsPerRequest: 0.001 }, null)).repetition;
    const drifted = (await run(slowing, null)).repetition;
    const cell = summarizeCell([
      { ...ok, index: 0 },
      { ...drifted, index: 1 },
    ]);
    expect(cell.status).toBe("ok");
    expect(cell.summary.driftedRepetitions).toBe(1);
    expect(cell.summary.ceilingPerSec?.median).toBeGreaterThan(900);
    expect(cell.message).toContain("1 more drifted and set aside");
  });

  test("every repetition drifted: no planning ceiling, and it says why", async () => {
    const drifted = (await run(slowing, [1.0, 1.0])).repetition;
    const cell = summarizeCell([drifted, { ...drifted, index: 1 }]);
    expect(cell.status).toBe("drifted");
    expect(cell.summary.ceilingPerSec).toBeNull();
    expect(cell.message).toContain("no planning ceiling: all 2 repetitions drifted");
    expect(cell.message).toContain("the service slowed");
  });

  test("a drifted repetition is replaced while maxRepetitions allows; when all drift, no more run", async () => {
    const ok = (await run({ capacityPerSec: 1000, cpuSecondsPerRequest: 0.001 }, null)).repetition;
    const drifted = (await run(slowing, null)).repetition;
    const cell = serviceCell({ repetitions: 2, maxRepetitions: 3 });
    expect(needsMoreRepetitions(cell, [ok, drifted])).toBe(true);
    expect(needsMoreRepetitions(cell, [ok, drifted, ok])).toBe(false);
    expect(needsMoreRepetitions(cell, [drifted, drifted])).toBe(false);
  });

  test("a one-repetition cell whose only repetition drifted gets one more; a second drift ends it", async () => {
    const ok = (await run({ capacityPerSec: 1000, cpuSecondsPerRequest: 0.001 }, null)).repetition;
    const drifted = (await run(slowing, null)).repetition;
    const cell = serviceCell({ repetitions: 1, maxRepetitions: 3 });
    expect(needsMoreRepetitions(cell, [drifted])).toBe(true);
    expect(needsMoreRepetitions(cell, [drifted, ok])).toBe(false);
    expect(needsMoreRepetitions(cell, [drifted, drifted])).toBe(false);
    expect(needsMoreRepetitions(serviceCell({ repetitions: 1, maxRepetitions: 1 }), [drifted])).toBe(false);
  });
});
