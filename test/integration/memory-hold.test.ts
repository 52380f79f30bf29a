import { expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { searchCeiling } from "../../runner/execute/memory-search/run-memory-search.ts";
import { readMemorySearches } from "../../runner/results/memory-search-record.ts";
import { readCellRecords } from "../../runner/results/run-store.ts";
import { runMatrix } from "./run-matrix.ts";
import { FIXTURE_SERVICES, measured } from "./server-mode-run.ts";

const MiB = 2 ** 20;
/** Fixture (d), memory-hold.ts: 130 MiB live; its comment derives 256Mi as the smallest grid size that holds. */
const KNOWN_ANSWER_BYTES = 256 * MiB;
const GRID = [128, 256, 512, 1024].map((m) => m * MiB);

test("the memory search finds memory-hold's smallest safe size (256Mi) with and without --smol; 128Mi is recorded oom", async () => {
  const dir = await mkdtemp(join(tmpdir(), "it-memory-search-"));
  try {
    const { runDir, observer } = await runMatrix(dir, [
      "service:",
      `  build: { context: ${FIXTURE_SERVICES} }`,
      "  port: 8080",
      "  readyPath: /health",
      "  command: [memory-hold.ts]",
      "defaults: { warmupSeconds: 0, stepSeconds: 0.5, repetitions: 1, maxRepetitions: 1, sloP99Ms: 100, timeoutSeconds: 60 }",
      "axes: { cpus: [1], memory: search, smol: [false, true], concurrency: [10] }",
      "memorySearch: { from: 128Mi, to: 1Gi, soakSeconds: 2 }",
      "scenarios: { get: { request: { method: GET, path: /item } } }",
      "cloudRun: { targetPerSec: 1000, billing: request }",
    ]);
    const searches = await readMemorySearches(runDir);
    const cells = await readCellRecords(join(runDir, "cells"));
    if (process.env.IT_TIMING) for (const line of observer.messages) console.error(line);
    const seen = { searches, cells: [...cells.values()].map(measured), messages: observer.messages };
    expect({ seen, n: searches.length }).toMatchObject({ n: 2 });
    for (const smol of [false, true]) {
      const search = searches.find((s) => s.smol === smol);
      const found = GRID.indexOf(search?.smallestHoldingBytes ?? -1);
      // Within one grid step of the known answer.
      if (found < 0) throw new Error(`no size held: ${JSON.stringify(seen, null, 1)}`);
      expect(found).toBeGreaterThanOrEqual(0);
      expect(Math.abs(found - GRID.indexOf(KNOWN_ANSWER_BYTES))).toBeLessThanOrEqual(1);
      expect(search?.marginShare ?? 0).toBeGreaterThan(0);
      // Below the answer: a failure named as a memory one, and kept as a cell record.
      expect(["oom", "memory-pressure"]).toContain(search?.firstFailing?.status ?? "none");
      const below = [...cells.values()].find(
        (r) => r.cell.smol === smol && r.cell.memoryBytes === search?.firstFailing?.memoryBytes,
      );
      expect(["oom", "memory-pressure"]).toContain(below?.status ?? "none");
      // The cell measured at the largest size keeps its measured ceiling (exceeds-host when other load took the host).
      const top = [...cells.values()].find((r) => r.cell.smol === smol && r.cell.memoryBytes === GRID[3]);
      expect(["ok", "exceeds-host"]).toContain(top?.status ?? "none");
      expect(top ? (searchCeiling(top) ?? 0) : 0).toBeCloseTo(search?.largestCeilingPerSec ?? -1, 3);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 240_000);
