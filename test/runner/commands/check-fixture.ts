import { type CheckCommandDeps, runCheck } from "../../../runner/commands/check/check.ts";
import type { CheckSize } from "../../../runner/commands/check/check-verdict.ts";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import type { CellRecord } from "../../../runner/results/cell-record.ts";
import type { FakeCell } from "../sizing/fake/fake-cell.ts";
import { fakeCellRecord } from "../sizing/fixture-builder.ts";
import { tempResultsDir } from "../sizing/write-fixture-run.ts";

/** Bytes in a MiB (the fake cells' memory is in whole MiB). */
export const MIB = 1024 * 1024;

/** A fake runner: each call returns the next list of ceilings (one record per scenario). */
export function fakeRunner(ceilingsPerCall: Array<Array<number | null>>, extra: Partial<FakeCell> = {}) {
  const calls: CheckSize[] = [];
  const runCells = async (size: CheckSize): Promise<CellRecord[]> => {
    const ceilings = ceilingsPerCall[Math.min(calls.length, ceilingsPerCall.length - 1)] ?? [];
    calls.push(size);
    return ceilings.map((ceilingPerSec, i) =>
      fakeCellRecord({
        scenario: size.scenario ?? ["throughput", "fanout"][i],
        cpus: size.cpus,
        memoryMiB: size.memoryBytes / MIB,
        smol: size.smol,
        ceilingPerSec,
        peakMemoryMiB: 200,
        ...extra,
      }),
    );
  };
  return { calls, runCells };
}

/** runCheck with a temp results dir and default settings; returns its exit code and output. */
export async function run(
  argv: string[],
  deps: Partial<CheckCommandDeps> & { runCells: CheckCommandDeps["runCells"]; env?: Record<string, string> },
) {
  const out: string[] = [];
  const err: string[] = [];
  const { env, ...rest } = deps;
  const code = await runCheck(
    argv,
    { resultsDir: await tempResultsDir(), loadSettings: () => CloudRunSettings.parse({}), ...rest },
    { env: env ?? {}, out: (t) => out.push(t), err: (t) => err.push(t) },
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** A size flag set for one scenario at 1 CPU, 512 MiB. */
export const size = ["--cpus", "1", "--memory", "512Mi", "--scenario", "throughput"];
