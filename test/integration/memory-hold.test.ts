import { expect, test } from "bun:test";
import { FIXTURE_SERVICES, measured, runServerMatrix } from "./server-mode-run.ts";

/** Fixture (d), memory-hold.ts: 130 MiB live; its comment derives 256Mi as the smallest grid size that holds. */
export const MEMORY_HOLD_SERVICE = [
  "service:",
  `  build: { context: ${FIXTURE_SERVICES} }`,
  "  port: 8080",
  "  readyPath: /health",
  "  command: [memory-hold.ts]",
];

test("the memory-hold fixture's known answer: 128Mi is killed by the kernel, 256Mi holds, with and without --smol", async () => {
  const records = await runServerMatrix([
    ...MEMORY_HOLD_SERVICE,
    "defaults: { warmupSeconds: 0, stepSeconds: 0.5, repetitions: 1, maxRepetitions: 1, sloP99Ms: 100, timeoutSeconds: 60 }",
    "axes: { cpus: [1], memory: [128Mi, 256Mi], smol: [false, true], concurrency: [10] }",
    "scenarios: { get: { request: { method: GET, path: /item } } }",
    "cloudRun: { targetPerSec: 1000, billing: request }",
  ]);
  const byId = Object.fromEntries(records.map((r) => [r.cell.id, r]));
  const status = (memory: string, smol: boolean) =>
    records.find((r) => r.cell.memoryBytes === Number.parseInt(memory, 10) * 2 ** 20 && r.cell.smol === smol)
      ?.status;
  const seen = records.map(measured);
  expect({ seen, s: status("128", false) }).toMatchObject({ s: "oom" });
  expect({ seen, s: status("128", true) }).toMatchObject({ s: "oom" });
  // Held: measured to the end (exceeds-host only when other load on this shared host took the generator's core).
  expect(["ok", "exceeds-host"]).toContain(status("256", false) ?? "none");
  expect(["ok", "exceeds-host"]).toContain(status("256", true) ?? "none");
  expect(Object.keys(byId)).toHaveLength(4);
}, 180_000);
