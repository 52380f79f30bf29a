import { join } from "node:path";
import type { MatrixCase } from "./matrix-case.ts";
import { many, OK_AXES, OK_SCENARIOS } from "./matrix-text.ts";

/** The bundled service's workload modules, which declare their flags as zod fields (generator/describe.ts). */
const WORKLOAD_DIR = join(import.meta.dir, "../../../service/workloads");
/** Workload modules written for tests: one with flags, a fixed one, a legacy load script, one that throws. */
const FIXTURE_DIR = join(import.meta.dir, "../../fixtures/workloads");

/** Server mode (`service:`): a service built from ./svc (the test writes its Dockerfile), with one bad field. */
export function serviceCases(): MatrixCase[] {
  const service = (extra: string, scenario = "{ request: { path: / } }", axes = OK_AXES) =>
    `service:\n  build: { context: ./svc }\n  port: 8080\n${extra}scenarios:\n  get: ${scenario}\n${axes}`;
  return [
    {
      name: "service port 0",
      text: service("").replace("port: 8080", "port: 0"),
      mentions: ["service.port"],
    },
    {
      name: "service port 70000",
      text: service("").replace("port: 8080", "port: 70000"),
      mentions: ["service.port"],
    },
    {
      name: "service port hex",
      text: service("").replace("port: 8080", "port: 0x1F90"),
      mentions: ["service.port"],
    },
    { name: "service without port", text: service("").replace("  port: 8080\n", ""), mentions: ["port"] },
    { name: "request path without /", text: service("", "{ request: { path: api } }"), mentions: ["path"] },
    {
      name: "request method unknown",
      text: service("", "{ request: { method: FETCH, path: / } }"),
      mentions: ["method"],
    },
    {
      name: "request weight 0",
      text: service("", "{ requests: [{ weight: 0, path: / }] }"),
      mentions: ["weight"],
    },
    {
      name: "request header name with a space",
      text: service("", '{ request: { path: /, headers: { "a b": x } } }'),
      mentions: ["headers"],
    },
    {
      name: "sidecar image invalid",
      text: service('  sidecars:\n    - { name: db, image: "Bad:Ref" }\n'),
      mentions: ["service.sidecars[0].image"],
    },
    {
      name: "sidecar names repeated",
      text: service("  sidecars:\n    - { name: db, image: redis:7 }\n    - { name: db, image: redis:7 }\n"),
      mentions: ["sidecars"],
    },
    {
      name: "concurrency 0",
      text: service("", undefined, `${OK_AXES.replace(" }", ", concurrency: [0] }")}`),
      mentions: ["concurrency"],
    },
    {
      name: "concurrency 101 values",
      text: service(
        "",
        undefined,
        `axes: { cpus: [1], memory: [512Mi], smol: [false], concurrency: [${many(101, (i) => String(i + 1))}] }\n`,
      ),
      mentions: ["concurrency"],
    },
    {
      name: "concurrency without a service",
      text: `axes: { cpus: [1], memory: [512Mi], smol: [false], concurrency: [10] }\n${OK_SCENARIOS}`,
      mentions: ["concurrency"],
    },
    {
      name: "17 sidecars",
      text: service(
        `  sidecars:\n${Array.from({ length: 17 }, (_, i) => `    - { name: s${i}, image: redis:7 }`).join("\n")}\n`,
      ),
      mentions: ["sidecars", "at most 16"],
    },
    {
      name: "101 weighted requests",
      text: service("", `{ requests: [${many(101, () => "{ weight: 1, path: / }")}] }`),
      mentions: ["requests", "at most 100"],
    },
    { name: "service and a top-level image", text: `image: x:1\n${service("")}`, mentions: ["image"] },
    {
      name: "script is a directory",
      text: service("", "{ script: svc }"),
      mentions: ["scenarios.get", "is not a file"],
    },
    {
      name: "script is a device",
      text: service("", "{ script: /dev/zero }"),
      mentions: ["/dev/zero is not a file"],
    },
    {
      name: "bundled workload flag below its declared minimum",
      text: service("", `{ script: ${WORKLOAD_DIR}/ingest.ts, flags: { batch: 0 } }`),
      mentions: ["scenarios.get.flags.batch", "at least 1"],
    },
    {
      name: "bundled workload flag it does not declare",
      text: service("", `{ script: ${WORKLOAD_DIR}/e2e.ts, flags: { subscriber: 3 } }`),
      mentions: ["scenarios.get.flags.subscriber", "has no flag", "subscribers"],
    },
    {
      name: "bundled workload flag outside its declared values",
      text: service("", `{ script: ${WORKLOAD_DIR}/ingest.ts, flags: { payload: [small, huge] } }`),
      mentions: ["scenarios.get.flags.payload", '"huge"', "expected one of"],
    },
    {
      name: "user workload flag outside its declared values",
      text: service("", `{ script: ${FIXTURE_DIR}/paced-with-flags.ts, flags: { rate: 1000 } }`),
      mentions: ["scenarios.get.flags.rate", "at most 100"],
    },
    {
      name: "a JavaScript load script (.js) where a workload module goes",
      text: service("", `{ script: ${FIXTURE_DIR}/legacy-load-script.js }`),
      mentions: ["legacy-load-script.js is not a TypeScript workload module", "generator/api/workload.ts"],
    },
    {
      name: "another tool's load script named .ts",
      text: service("", `{ script: ${FIXTURE_DIR}/legacy-load-script-in-ts.ts }`),
      mentions: ["legacy-load-script-in-ts.ts", "generator/api/workload.ts"],
    },
    {
      name: "a workload module that throws on import",
      text: service("", `{ script: ${FIXTURE_DIR}/throws-on-load.ts }`),
      mentions: ["throws-on-load.ts cannot be loaded as a workload module", "refuses to load"],
    },
    {
      name: "a fixed-shape module without search: false",
      text: service("", `{ script: ${FIXTURE_DIR}/fixed-storm.ts }`),
      mentions: ["is a fixed workload", "search: false"],
    },
  ];
}
