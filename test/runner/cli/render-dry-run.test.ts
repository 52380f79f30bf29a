import { expect, test } from "bun:test";
import { renderDryRun } from "../../../runner/cli/render-dry-run.ts";
import { parseMatrix } from "../../../runner/config/load-matrix.ts";
import { planRun } from "../../../runner/plan/plan-run.ts";

const YAML = `axes: { cpus: [1, 4], memory: [512Mi], smol: [false] }
scenarios:
  firehose: { flags: { payload: [1kb, 10kb] } }
exclude: [{ cpus: 8 }]
`;

test("the dry run lists cells, skipped ones with reasons, notes and the estimate", () => {
  const plan = planRun(parseMatrix(YAML, "m.yaml"), {}, { cores: 2, memoryBytes: 8 * 2 ** 30 });
  const text = renderDryRun(plan);
  const lines = text.split("\n");
  expect(lines[0]).toBe(
    "Plan for m.yaml: 2 of 4 cells, 6 container runs, about 1m17s (up to 2m25s if every cell needs its maxRepetitions).",
  );
  expect(lines[1]).toContain("Host: 2 CPUs, 8Gi memory.");
  expect(text).toMatch(
    /firehose__cpu1__mem512Mi__smol0__payload-1kb +firehose +1 +512Mi +no +payload=1kb +3 +34s/,
  );
  expect(text).toMatch(/firehose__cpu4__mem512Mi__smol0__payload-10kb .* skipped/);
  expect(text).toContain("firehose__cpu4__mem512Mi__smol0__payload-1kb: needs 4 CPUs, host has 2 CPUs");
  expect(text).toContain("  - exclude[0] matched no cell");
  expect(text).toContain(
    "Estimate per cell = repetitions × (warm-up + 7 load steps × step seconds + 3 s container overhead)",
  );
  expect(text).toContain(
    "The run adds a full host probe before the first cell and after the last (4.5 s each)",
  );
  expect(lines.every((line) => line === line.trimEnd())).toBe(true);
});

test("without room for more repetitions the estimate is the only figure", () => {
  const yaml = YAML.replace("scenarios:", "defaults: { repetitions: 2, maxRepetitions: 2 }\nscenarios:");
  const plan = planRun(parseMatrix(yaml, "m.yaml"), {}, { cores: 2, memoryBytes: 8 * 2 ** 30 });
  expect(renderDryRun(plan).split("\n")[0]).toBe(
    "Plan for m.yaml: 2 of 4 cells, 4 container runs, about 54s.",
  );
});

test("a server-mode plan explains its estimate with the generator's steps", () => {
  const yaml = `service: { image: "svc:1", port: 8080 }
scenarios: { get: { request: { path: / } } }
axes: { cpus: [1], memory: [512Mi], smol: [false] }
`;
  const plan = planRun(parseMatrix(yaml, "m.yaml"), {}, { cores: 2, memoryBytes: 8 * 2 ** 30 });
  expect(renderDryRun(plan)).toContain(
    "Estimate per cell = repetitions × (1.5 s to start and stop the pod + warm-up + 8.5 load steps on average (the closed-loop probe and the end probe included) × (step seconds + 0.25 s a step in the generator's session))",
  );
});
