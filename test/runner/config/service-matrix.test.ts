import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseMatrix } from "../../../runner/config/load-matrix.ts";
import type { MatrixError } from "../../../runner/config/matrix-error.ts";
import { planRun } from "../../../runner/plan/plan-run.ts";
import { matrixErrorOf } from "./matrix-error-of.ts";

const DIR = mkdtempSync(path.join(tmpdir(), "service-matrix-"));
const FILE = path.join(DIR, "matrix.yaml");
writeFileSync(path.join(DIR, "Dockerfile"), "FROM scratch\n");
// A paced workload module (generator/api/workload.ts) with one flag, and a JavaScript load script as server mode once took.
writeFileSync(
  path.join(DIR, "load.ts"),
  "export default { flags: (z) => ({ n: z.number().int().min(1).default(1) }), open: () => async () => true };\n",
);
writeFileSync(
  path.join(DIR, "legacy.js"),
  'import http from "loadtool/http";\nexport default function () {}\n',
);
const HOST = { cores: 2, memoryBytes: 8 * 2 ** 30 };
const SERVICE = "service: { image: myapp:1.2, port: 8080, readyPath: /health }\n";

const errorOf = (yaml: string): MatrixError => matrixErrorOf(yaml, FILE);

describe("service: in matrix.yaml", () => {
  test("five lines size a service: default concurrency 80, ids end in __conc80", () => {
    const matrix = parseMatrix(`${SERVICE}scenarios:\n  home: { request: { path: / } }\n`, FILE);
    const plan = planRun(matrix, {}, HOST);
    expect(plan.image).toEqual({ kind: "image", ref: "myapp:1.2" });
    expect(plan.cells.map((cell) => cell.id)).toEqual([
      "home__cpu1__mem512Mi__smol0__conc80",
      "home__cpu1__mem512Mi__smol1__conc80",
    ]);
    const cell = plan.cells[0];
    expect(cell?.mode).toBe("service");
    expect(cell?.concurrency).toBe(80);
    expect(cell?.command).toEqual([]);
    expect(cell?.service?.requests).toEqual([
      { weight: 1, method: "GET", path: "/", headers: {}, body: null },
    ]);
  });

  test("concurrency is an axis; weighted mixes, JSON bodies, scripts and sidecars resolve", () => {
    const yaml = `service:
  build: { context: . }
  port: 3000
  env: { MODE: prod }
  sidecars: [{ name: cache, image: redis:7, readyCommand: [redis-cli, ping] }]
axes: { cpus: [1], memory: [256Mi], smol: [false], concurrency: [10, 50] }
exclude: [{ scenario: script, concurrency: 50 }]
scenarios:
  mix: { requests: [{ weight: 3, path: /a }, { weight: 1, method: POST, path: /b, body: { id: 1 }, expect: { status: [201, 409] } }] }
  script: { script: load.ts, flags: { n: 2 } }
`;
    const plan = planRun(parseMatrix(yaml, FILE), {}, HOST);
    expect(plan.cells.map((cell) => cell.id)).toEqual([
      "mix__cpu1__mem256Mi__smol0__conc10",
      "mix__cpu1__mem256Mi__smol0__conc50",
      "script__cpu1__mem256Mi__smol0__conc10",
    ]);
    const [mix, , script] = plan.cells;
    expect(mix?.env).toEqual({ MODE: "prod" });
    expect(mix?.service?.requests[1]).toEqual({
      weight: 1,
      method: "POST",
      path: "/b",
      headers: { "Content-Type": "application/json" },
      body: '{"id":1}',
      expect: { status: [201, 409] },
    });
    expect(mix?.service?.sidecars[0]).toMatchObject({
      name: "cache",
      image: "redis:7",
      readyCommand: ["redis-cli", "ping"],
    });
    expect(script?.service?.script).toContain("export default");
    expect(script?.flags).toEqual({ n: 2 });
    // What the module declares, read before any container; a user's module goes to the generator on stdin.
    expect(script?.service?.workload).toMatchObject({
      shape: "paced",
      rateUnit: null,
      latency: "request",
      flags: { n: { type: "integer", minimum: 1 } },
      imagePath: null,
    });
    expect(plan.image).toMatchObject({ kind: "build", context: DIR, dockerfile: "Dockerfile" });
  });

  const cases: Array<[string, string, string[]]> = [
    [
      "port out of range",
      "service: { image: a:1, port: 70000 }\nscenarios: { s: { request: { path: / } } }",
      ["service.port", "1..65535"],
    ],
    ["no image", "service: { port: 80 }\nscenarios: { s: { request: { path: / } } }", ["service: set image"]],
    [
      "unknown key",
      "service: { image: a:1, port: 80, readyPth: /x }\nscenarios: { s: { request: { path: / } } }",
      ['"readyPth" (did you mean "readyPath"?)'],
    ],
    [
      "weight 0",
      `${SERVICE}scenarios: { s: { requests: [{ weight: 0, path: / }] } }`,
      ["scenarios.s.requests[0].weight", "more than 0"],
    ],
    [
      "an expected status out of range",
      `${SERVICE}scenarios: { s: { request: { path: /, expect: { status: [200, 700] } } } }`,
      ["scenarios.s.request.expect.status[1]", "100..599"],
    ],
    [
      "an empty expect list",
      `${SERVICE}scenarios: { s: { requests: [{ weight: 1, path: /, expect: { status: [] } }] } }`,
      ["scenarios.s.requests[0].expect.status", "at least one status"],
    ],
    [
      "bad path",
      `${SERVICE}scenarios: { s: { request: { path: "api" } } }`,
      ["scenarios.s.request.path", "starting with /"],
    ],
    [
      "bad method",
      `${SERVICE}scenarios: { s: { request: { method: FETCH, path: / } } }`,
      ["expected an HTTP method"],
    ],
    [
      "missing script",
      `${SERVICE}scenarios: { s: { script: nope.ts } }`,
      ["scenarios.s", "no such file", "nope.ts"],
    ],
    [
      "two load kinds",
      `${SERVICE}scenarios: { s: { script: load.ts, request: { path: / } } }`,
      ["exactly one of request"],
    ],
    [
      "a JavaScript load script",
      `${SERVICE}scenarios: { s: { script: legacy.js } }`,
      ["scenarios.s", "legacy.js is not a TypeScript workload module", "generator/api/workload.ts"],
    ],
    [
      "a paced module with search: false",
      `${SERVICE}scenarios: { s: { script: load.ts, search: false } }`,
      ["scenarios.s", "is a paced workload", "search: false needs a fixed-shape module"],
    ],
    ["no load", `${SERVICE}scenarios: { s: {} }`, ["exactly one of request"]],
    [
      "concurrency 0",
      `${SERVICE}axes: { concurrency: [0] }\nscenarios: { s: { request: { path: / } } }`,
      ["axes.concurrency[0]", "1..1000"],
    ],
    [
      "concurrency without service",
      "axes: { concurrency: [10] }\nscenarios: { throughput: {} }",
      ["axes.concurrency", "needs a `service:`"],
    ],
    [
      "request without service",
      "scenarios: { throughput: { request: { path: / } } }",
      ["only with a `service:`"],
    ],
    [
      "top-level image with service",
      `${SERVICE}image: b:2\nscenarios: { s: { request: { path: / } } }`,
      ["image: with `service:`"],
    ],
    [
      "missing Dockerfile",
      "service: { build: { context: nowhere }, port: 80 }\nscenarios: { s: { request: { path: / } } }",
      ["service.build", "no Dockerfile"],
    ],
    [
      "duplicate sidecar",
      "service: { image: a:1, port: 80, sidecars: [{ name: x, image: b:1 }, { name: x, image: b:1 }] }\nscenarios: { s: { request: { path: / } } }",
      ["service.sidecars[1].name", "repeats"],
    ],
  ];
  for (const [name, yaml, parts] of cases)
    test(`clear error: ${name}`, () => {
      const error = errorOf(yaml);
      expect(error.message).not.toContain("\n");
      expect(error.message).toContain(FILE);
      for (const part of parts) expect(error.message).toContain(part);
    });
});
