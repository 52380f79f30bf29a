import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import type { CellRecord } from "../../../runner/results/cell-record.ts";
import { type RunRecord, runCellEntry } from "../../../runner/results/run-record.ts";
import { testPlan } from "../execute/plan-fixture.ts";
import { testEnvironment } from "../execute/run-environment-fixture.ts";

const AT = "2026-11-01T00:00:00.000Z";

/** A complete run.json for stored records; valid cloudRun input is stored resolved, a bad one as given. */
export function fixtureRunRecord(runId: string, records: CellRecord[], cloudRun: unknown = {}): RunRecord {
  const parsed = CloudRunSettings.safeParse(cloudRun);
  const stored = (parsed.success ? parsed.data : cloudRun) as RunRecord["plan"]["cloudRun"];
  const plan = { ...testPlan(records.map((r) => r.cell)), cloudRun: stored };
  return {
    schemaVersion: 1,
    runId,
    state: "complete",
    startedAt: AT,
    updatedAt: AT,
    finishedAt: AT,
    plan,
    environment: testEnvironment(),
    image: null,
    cells: records.map((r) => runCellEntry(r.cell, r)),
    resumedAt: [],
  };
}
