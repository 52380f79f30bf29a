import { expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadMatrix } from "../../../runner/config/load-matrix.ts";
import { containerSpec } from "../../../runner/execute/container-spec.ts";
import { planRun } from "../../../runner/plan/plan-run.ts";

const HOST = { cores: 2, memoryBytes: 24 * 2 ** 30 };
const dir = mkdtempSync(join(tmpdir(), "nofile-axis-"));
// A fixed-shape workload module (run(), a connections flag), described by generator/describe.ts.
const STORM = join(import.meta.dir, "../../fixtures/workloads/fixed-storm.ts");
writeFileSync(join(dir, "Dockerfile"), "FROM scratch\n");

function plan(lines: string[]) {
  const path = join(dir, "matrix.yaml");
  writeFileSync(path, lines.join("\n"));
  return planRun(loadMatrix(path), {}, HOST);
}

test("axes.nofile: one cell per limit, ids end in __nofileN, the container gets the ulimit; search: false plans a fixed run", () => {
  const p = plan([
    "service: { build: { context: . }, port: 8080 }",
    "axes: { cpus: [1], memory: [256Mi], smol: [false], nofile: [256, 4096] }",
    "scenarios:",
    `  storm: { script: ${STORM}, search: false, durationSeconds: 10, flags: { connections: 600 } }`,
    "exclude: [{ nofile: 4096 }]",
    "include: [{ scenario: storm, nofile: 8192 }]",
  ]);
  expect(p.cells.map((c) => c.id)).toEqual([
    "storm__cpu1__mem256Mi__smol0__conc80__nofile256",
    "storm__cpu1__mem256Mi__smol0__conc80__nofile8192",
  ]);
  const cell = p.cells[0];
  if (!cell) throw new Error("no cell");
  expect(cell.service?.fixed).toBe(true);
  expect(cell.flags).toEqual({ connections: 600 });
  // A fixed run: the pod's 1.5 s + durationSeconds + a generator container's 0.75 s, no warm-up nor search steps;
  // plus a short host probe's share (1.9 s a minute).
  expect(p.cellEstimatedSeconds[cell.id]).toBeCloseTo(3 * (1.5 + 10 + 0.75) * (1 + 1.9 / 60), 6);
  const spec = containerSpec(cell, "img", { runId: "r", commit: null, ownerPid: 1, ownerHost: "h" });
  expect(spec.nofile).toBe(256);
});

test("search: false without a script, flags on a request, and a nofile below 16 are matrix errors", () => {
  const base = ["service: { build: { context: . }, port: 8080 }"];
  expect(() => plan([...base, "scenarios: { a: { request: { path: / }, search: false } }"])).toThrow(
    /search: false runs a fixed-shape workload module once/,
  );
  expect(() => plan([...base, "scenarios: { a: { request: { path: / }, flags: { x: 1 } } }"])).toThrow(
    /flags apply to in-container scenarios and workload modules/,
  );
  expect(() =>
    plan([...base, "axes: { nofile: [8] }", `scenarios: { a: { script: ${STORM}, search: false } }`]),
  ).toThrow(/nofile/);
  // A module's shape must match search: a fixed one without search: false, and the other way round.
  expect(() => plan([...base, `scenarios: { a: { script: ${STORM} } }`])).toThrow(
    /is a fixed workload; set search: false/,
  );
});
