import { expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { memoryGrid } from "../../../runner/cloudrun/memory-grid.ts";
import { loadMatrix } from "../../../runner/config/load-matrix.ts";
import { MatrixError } from "../../../runner/config/matrix-error.ts";
import { planRun } from "../../../runner/plan/plan-run.ts";

const MiB = 2 ** 20;
const HOST = { cores: 2, memoryBytes: 24 * 2 ** 30 };
const dir = mkdtempSync(join(tmpdir(), "memory-search-plan-"));
writeFileSync(join(dir, "Dockerfile"), "FROM scratch\n");
const SERVICE = "service: { build: { context: . }, port: 8080 }";
const SCENARIO = "scenarios: { get: { request: { path: / } } }";

function plan(lines: string[]) {
  const path = join(dir, "matrix.yaml");
  writeFileSync(path, lines.join("\n"));
  return planRun(loadMatrix(path), {}, HOST);
}
function refusal(lines: string[]): string {
  try {
    plan(lines);
  } catch (error) {
    if (error instanceof MatrixError) return error.message;
    throw error;
  }
  throw new Error("accepted");
}

test("axes.memory: search plans the cells at the largest size (1Gi) and the grid below it, with an estimate", () => {
  const p = plan([
    SERVICE,
    SCENARIO,
    "axes: { cpus: [1], memory: search, smol: [false, true], concurrency: [10] }",
  ]);
  expect(p.cells.map((c) => c.memoryBytes)).toEqual([1024 * MiB, 1024 * MiB]);
  expect(p.memorySearch).toEqual({
    fromBytes: 128 * MiB,
    toBytes: 1024 * MiB,
    soakSeconds: 5,
    grid: [128, 256, 512, 1024].map((m) => m * MiB),
    cpus: null,
  });
  // Two cells x (1 + ceil(log2 4)) soaks x (5 s + 3 s overhead) on top of the cells' own estimate.
  expect(p.notes.join(" ")).toContain(
    "memory search: 2 cell(s) soaked at up to 3 sizes of 128Mi, 256Mi, 512Mi, 1Gi (~48 s)",
  );
});

test("memorySearch: { from, to, soakSeconds } sets the range; `to` off the grid is kept as the largest", () => {
  const p = plan([
    SERVICE,
    SCENARIO,
    "axes: { cpus: [1] }",
    "memorySearch: { from: 256Mi, to: 768Mi, soakSeconds: 2 }",
  ]);
  expect(new Set(p.cells.map((c) => c.memoryBytes))).toEqual(new Set([768 * MiB]));
  expect(p.memorySearch?.grid).toEqual([256 * MiB, 512 * MiB, 768 * MiB]);
  expect(memoryGrid(128 * MiB, 512 * MiB)).toEqual([128 * MiB, 256 * MiB, 512 * MiB]);
});

test("memorySearch.cpus searches only those CPUs' cells, and the estimate counts only them", () => {
  const p = plan([
    SERVICE,
    SCENARIO,
    "axes: { cpus: [0.5, 1], memory: search, smol: [false], concurrency: [1] }",
    "memorySearch: { to: 512Mi, cpus: [1] }",
  ]);
  expect(p.memorySearch?.cpus).toEqual([1]);
  expect(p.notes.join(" ")).toContain(
    "memory search: 1 cell(s) soaked at up to 3 sizes of 128Mi, 256Mi, 512Mi",
  );
});

test("--memory names the sizes: the search steps aside, with a note", () => {
  const path = join(dir, "matrix.yaml");
  writeFileSync(path, [SERVICE, SCENARIO, "axes: { memory: search, smol: [false] }"].join("\n"));
  const p = planRun(loadMatrix(path), { memoryBytes: [256 * MiB] }, HOST);
  expect(p.memorySearch).toBeUndefined();
  expect(p.cells.map((c) => c.memoryBytes)).toEqual([256 * MiB]);
  expect(p.notes).toContain("--memory given: the memory search is off for this run");
});

test("a memory search is refused before any container starts, naming the field and value", () => {
  expect(refusal([SERVICE, SCENARIO, "axes: { memory: [256Mi] }", "memorySearch: { to: 1Gi }"])).toContain(
    "axes.memory: memorySearch picks the memory sizes",
  );
  expect(refusal([SCENARIO, "axes: { memory: search }"])).toContain("it needs `service:`");
  expect(refusal([SERVICE, SCENARIO, "memorySearch: { from: 64Mi }"])).toMatch(
    /memorySearch\.from: got "64Mi"; below Cloud Run's least memory, 128Mi/,
  );
  expect(refusal([SERVICE, SCENARIO, "memorySearch: { to: 64Gi }"])).toContain(
    "above Cloud Run's largest memory, 32Gi",
  );
  expect(refusal([SERVICE, SCENARIO, "memorySearch: { from: 1Gi, to: 1Gi }"])).toContain("nothing to search");
  expect(refusal([SERVICE, SCENARIO, "memorySearch: { soakSeconds: 0 }"])).toContain(
    "memorySearch.soakSeconds",
  );
  expect(refusal([SERVICE, SCENARIO, "memorySearch: { size: 1Gi }"])).toContain("memorySearch");
  expect(refusal([SERVICE, SCENARIO, "axes: { memory: find }"])).toContain("or search");
});
