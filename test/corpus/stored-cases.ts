import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CellRecord } from "../../runner/results/cell-record.ts";
import { fakeMatrix } from "../runner/sizing/fixture-builder.ts";
import { writeFixtureRun } from "../runner/sizing/write-fixture-run.ts";
import { CELL_DAMAGES } from "./stored/cell-damages.ts";
import type { Damage } from "./stored/damage.ts";
import { RUN_JSON_DAMAGES } from "./stored/run-json-damages.ts";

const write = (path: string, text: string) => writeFile(path, text);

/** Every damage to a stored run's run.json and cells (test/corpus/stored/), in one list. */
export const RUN_DAMAGES: Damage[] = [...RUN_JSON_DAMAGES, ...CELL_DAMAGES];

/** A results dir holding a valid run "good" and a run "bad" (latest), with one damage applied to "bad". */
export async function damagedResults(
  root: string,
  damage: Damage,
  index: number,
): Promise<{ results: string; bad: string }> {
  const results = join(root, `stored-${index}`);
  const records: CellRecord[] = fakeMatrix("good").slice(0, 4);
  await writeFixtureRun(results, "good", records, { cloudRun: { targetPerSec: 1_000_000 } });
  const bad = await writeFixtureRun(results, "bad", fakeMatrix("bad").slice(0, 4), {
    cloudRun: { targetPerSec: 1_000_000 },
  });
  await write(join(bad, "sizing.json"), "{}");
  await damage.apply(bad);
  return { results, bad };
}
