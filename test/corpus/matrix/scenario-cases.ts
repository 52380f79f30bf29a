import type { MatrixCase } from "./matrix-case.ts";
import { many, OK_AXES, VALID_MATRIX, withScenario } from "./matrix-text.ts";

/** Scenario settings out of range or of the wrong type: numbers, names, env, command and flags. */
export function scenarioCases(): MatrixCase[] {
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
