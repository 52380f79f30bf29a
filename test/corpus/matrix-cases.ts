import { join } from "node:path";

/** Malformed matrix files, generated: each is YAML text (or bytes) and the words its error must contain. */
export type MatrixCase = { name: string; text: string | Uint8Array; mentions: string[]; flags?: string[] };

const OK_AXES = "axes: { cpus: [1], memory: [512Mi], smol: [false] }\n";
const OK_SCENARIOS = "scenarios: { throughput: {} }\n";
export const VALID_MATRIX = `${OK_AXES}${OK_SCENARIOS}`;
const withScenario = (settings: string) => `${OK_AXES}scenarios:\n  throughput: ${settings}\n`;
const many = (count: number, item: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => item(i)).join(", ");
const HUGE_DIGITS = "9".repeat(400);

function axisCases(): MatrixCase[] {
  const cpus = [
    "0",
    "-1",
    "0.001",
    "a",
    "0x10",
    "0o17",
    "0b1",
    "1e300",
    ".inf",
    "-.inf",
    ".nan",
    HUGE_DIGITS,
    "10000",
    "2000",
    "null",
    "[]",
    "{a: 1}",
    "true",
    '"1"',
    "1, 1",
    "9",
    "8.5",
    "1e-300",
  ];
  const memory = [
    "5Mi",
    "lots",
    "-1",
    "1e3Mi",
    "0x10Mi",
    HUGE_DIGITS,
    `${HUGE_DIGITS}Mi`,
    "2Ti",
    "33Gi",
    "1.5",
    "512 Mi Mi",
    "512Mi, 0.5Gi",
    ".inf",
    "0",
    "1.5B",
    "0x20000000",
    "[1Gi]",
    "null",
  ];
  const smol = ["yes", "1", "maybe", "null", "false, false", "[true]", "0x1"];
  return [
    ...cpus.map((v) => ({
      name: `axes.cpus [${v.slice(0, 20)}]`,
      text: `axes: { cpus: [${v}] }\n${OK_SCENARIOS}`,
      mentions: ["axes.cpus"],
    })),
    ...memory.map((v) => ({
      name: `axes.memory [${v.slice(0, 20)}]`,
      text: `axes: { memory: [${v}] }\n${OK_SCENARIOS}`,
      mentions: ["axes.memory"],
    })),
    ...smol.map((v) => ({
      name: `axes.smol [${v}]`,
      text: `axes: { smol: [${v}] }\n${OK_SCENARIOS}`,
      mentions: ["axes.smol"],
    })),
    { name: "axes.cpus a scalar", text: `axes: { cpus: 1 }\n${OK_SCENARIOS}`, mentions: ["axes.cpus"] },
    { name: "axes.cpus empty", text: `axes: { cpus: [] }\n${OK_SCENARIOS}`, mentions: ["axes.cpus"] },
    { name: "axes unknown key", text: `axes: { cpu: [1] }\n${OK_SCENARIOS}`, mentions: ["cpu"] },
    { name: "axes a list", text: `axes: [1]\n${OK_SCENARIOS}`, mentions: ["axes"] },
    {
      name: "101 CPU values",
      text: `axes: { cpus: [${many(101, (i) => String(0.01 * (i + 1)).slice(0, 6))}] }\n${OK_SCENARIOS}`,
      mentions: ["axes.cpus", "at most 100"],
    },
    {
      name: "101 memory values",
      text: `axes: { memory: [${many(101, (i) => `${i + 6}Mi`)}] }\n${OK_SCENARIOS}`,
      mentions: ["axes.memory", "at most 100"],
    },
    {
      name: "100k distinct values (over the size limit)",
      text: `axes: { cpus: [${many(100_000, (i) => String(i + 1))}] }\n${OK_SCENARIOS}`,
      mentions: ["128 KiB"],
    },
    {
      name: "100k repeats of one value (over the size limit)",
      text: `axes: { cpus: [${many(100_000, () => "1")}] }\n${OK_SCENARIOS}`,
      mentions: ["128 KiB"],
    },
    {
      name: "20k distinct values just under the size limit",
      text: `axes: { cpus: [${many(20_000, (i) => String(i + 1))}] }\n${OK_SCENARIOS}`,
      mentions: ["axes.cpus", "at most 100"],
    },
    {
      name: "40k repeats of one value just under the size limit",
      text: `axes: { cpus: [${many(40_000, () => "1")}] }\n${OK_SCENARIOS}`,
      mentions: ["axes.cpus"],
    },
    { name: "cpus over Cloud Run's 8", text: `axes: { cpus: [16] }\n${OK_SCENARIOS}`, mentions: ["8 CPUs"] },
    {
      name: "memory over Cloud Run's 32Gi",
      text: `axes: { memory: [64Gi] }\n${OK_SCENARIOS}`,
      mentions: ["32Gi"],
    },
  ];
}

function scenarioCases(): MatrixCase[] {
  const numbers: Array<[string, string[]]> = [
    ["repetitions", ["0", "-1", "1.5", "1e12", "101", "three", ".inf", "0x10", "[1]"]],
    ["warmupSeconds", ["-1", "abc", ".inf", "1e400"]],
    ["durationSeconds", ["0", "-1", "abc", ".nan"]],
    ["stepSeconds", ["0", "x"]],
    ["timeoutSeconds", ["0", "-5", "0o777"]],
    ["sloP99Ms", ["0", "-1", "fast"]],
    ["network", ["yes", "1"]],
  ];
  return [
    ...numbers.flatMap(([field, values]) =>
      values.map((v) => ({
        name: `scenarios.throughput.${field}: ${v.slice(0, 12)}`,
        text: withScenario(`{ ${field}: ${v} }`),
        mentions: [field],
      })),
    ),
    {
      name: "unknown scenario",
      text: `${OK_AXES}scenarios: { thruput: {} }\n`,
      mentions: ["thruput", "throughput"],
    },
    {
      name: "scenario name with a space",
      text: `${OK_AXES}scenarios: { "a b": {} }\n`,
      mentions: ["scenarios"],
    },
    { name: "scenarios a list", text: `${OK_AXES}scenarios: [throughput]\n`, mentions: ["scenarios"] },
    { name: "scenarios empty", text: `${OK_AXES}scenarios: {}\n`, mentions: ["scenarios"] },
    { name: "scenarios a string", text: `${OK_AXES}scenarios: throughput\n`, mentions: ["scenarios"] },
    { name: "scenario unknown key", text: withScenario("{ repetition: 3 }"), mentions: ["repetition"] },
    { name: "env bad name", text: withScenario('{ env: { "1BAD": x } }'), mentions: ["env"] },
    { name: "env a number", text: withScenario("{ env: { A: 1 } }"), mentions: ["env"] },
    {
      name: "command unknown placeholder",
      text: withScenario('{ command: ["{nope}"] }'),
      mentions: ["nope"],
    },
    {
      name: "command {flags} inside an item",
      text: withScenario('{ command: ["x{flags}"] }'),
      mentions: ["{flags}"],
    },
    { name: "command empty", text: withScenario("{ command: [] }"), mentions: ["command"] },
    { name: "command a string", text: withScenario('{ command: "bun x" }'), mentions: ["command"] },
    {
      name: "flag axis of 101 values",
      text: withScenario(`{ flags: { publishers: [${many(101, (i) => String(i + 1))}] } }`),
      mentions: ["publishers"],
    },
    {
      name: "flag value a mapping",
      text: withScenario("{ flags: { publishers: { a: 1 } } }"),
      mentions: ["publishers"],
    },
    { name: "flag name with a space", text: withScenario('{ flags: { "a b": 1 } }'), mentions: ["flags"] },
    {
      name: "flag axes exploding to 10^10 cells",
      text: `${OK_AXES}image: x:1\ncommand: ["run", "{flags}"]\nscenarios:\n  mine:\n    flags: { ${many(10, (i) => `f${i}: [${many(10, (j) => String(j))}]`)} }\n`,
      mentions: ["cells", "at most"],
    },
    {
      name: "bundled flag unknown",
      text: withScenario("{ flags: { bogus: 1 } }"),
      mentions: ["bogus", "payload-mix"],
    },
    {
      name: "bundled flag bad enum",
      text: withScenario("{ flags: { payload-mix: huge } }"),
      mentions: ["payload-mix", "huge"],
    },
    {
      name: "include rule flag outside the scenario's schema",
      text: `${VALID_MATRIX}include: [{ scenario: throughput, flags: { publishers: 0 } }]\n`,
      mentions: ["include[0].flags.publishers", "at least 1"],
    },
    {
      name: "bundled flag below minimum",
      text: withScenario("{ flags: { publishers: 0 } }"),
      mentions: ["publishers", "at least 1"],
    },
    {
      name: "bundled flag above maximum",
      text: withScenario("{ flags: { publishers: 65 } }"),
      mentions: ["publishers", "at most"],
    },
    {
      name: "bundled flag not a whole number",
      text: withScenario("{ flags: { publishers: 1.5 } }"),
      mentions: ["publishers", "whole"],
    },
    {
      name: "bundled flag outside its values",
      text: withScenario("{ flags: { batch-size: 7 } }"),
      mentions: ["batch-size", "one of 1, 10, 100"],
    },
    {
      name: "bundled flag axis with one bad value",
      text: withScenario("{ flags: { ordering: [none, keys9] } }"),
      mentions: ["ordering", "keys9"],
    },
    {
      name: "bundled flag not a number",
      text: withScenario("{ flags: { subscribers: many } }"),
      mentions: ["subscribers"],
    },
  ];
}

function imageCases(): MatrixCase[] {
  const refs = ["UPPER:1", '"a b"', "x::y", "-x", "x@sha256:zz", '"x:"', "x/", '"x:tag with space"'];
  return [
    ...refs.map((ref) => ({
      name: `image ${ref}`,
      text: `image: ${ref}\ncommand: ["run"]\n${OK_AXES}scenarios: { mine: {} }\n`,
      mentions: ["image"],
    })),
    {
      name: "build context missing",
      text: `build: { context: ./no-such-dir }\ncommand: ["run"]\n${OK_AXES}scenarios: { mine: {} }\n`,
      mentions: ["build.context", "does not exist"],
    },
    {
      name: "build dockerfile missing",
      text: `build: { context: ., dockerfile: Nope.Dockerfile }\ncommand: ["run"]\n${OK_AXES}scenarios: { mine: {} }\n`,
      mentions: ["build.dockerfile", "does not exist"],
    },
    {
      name: "build context is a file",
      text: `build: { context: ./matrix-file-as-context.yaml }\ncommand: ["run"]\n${OK_AXES}scenarios: { mine: {} }\n`,
      mentions: ["build.context"],
    },
    {
      name: "build context empty",
      text: `build: { context: "" }\n${OK_AXES}${OK_SCENARIOS}`,
      mentions: ["build.context"],
    },
    {
      name: "build and image both",
      text: `build: { context: . }\nimage: x:1\ncommand: ["run"]\n${OK_AXES}scenarios: { mine: {} }\n`,
      mentions: ["image"],
    },
    {
      name: "own image without command",
      text: `image: x:1\n${OK_AXES}scenarios: { mine: {} }\n`,
      mentions: ["command"],
    },
    {
      name: "build args a list",
      text: `build: { args: [1] }\n${OK_AXES}${OK_SCENARIOS}`,
      mentions: ["build.args"],
    },
  ];
}

function ruleCases(): MatrixCase[] {
  return [
    {
      name: "exclude everything: 0 cells",
      text: `${VALID_MATRIX}exclude: [{ scenario: throughput }]\n`,
      mentions: ["0 cells"],
    },
    {
      name: "exclude unknown scenario",
      text: `${VALID_MATRIX}exclude: [{ scenario: nope }]\n`,
      mentions: ["exclude[0].scenario"],
    },
    {
      name: "exclude unknown flag",
      text: `${VALID_MATRIX}exclude: [{ flags: { nope: 1 } }]\n`,
      mentions: ["nope"],
    },
    {
      name: "include unknown scenario",
      text: `${VALID_MATRIX}include: [{ scenario: nope }]\n`,
      mentions: ["include[0].scenario"],
    },
    {
      name: "include zero CPUs",
      text: `${VALID_MATRIX}include: [{ cpus: 0 }]\n`,
      mentions: ["include[0].cpus"],
    },
    { name: "include a string", text: `${VALID_MATRIX}include: x\n`, mentions: ["include"] },
    { name: "include unknown key", text: `${VALID_MATRIX}include: [{ cpu: 1 }]\n`, mentions: ["cpu"] },
    {
      name: "1001 include rules",
      text: `${VALID_MATRIX}include: [${many(1001, () => "{ cpus: 1 }")}]\n`,
      mentions: ["include", "at most 1000"],
    },
    {
      name: "defaultProfile unknown",
      text: `${VALID_MATRIX}defaultProfile: nope\nprofiles: { quick: {} }\n`,
      mentions: ["defaultProfile"],
    },
    {
      name: "profile with a bad axis",
      text: `${VALID_MATRIX}profiles: { quick: { axes: { cpus: [0] } } }\n`,
      mentions: ["profiles.quick.axes.cpus"],
    },
    {
      name: "profile name with a space",
      text: `${VALID_MATRIX}profiles: { "a b": {} }\n`,
      mentions: ["profiles"],
    },
    {
      name: "profile unknown key",
      text: `${VALID_MATRIX}profiles: { quick: { bogus: 1 } }\n`,
      mentions: ["bogus"],
    },
    { name: "profiles a list", text: `${VALID_MATRIX}profiles: [quick]\n`, mentions: ["profiles"] },
  ];
}

function cloudRunCases(): MatrixCase[] {
  const bad = [
    "targetPerSec: -1",
    "targetPerSec: .inf",
    "utilizationTarget: 2",
    "billing: x",
    "bogus: 1",
    "concurrency: 0",
    "regionTier: 3",
    "prices: { tier3: {} }",
    "maxInstances: 0.5",
    "minInstances: -1",
    "targetPerSec: 0x100",
  ];
  // Found by a corpus run from outside the project: both were accepted; each must name its field.
  const named: Array<[string, string]> = [
    ["minInstances: 5, maxInstances: 2", "cloudRun.minInstances"],
    ["targetPerSec: 1e300", "cloudRun.targetPerSec"],
  ];
  return [
    ...bad.map((field) => ({
      name: `cloudRun ${field}`,
      text: `${VALID_MATRIX}cloudRun: { ${field} }\n`,
      mentions: ["cloudRun"],
    })),
    ...named.map(([fields, path]) => ({
      name: `cloudRun ${fields}`,
      text: `${VALID_MATRIX}cloudRun: { ${fields} }\n`,
      mentions: [path],
    })),
  ];
}

function yamlCases(): MatrixCase[] {
  const aliases101 = `${VALID_MATRIX}anchors: &a 1\nx: [${many(101, () => "*a")}]\n`;
  return [
    { name: "unclosed mapping", text: "scenarios: { throughput: {\naxes: [\n", mentions: ["YAML"] },
    { name: "tab indentation", text: "scenarios:\n\tthroughput: {}\n", mentions: ["YAML"] },
    { name: "duplicate key", text: `${VALID_MATRIX}scenarios: { fanout: {} }\n`, mentions: ["YAML"] },
    { name: "undefined alias", text: `${OK_AXES}scenarios: *nope\n`, mentions: ["*nope", ":2:"] },
    { name: "101 aliases", text: aliases101, mentions: ["aliases", ":4:"] },
    {
      name: "merge of a scalar",
      text: `base: &b 3\n${OK_AXES}scenarios:\n  throughput:\n    <<: *b\n`,
      mentions: ["merge", ":5:"],
    },
    {
      name: "merge of a list of scalars",
      text: `${OK_AXES}scenarios:\n  throughput:\n    <<: [1, 2]\n`,
      mentions: ["merge", ":4:"],
    },
    {
      name: "merge of an alias to a list",
      text: `l: &l [1]\n${OK_AXES}scenarios:\n  throughput:\n    <<: *l\n`,
      mentions: ["merge"],
    },
    { name: "binary tag", text: `${VALID_MATRIX}x: !!binary aGVsbG8=\n`, mentions: [":3:"] },
    { name: "custom tag", text: `${OK_AXES}scenarios: !custom { throughput: {} }\n`, mentions: ["!custom"] },
    { name: "YAML version 9.9", text: `%YAML 9.9\n---\n${VALID_MATRIX}`, mentions: ["YAML"] },
    { name: "two documents", text: `${VALID_MATRIX}---\na: 1\n`, mentions: ["YAML"] },
    { name: "unterminated flow list", text: `${OK_SCENARIOS}axes: { cpus: [1, 2\n`, mentions: ["YAML"] },
    { name: "unterminated quote", text: `${OK_SCENARIOS}image: "x\n`, mentions: ["YAML"] },
    { name: "top-level list", text: "- throughput\n", mentions: ["mapping"] },
    { name: "top-level scalar", text: "hello\n", mentions: ["mapping"] },
    { name: "empty file", text: "", mentions: ["scenarios"] },
    { name: "only a comment", text: "# nothing\n", mentions: ["scenarios"] },
    { name: "NUL byte", text: `${VALID_MATRIX}x: "a\u0000b"\n`, mentions: [] },
    { name: "invalid UTF-8", text: new Uint8Array([0x61, 0x3a, 0x20, 0xff, 0xfe, 0xfd, 0x0a]), mentions: [] },
    { name: "unknown top-level key", text: `${VALID_MATRIX}axis: {}\n`, mentions: ["axis"] },
    {
      name: "top-level scenario typo",
      text: `${OK_AXES}scenario: { throughput: {} }\n`,
      mentions: ["scenario"],
    },
    { name: "a key that is a mapping", text: `${VALID_MATRIX}? { a: 1 }\n: x\n`, mentions: [] },
    {
      name: "deep nesting",
      text: `${VALID_MATRIX}x: ${"[".repeat(500)}${"]".repeat(500)}\n`,
      mentions: ["x"],
    },
    { name: "128 KiB + 1 byte", text: `${VALID_MATRIX}${"#".repeat(128 * 1024)}\n`, mentions: ["128 KiB"] },
    { name: "2 MiB of comments", text: `${VALID_MATRIX}${"# pad\n".repeat(350_000)}`, mentions: ["128 KiB"] },
  ];
}

/** Server mode (`service:`): a service built from ./svc (the test writes its Dockerfile), with one bad field. */
export const SERVICE_DIR_DOCKERFILE = "FROM scratch\n";
function serviceCases(): MatrixCase[] {
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

/** The bundled service's workload modules, which declare their flags as zod fields (generator/describe.ts). */
const WORKLOAD_DIR = join(import.meta.dir, "../../generator/workloads");
/** Workload modules written for tests: one with flags, a fixed one, a legacy load script, one that throws. */
const FIXTURE_DIR = join(import.meta.dir, "../fixtures/workloads");

export function matrixCases(): MatrixCase[] {
  return [
    ...axisCases(),
    ...scenarioCases(),
    ...imageCases(),
    ...ruleCases(),
    ...cloudRunCases(),
    ...serviceCases(),
    ...yamlCases(),
  ];
}
