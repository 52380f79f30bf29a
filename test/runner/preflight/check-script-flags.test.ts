import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { MatrixVariant } from "../../../runner/config/matrix.ts";
import { declaredScriptFlags, scriptFlagIssues } from "../../../runner/preflight/check-script-flags.ts";

const STEP_DIR = join(import.meta.dir, "../../../scenarios/service/step");

/** A server-mode variant whose one scenario `s` runs `script` with `flags`. */
const variant = (
  script: string,
  flags: Record<string, (string | number)[]>,
  include: Array<{ scenario?: string; flags?: Record<string, string | number> }> = [],
) =>
  ({
    scenarios: [{ name: "s", flags, load: { requests: [], script, scriptPath: "/x/s.js" } }],
    include,
  }) as unknown as MatrixVariant;

const SCRIPT = [
  '// bc-flag: rate {"type":"integer","minimum":1,"maximum":100}',
  '// bc-flag: mode {"enum":["a","b"]}',
  "export default () => {};",
].join("\n");

describe("server-mode script flags (// bc-flag:)", () => {
  test("declared flags are checked by name and value; the issue names the field and the script", () => {
    expect(scriptFlagIssues(variant(SCRIPT, { rate: [5], mode: ["b"] }), ["s"])).toEqual([]);
    const issues = scriptFlagIssues(variant(SCRIPT, { rate: [0, 101], mode: ["c"], rte: [1] }), ["s"]);
    expect(issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      "scenarios.s.flags.rate: got 0; expected at least 1",
      "scenarios.s.flags.rate: got 101; expected at most 100",
      'scenarios.s.flags.mode: got "c"; expected one of a, b',
      'scenarios.s.flags.rte: /x/s.js has no flag "rte"; its flags: rate, mode',
    ]);
  });

  test("include rules' flags are checked too, for the scenarios they add cells to", () => {
    const rules = [
      { flags: { rate: 0 } },
      { scenario: "other", flags: { rate: 0 } },
      { scenario: "s", cpus: 1 },
    ];
    const issues = scriptFlagIssues(variant(SCRIPT, {}, rules), ["s"]);
    expect(issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      "include[0].flags.rate: got 0; expected at least 1",
    ]);
  });

  test("a script that declares nothing is not checked; unselected scenarios are skipped", () => {
    expect(scriptFlagIssues(variant("export default () => {};", { any: ["thing"] }), ["s"])).toEqual([]);
    expect(scriptFlagIssues(variant(SCRIPT, { rate: [0] }), ["other"])).toEqual([]);
  });

  test("a malformed declaration is an issue naming the script and the line", () => {
    const broken = '// bc-flag: rate {not json}\n// bc-flag: Bad-Name {}\n// bc-flag: x {"type":"float"}';
    const issues = scriptFlagIssues(variant(broken, {}), ["s"]);
    expect(issues.map((i) => i.path)).toEqual([
      "scenarios.s.script",
      "scenarios.s.script",
      "scenarios.s.script",
    ]);
    expect(issues[0]?.message).toContain("/x/s.js: line 1: flag rate: the schema is not JSON");
    expect(issues[1]?.message).toContain("line 2: expected");
    expect(issues[2]?.message).toContain("line 3: flag x:");
    expect(declaredScriptFlags('// bc-flag: p {"pattern":"(unclosed"}').problems).toEqual([
      'line 1: flag p: pattern "(unclosed" is not a regular expression',
    ]);
    expect(declaredScriptFlags("// bc-flag: a {}\n// bc-flag: a {}").problems).toEqual([
      "line 2: flag a is declared twice",
    ]);
  });

  // The declarations are what preflight checks; the scripts check again in k6. They must say the same.
  test.each(readdirSync(STEP_DIR).filter((f) => f.endsWith(".js")))(
    "%s declares exactly the flags its code reads, with the bounds its intFlag calls use",
    (file) => {
      const source = readFileSync(join(STEP_DIR, file), "utf8");
      const { flags, problems } = declaredScriptFlags(source);
      expect(problems).toEqual([]);
      const read = new Set<string>();
      const number = (text: string) =>
        text.split("*").reduce((product, part) => product * Number(part.trim()), 1);
      const code = source
        .split("\n")
        .filter((line) => !line.trim().startsWith("//"))
        .join("\n");
      for (const m of code.matchAll(/intFlag\(flags, "([a-z-]+)", (.+?), ([\d *]+), ([\d *]+)\)/g)) {
        const [, name = "", , min = "", max = ""] = m;
        read.add(name);
        expect({ name, ...flags.get(name) }).toMatchObject({
          name,
          type: "integer",
          minimum: number(min),
          maximum: number(max),
        });
      }
      for (const m of code.matchAll(/flags(?:\.([a-z]+)|\["([a-z-]+)"\])/g)) read.add(m[1] ?? m[2] ?? "");
      expect([...flags.keys()].sort()).toEqual([...read].sort());
    },
  );
});
