import { describe, expect, test } from "bun:test";
import { needsMoreRepetitions } from "../../../runner/execute/next-cell.ts";
import { runCell } from "../../../runner/execute/run-cell.ts";
import { loadStep, searchResult } from "../results/search-fixture.ts";
import { testCell } from "./cell-fixture.ts";
import type { FakeBehaviour } from "./fake-behaviour.ts";
import { FakeDocker } from "./fake-docker.ts";
import { fakeDriver } from "./fake-driver.ts";

const context = { runId: "r1", commit: null, ownerPid: 1, ownerHost: "h" };

/** A container that prints a ceiling-search result confirming `ceiling` (null: confirming nothing). */
const printing = (ceiling: number | null): FakeBehaviour => ({
  stdout: JSON.stringify(searchResult([loadStep("confirm", ceiling ?? 1000, ceiling ? 20 : 90)], ceiling)),
});

async function run(ceilings: Array<number | null>, repetitions: number, maxRepetitions?: number) {
  const docker = new FakeDocker(ceilings.map(printing));
  const cell = testCell({ repetitions, maxRepetitions, timeoutSeconds: 5 });
  return runCell({ driver: fakeDriver(docker), cell, image: cell.image, context });
}

describe("adaptive repetitions", () => {
  test("agreeing ceilings stop at the planned repetitions", async () => {
    const record = await run([1000, 1010, 990, 5000], 3, 6);
    expect(record.repetitions).toHaveLength(3);
    expect(record.summary).toMatchObject({ repetitionsRun: 3, disagrees: false });
  });

  test("disagreeing ceilings add repetitions until the CV is at most 5%", async () => {
    // 1000, 1300, 1000: CV 17%; a fourth and fifth at 1000 bring it to 13%, 12%... the sixth still disagrees
    const record = await run([1000, 1300, 1000, 1000, 1000, 1000, 1000], 3, 6);
    expect(record.repetitions).toHaveLength(6);
    expect(record.summary.ceilingPerSec?.cv).toBeGreaterThan(0.05);
    expect(record.summary.disagrees).toBe(true);
    expect(record.message).toContain("wide");
  });

  test("stops as soon as the ceilings agree", async () => {
    // 1000, 1080: CV 5.4% -> a third at 1040 gives CV 3.8%; the scripted rest is never used
    const record = await run([1000, 1080, 1040, 1000, 1000], 2, 10);
    expect(record.repetitions).toHaveLength(3);
    expect(record.summary.disagrees).toBe(false);
  });

  test("an unconfirmed repetition keeps the cell running more, and still counts at the cap", async () => {
    const record = await run([1000, null, 1000, 1000], 3, 4);
    expect(record.repetitions).toHaveLength(4);
    expect(record.summary).toMatchObject({ unconfirmedRepetitions: 1, disagrees: true });
    expect(record.summary.ceilingPerSec?.min).toBe(0);
  });

  test("without maxRepetitions (older plans) it runs exactly the planned repetitions", async () => {
    const record = await run([1000, 1300, 1000, 1000], 3);
    expect(record.repetitions).toHaveLength(3);
  });

  test("a failed repetition stops the adaptation: more runs cannot reconcile an OOM", () => {
    const cell = testCell({ repetitions: 1, maxRepetitions: 5 });
    const oom = { status: "oom" } as never;
    expect(needsMoreRepetitions(cell, [oom])).toBe(false);
    expect(needsMoreRepetitions(cell, [])).toBe(true);
  });
});
