import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CellRecord } from "../../runner/results/cell-record.ts";
import { REPO_ROOT } from "./integration-image.ts";
import { runMatrix } from "./run-matrix.ts";

/** The fixture services' build context (test/fixtures/services: cpu-cost, sleep, kv-client + kv-sidecar). */
export const FIXTURE_SERVICES = join(REPO_ROOT, "test/fixtures/services");

/** Fixture (c) at 1 vCPU, concurrency 10: every request writes and reads a key in a Bun key-value sidecar. */
export const KV_SIDECAR_MATRIX = [
  `service:`,
  `  build: { context: ${FIXTURE_SERVICES} }`,
  "  port: 8080",
  "  readyPath: /health",
  "  concurrencySearch: false",
  "  command: [kv-client.ts]",
  `  sidecars: [{ name: kv, build: { context: ${FIXTURE_SERVICES} }, command: [kv-sidecar.ts], readyCommand: [bun, kv-ready.ts] }]`,
  "defaults: { warmupSeconds: 0, stepSeconds: 0.5, repetitions: 1, sloP99Ms: 100, timeoutSeconds: 120 }",
  "axes: { cpus: [1], memory: [256Mi], smol: [false], concurrency: [10] }",
  "scenarios: { put-get: { request: { method: POST, path: /item, body: hello } } }",
  "cloudRun: { targetPerSec: 1000, billing: request }",
];

/** Runs a server-mode matrix (YAML lines) through load -> plan -> run, as `bun runner/matrix.ts <args>` does. */
export async function runServerMatrix(lines: string[], args: string[] = []): Promise<CellRecord[]> {
  const dir = await mkdtemp(join(tmpdir(), "it-server-mode-"));
  try {
    return (await runMatrix(dir, lines, { args })).observer.finished;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One line per cell, for a failing assertion to show what was measured. */
export function measured(record: CellRecord) {
  const result = record.repetitions.find((r) => r.result)?.result;
  return {
    id: record.cell.id,
    status: record.status,
    message: record.message,
    ceilingPerSec: record.summary.ceilingPerSec?.median ?? null,
    closedLoopMaxPerSec: result?.ceiling?.closedLoopMaxPerSec ?? null,
  };
}
