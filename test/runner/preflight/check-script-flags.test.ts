import { describe, expect, test } from "bun:test";
import { z } from "zod";
import type { MatrixVariant } from "../../../runner/config/resolved-matrix.ts";
import { declaredScriptFlags, scriptFlagIssues } from "../../../runner/preflight/check-flags.ts";

type Declared = Record<string, Record<string, unknown>>;

/** A server-mode variant whose one scenario `s` runs a workload module declaring `declared`, with `flags`. */
const variant = (
  declared: Declared | null,
  flags: Record<string, (string | number)[]>,
  include: Array<{ scenario?: string; flags?: Record<string, string | number> }> = [],
) =>
  ({
    scenarios: [
      {
        name: "s",
        flags,
        load: {
          requests: [],
          script: "export default {}",
          scriptPath: "/x/s.ts",
          workload:
            declared === null
              ? null
              : { shape: "paced", rateUnit: null, latency: "request", flags: declared, imagePath: null },
        },
      },
    ],
    include,
  }) as unknown as MatrixVariant;

// What generator/describe.ts prints for `flags: (z) => ({ rate: ..., mode: ... })`: zod's own JSON Schema of each.
const DECLARED: Declared = {
  rate: z.toJSONSchema(z.number().int().min(1).max(100).default(5)),
  mode: z.toJSONSchema(z.enum(["a", "b"])),
  "keep-alive": z.toJSONSchema(z.boolean()),
};

describe("server-mode workload module flags (declared as zod fields)", () => {
  test("the module's JSON-Schema declarations become flag schemas with their bounds", () => {
    const { flags, problems } = declaredScriptFlags(DECLARED);
    expect(problems).toEqual([]);
    expect([...flags.keys()]).toEqual(["rate", "mode", "keep-alive"]);
    expect(flags.get("rate")).toMatchObject({ type: "integer", minimum: 1, maximum: 100 });
    expect(flags.get("mode")?.enum).toEqual(["a", "b"]);
  });

  test("declared flags are checked by name and value; the issue names the field and the module", () => {
    expect(
      scriptFlagIssues(variant(DECLARED, { rate: [5], mode: ["b"], "keep-alive": ["true"] }), ["s"]),
    ).toEqual([]);
    const issues = scriptFlagIssues(
      variant(DECLARED, { rate: [0, 101, 2.5], mode: ["c"], "keep-alive": ["yes"], rte: [1] }),
      ["s"],
    );
    expect(issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      "scenarios.s.flags.rate: got 0; expected at least 1",
      "scenarios.s.flags.rate: got 101; expected at most 100",
      "scenarios.s.flags.rate: got 2.5; expected a whole number",
      'scenarios.s.flags.mode: got "c"; expected one of a, b',
      'scenarios.s.flags.keep-alive: got "yes"; expected true or false',
      'scenarios.s.flags.rte: /x/s.ts has no flag "rte"; its flags: rate, mode, keep-alive',
    ]);
  });

  test("include rules' flags are checked too, for the scenarios they add cells to", () => {
    const rules = [
      { flags: { rate: 0 } },
      { scenario: "other", flags: { rate: 0 } },
      { scenario: "s", cpus: 1 },
    ];
    const issues = scriptFlagIssues(variant(DECLARED, {}, rules), ["s"]);
    expect(issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      "include[0].flags.rate: got 0; expected at least 1",
    ]);
  });

  test("a module that declares no flags takes none (the generator refuses unknown flags too)", () => {
    const issues = scriptFlagIssues(variant({}, { any: ["thing"] }), ["s"]);
    expect(issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'scenarios.s.flags.any: /x/s.ts has no flag "any"; its flags: ',
    ]);
  });

  test("a request mix (no module) and unselected scenarios are not checked here", () => {
    expect(scriptFlagIssues(variant(null, { any: ["thing"] }), ["s"])).toEqual([]);
    expect(scriptFlagIssues(variant(DECLARED, { rate: [0] }), ["other"])).toEqual([]);
  });

  test("a declaration preflight cannot read is an issue naming the module and the flag", () => {
    const broken: Declared = { x: { type: "float" }, tags: z.toJSONSchema(z.array(z.string())) };
    const issues = scriptFlagIssues(variant(broken, {}), ["s"]);
    expect(issues.map((i) => i.path)).toEqual(["scenarios.s.script", "scenarios.s.script"]);
    expect(issues[0]?.message).toContain("/x/s.ts: flag x:");
    expect(issues[1]?.message).toContain("/x/s.ts: flag tags:");
    expect(declaredScriptFlags(broken).flags.size).toBe(0);
  });
});
