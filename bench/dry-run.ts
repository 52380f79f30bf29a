// Times loading + planning + rendering the dry run of a 1,000-cell matrix (target: < 1 s). Run: bun bench/dry-run.ts
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { renderDryRun } from "../runner/cli/render-dry-run.ts";
import { loadMatrix } from "../runner/config/load-matrix.ts";
import { planRun } from "../runner/plan/plan-run.ts";

const TARGET_MS = 1000;
const ROUNDS = 7;
// 5 scenarios x 2 payloads x 5 cpus x 10 memory sizes x 2 smol = 1,000 cells.
const MATRIX_YAML = `
axes:
  cpus: [0.25, 0.5, 1, 1.5, 2]
  memory: [64Mi, 128Mi, 192Mi, 256Mi, 384Mi, 512Mi, 768Mi, 1Gi, 1536Mi, 2Gi]
  smol: [false, true]
scenarios:
${["calibration", "firehose", "fanout", "throughput", "saturation"].map((name) => `  ${name}: { flags: { payload: [1kb, 10kb] } }`).join("\n")}
exclude: [{ cpus: 8 }]
`;

const dir = mkdtempSync(path.join(tmpdir(), "dry-run-bench-"));
const file = path.join(dir, "matrix.yaml");
writeFileSync(file, MATRIX_YAML);
const host = { cores: 2, memoryBytes: 24 * 2 ** 30 };

const timingsMs: number[] = [];
let cells = 0;
let outputChars = 0;
for (let round = 0; round < ROUNDS; round++) {
  const start = performance.now();
  const plan = planRun(loadMatrix(file), {}, host);
  const text = renderDryRun(plan);
  timingsMs.push(performance.now() - start);
  cells = plan.cells.length;
  outputChars = text.length;
}
rmSync(dir, { recursive: true, force: true });

const sorted = [...timingsMs].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
console.log(
  `dry run of ${cells} cells (${outputChars} chars): first ${timingsMs[0]?.toFixed(1)} ms, median ${median.toFixed(1)} ms, ` +
    `min ${sorted[0]?.toFixed(1)} ms over ${ROUNDS} rounds; target < ${TARGET_MS} ms: ${median < TARGET_MS ? "met" : "MISSED"}`,
);
