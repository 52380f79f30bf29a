import { beforeAll, expect, test } from "bun:test";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { readCellRecords, readRunRecord } from "../../runner/results/run-store.ts";
import {
  integrationImage,
  labelledContainers,
  NO_PROBE_ENV,
  OFFLINE_ENV,
  REPO_ROOT,
} from "./integration-image.ts";
import { useTempDir } from "./use-temp-dir.ts";

// Four ~1 s cells: SIGINT lands while the second one runs.
const MATRIX = `
scenarios:
  calibration:
    command: ["scenarios/calibration.ts", "--mode=closed", "--warmup-s=0", "--duration-s={durationSeconds}"]
defaults: { durationSeconds: 1, repetitions: 1, timeoutSeconds: 60 }
axes: { cpus: [0.5, 1], memory: [128Mi, 256Mi], smol: [false] }
`;
let dir = "";
useTempDir("it-interrupt-", (path) => {
  dir = path;
});
beforeAll(async () => {
  await writeFile(join(dir, "matrix.yaml"), MATRIX);
  await integrationImage(); // built before the clock of the spawned runs starts
});

/**
 * A run of the test's matrix, with the host probe as a user runs it, or with `--resume ID` a resumed one (which takes
 * no matrix path: its plan is stored), without the probe (its ~10 s would test nothing more).
 */
function matrixRun(...args: string[]) {
  const resume = args[0] === "--resume";
  const matrix = resume ? [] : [join(dir, "matrix.yaml")];
  return Bun.spawn(
    ["bun", join(REPO_ROOT, "runner/matrix.ts"), ...matrix, "--out", join(dir, "results"), ...args],
    {
      cwd: dir,
      env: resume ? NO_PROBE_ENV : OFFLINE_ENV,
      stdout: "pipe",
      stderr: "pipe",
    },
  );
}

/** Reads stderr until a line matches, then keeps draining in the background; returns all text seen so far. */
async function waitForLine(stream: ReadableStream<Uint8Array>, pattern: RegExp): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!pattern.test(text)) {
    const chunk = await reader.read();
    if (chunk.done) throw new Error(`stream ended before ${pattern}:\n${text}`);
    text += decoder.decode(chunk.value, { stream: true });
  }
  (async () => {
    while (!(await reader.read()).done) {}
  })();
  return text;
}

test(
  "SIGINT after the first cell: exit 130, no container left, a resumable run; --resume finishes the rest only",
  async () => {
    const first = matrixRun();
    const seen = await waitForLine(first.stderr, /\[cell 1\/4\]/);
    first.kill("SIGINT");
    expect(await first.exited).toBe(130);
    const runId = seen.match(/run (\S+): 4 cells/)?.[1] ?? "";
    expect(runId).not.toBe("");
    expect(await labelledContainers(`bun-capacity.run-id=${runId}`)).toEqual([]);
    const runDir = join(dir, "results", runId);
    const interrupted = await readRunRecord(join(runDir, "run.json"));
    expect(interrupted.state).toBe("interrupted");
    const before = await readCellRecords(join(runDir, "cells"));
    expect(before.size).toBe(1);
    const [finishedId, finished] = [...before][0] ?? [];

    const resumed = matrixRun("--resume", runId);
    const stderr = await new Response(resumed.stderr).text();
    expect(await resumed.exited).toBe(0);
    expect(stderr).toContain("1 cell(s) recorded, 3 to run");
    const after = await readCellRecords(join(runDir, "cells"));
    expect(after.size).toBe(4);
    expect(after.get(finishedId ?? "")?.startedAt).toBe(finished?.startedAt ?? "");
    const complete = await readRunRecord(join(runDir, "run.json"));
    expect(complete.state).toBe("complete");
    expect(complete.resumedAt).toHaveLength(1);
    expect(complete.cells.every((c) => c.status === "ok")).toBe(true);
  },
  { timeout: 180_000 },
);
