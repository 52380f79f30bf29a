import { stat } from "node:fs/promises";
import { basename, join } from "node:path";
import type { HostProbe } from "../../contract/host-probe.ts";
import { runProbe } from "../host/host-probe.ts";
import { CellRecord } from "../results/cell-record.ts";
import { measureCell } from "../sizing/cell-measurements.ts";
import type { CheckSize } from "../sizing/check-deploy.ts";
import { SizingReport } from "../sizing/sizing-report.ts";
import { ReportInputError, readRunDir } from "./size-run-dir.ts";

/** By scenario: the baseline's ceiling, where it came from, and the host probe it was measured at (null: none). */
export type BaselineCeilings = Map<
  string,
  { ceilingPerSec: number; source: string; probe: HostProbe | null }
>;

const sameSize = (c: { cpus: number; memoryBytes: number; smol: boolean }, size: CheckSize) =>
  c.cpus === size.cpus && c.memoryBytes === size.memoryBytes && c.smol === size.smol;

function fromRecords(
  records: CellRecord[],
  size: CheckSize,
  source: string,
  runProbes: readonly HostProbe[] | undefined,
): BaselineCeilings {
  const out: BaselineCeilings = new Map();
  for (const r of records) {
    const ceiling = measureCell(r).ceilingPerSec?.median;
    // The run's start probe; a lone cell record carries its repetitions' own.
    const probe = runProbe(runProbes) ?? r.repetitions.find((x) => x.hostProbe)?.hostProbe ?? null;
    if (sameSize(r.cell, size) && ceiling)
      out.set(r.cell.scenario, { ceilingPerSec: ceiling, source, probe });
  }
  return out;
}

/** Baseline ceilings for one size by scenario, from a run id, a run directory, a sizing.json or a cell record file. */
export async function readBaselineCeilings(
  ref: string,
  size: CheckSize,
  resultsDir: string,
): Promise<BaselineCeilings> {
  const candidates = [ref, join(resultsDir, ref)];
  for (const path of candidates) {
    const info = await stat(path).catch(() => null);
    if (info?.isDirectory()) {
      const contents = await readRunDir(path);
      return fromRecords(contents.records, size, `run ${contents.runId}`, contents.run.probes);
    }
    if (info?.isFile()) {
      const json: unknown = await Bun.file(path)
        .json()
        .catch(() => null);
      const report = SizingReport.safeParse(json);
      if (report.success) {
        const out: BaselineCeilings = new Map();
        for (const s of report.data.scenarios)
          for (const c of s.cells)
            if (sameSize(c, size) && c.ceilingPerSec)
              out.set(c.scenario, {
                ceilingPerSec: c.ceilingPerSec.median,
                source: `${basename(path)} of run ${report.data.runId}`,
                probe: runProbe(report.data.host?.probes),
              });
        return out;
      }
      const record = CellRecord.safeParse(json);
      if (record.success) return fromRecords([record.data], size, basename(path), undefined);
      throw new ReportInputError(
        `${path} is neither a sizing.json nor a cell record`,
        "Pass a run id, a run directory, a sizing.json or a cells/<id>.json.",
      );
    }
  }
  throw new ReportInputError(
    `baseline "${ref}" not found (looked in ${candidates.join(" and ")})`,
    "Pass a run id from results/ or a file path.",
  );
}
