import { expect, test } from "bun:test";
import { CloudRunSettings } from "../../../runner/config/cloud-run-settings.ts";
import { memoryAnswerLines } from "../../../runner/report/memory-answer-section.ts";
import { reportHtml } from "../../../runner/report/report-html.ts";
import { reportMarkdown } from "../../../runner/report/report-markdown.ts";
import { terminalTables } from "../../../runner/report/report-terminal.ts";
import type { MemoryProbe, MemorySearchResult } from "../../../runner/results/memory-search-record.ts";
import { buildSizingReport } from "../../../runner/sizing/build-sizing-report.ts";
import { memoryAnswers, withSearchedMemory } from "../../../runner/sizing/memory-answer.ts";
import { fakeCellRecord } from "./fixture-builder.ts";

const MiB = 2 ** 20;
const probe = (
  mib: number,
  holds: boolean,
  status: MemoryProbe["status"],
  why: string,
  peakMiB: number,
): MemoryProbe => ({
  memoryBytes: mib * MiB,
  holds,
  status,
  why,
  peakMemoryBytes: peakMiB * MiB,
  p99LatencyMs: 5,
  cpuPerRequestSeconds: 0.001,
  rssGrowth: 0,
});
function searchOf(
  cellId: string,
  smol: boolean,
  ceiling: number,
  probes: MemoryProbe[],
  answerMiB: number | null,
): MemorySearchResult {
  const answer = probes.find((p) => p.memoryBytes === (answerMiB ?? -1) * MiB);
  const failing = probes.filter((p) => !p.holds).sort((a, b) => b.memoryBytes - a.memoryBytes)[0] ?? null;
  return {
    cellId,
    scenario: "throughput",
    cpus: 1,
    smol,
    concurrency: null,
    variant: null,
    largestMemoryBytes: 1024 * MiB,
    largestCeilingPerSec: ceiling,
    offeredPerSec: ceiling * 0.6,
    soakSeconds: 5,
    probes,
    smallestHoldingBytes: answerMiB === null ? null : answerMiB * MiB,
    marginShare: answer?.peakMemoryBytes ? answer.peakMemoryBytes / answer.memoryBytes : null,
    firstFailing: failing,
  };
}

const off = fakeCellRecord({ cpus: 1, memoryMiB: 1024, ceilingPerSec: 1000, peakMemoryMiB: 150 });
const on = fakeCellRecord({ cpus: 1, memoryMiB: 1024, smol: true, ceilingPerSec: 920, peakMemoryMiB: 140 });
const SEARCHES = [
  searchOf(
    off.cell.id,
    false,
    1000,
    [
      probe(1024, true, "ok", "held", 150),
      probe(256, true, "ok", "held", 180),
      probe(128, false, "oom", "killed while starting", 128),
    ],
    256,
  ),
  searchOf(
    on.cell.id,
    true,
    920,
    [
      probe(1024, true, "ok", "held", 140),
      probe(256, true, "ok", "held", 150),
      probe(128, true, "ok", "held", 110),
    ],
    128,
  ),
];

test("the answer per cell: smallest memory without --smol, with it, and --smol's ceiling change", () => {
  const [answer] = memoryAnswers(SEARCHES);
  expect(answer?.text).toBe(
    "throughput at 1 vCPU: smallest memory: 256 MiB (128 MiB with --smol, ceiling −8%)",
  );
  expect(answer).toMatchObject({
    memoryBytes: 256 * MiB,
    smolMemoryBytes: 128 * MiB,
    marginShare: 180 / 256,
  });
  expect(answer?.firstFailing).toBe("128 MiB: oom, killed while starting");
  expect(answer?.points).toHaveLength(6);
});

test("the plan takes the memory found (its peak there), never below what Cloud Run allows at the CPUs", () => {
  const [planned, smolPlanned] = withSearchedMemory([off, on], SEARCHES);
  expect(planned?.cell.memoryBytes).toBe(256 * MiB);
  expect(planned?.repetitions[0]?.stats?.peakMemoryBytes).toBe(180 * MiB);
  expect(planned?.message).toContain("planned at 256 MiB from the memory search");
  expect(smolPlanned?.cell.memoryBytes).toBe(128 * MiB);
  // 4 vCPU starts at 2 GiB on Cloud Run: a 128 MiB answer is planned at 2 GiB.
  const four = fakeCellRecord({ cpus: 4, memoryMiB: 4096, ceilingPerSec: 3000 });
  const fourSearch = {
    ...SEARCHES[1],
    cellId: four.cell.id,
    cpus: 4,
    largestMemoryBytes: 4096 * MiB,
  } as MemorySearchResult;
  expect(withSearchedMemory([four], [fourSearch])[0]?.cell.memoryBytes).toBe(2048 * MiB);

  const report = buildSizingReport([off, on], {
    runId: "r",
    settings: CloudRunSettings.parse({ targetPerSec: 5000 }),
    memorySearches: SEARCHES,
  });
  const gcloud = report.scenarios[0]?.recommendation?.gcloud ?? "";
  expect(gcloud).toMatch(/--memory (128|256)Mi/);
  expect(report.memoryAnswers?.[0]?.smolMemoryBytes).toBe(128 * MiB);
  expect(memoryAnswerLines(report)[0]).toContain(
    "smallest memory: 256 MiB (128 MiB with --smol, ceiling −8%)",
  );
  expect(terminalTables(report)).toContain("== Smallest memory (the memory search) ==");
  const html = reportHtml(report, [off, on], "");
  expect(html).toContain('<section id="memory-search"><h2>Smallest memory</h2>');
  expect(html).toContain('"chart-memory-search-0"');
  expect(reportMarkdown(report)).toContain(
    "## Smallest memory\n\n- throughput at 1 vCPU: smallest memory: 256 MiB",
  );
});
