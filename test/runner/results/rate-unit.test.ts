import { describe, expect, test } from "bun:test";
import { latencyKindOf, rateUnitOf } from "../../../runner/results/cell-record.ts";
import { type Declared, E2E, INGEST, servedRecord } from "../report/service-run-fixture.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";

const served = (workload: Declared) =>
  servedRecord({ cpus: 1, memoryMiB: 256, ceilingPerSec: 100, workload });

describe("rateUnitOf / latencyKindOf", () => {
  test("in-container scenarios count messages; their latency is the scenario's own", () => {
    const record = fakeCellRecord({ cpus: 1, memoryMiB: 256, ceilingPerSec: 100 });
    expect(rateUnitOf(record.cell)).toBe("msg/s");
    expect(latencyKindOf(record)).toBe("end-to-end");
    const publish = structuredClone(record);
    for (const r of publish.repetitions) if (r.result?.slo) r.result.slo.latency = "publish";
    expect(latencyKindOf(publish)).toBe("publish");
    expect(latencyKindOf({ ...record, repetitions: [] })).toBeNull();
  });

  test("server mode counts requests and times them, unless the workload declares otherwise", () => {
    const ingest = served(INGEST);
    expect(rateUnitOf(ingest.cell)).toBe("req/s");
    expect(latencyKindOf(ingest)).toBe("request");
    const e2e = served(E2E);
    expect(rateUnitOf(e2e.cell)).toBe("publishes/s");
    expect(latencyKindOf(e2e)).toBe("end-to-end");
  });

  test("a malformed declaration is ignored: requests are what the generator paced", () => {
    expect(rateUnitOf(served({ rateUnit: "Widgets per sec" }).cell)).toBe("req/s");
    expect(rateUnitOf(served({ rateUnit: "orders/s" }).cell)).toBe("orders/s");
  });
});
