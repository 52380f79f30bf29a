import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { Glob } from "bun";

const repoRoot = join(import.meta.dir, "../..");
const IMPORT_PATTERN = /(?:import|export)\s[^"']*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Every import of every .ts file under `folder`, as repo-relative paths (relative imports) or package names. */
function importsUnder(folder: string): Array<{ file: string; target: string }> {
  const found: Array<{ file: string; target: string }> = [];
  for (const file of new Glob(`${folder}/**/*.ts`).scanSync(repoRoot)) {
    const source = readFileSync(join(repoRoot, file), "utf8");
    for (const match of source.matchAll(IMPORT_PATTERN)) {
      const spec = (match[1] ?? match[2]) as string;
      const target = spec.startsWith(".") ? relative(repoRoot, join(repoRoot, dirname(file), spec)) : spec;
      found.push({ file, target });
    }
  }
  return found;
}

const ours = (target: string) => /^(engine|scenarios|runner|contract)\//.test(target);

describe("dependency directions", () => {
  test("the import scan sees the runner's imports of contract/ (so the rules below are not vacuous)", () => {
    expect(importsUnder("runner").some(({ target }) => target.startsWith("contract/"))).toBe(true);
  });

  test("engine/ imports nothing of ours", () => {
    const bad = importsUnder("engine").filter(({ target }) => ours(target) && !target.startsWith("engine/"));
    expect(bad).toEqual([]);
  });

  test("scenarios/ import only engine/ and contract/ of ours", () => {
    const bad = importsUnder("scenarios").filter(({ target }) => target.startsWith("runner/"));
    expect(bad).toEqual([]);
  });

  test("runner/ never imports engine/ or scenarios/", () => {
    const bad = importsUnder("runner").filter(({ target }) => /^(engine|scenarios)\//.test(target));
    expect(bad).toEqual([]);
  });

  test("only runner/docker/ imports dockerode", () => {
    const importers = [...importsUnder("runner"), ...importsUnder("scenarios"), ...importsUnder("engine")]
      .filter(({ target }) => target === "dockerode")
      .map(({ file }) => file);
    expect(importers.every((file) => file.startsWith("runner/docker/"))).toBe(true);
    expect(importers).toContain("runner/docker/docker-client.ts");
  });

  test("only the table exporter imports cli-table3", () => {
    const importers = importsUnder("runner")
      .filter(({ target }) => target === "cli-table3")
      .map(({ file }) => file);
    expect(new Set(importers).size).toBe(1);
  });

  test("outside runner/drivers/, nothing knows which driver runs (only create-driver.ts picks one)", () => {
    const bad = importsUnder("runner").filter(
      ({ file, target }) =>
        !file.startsWith("runner/drivers/") && /^runner\/drivers\/(local|swarm)\//.test(target),
    );
    expect(bad).toEqual([]);
  });

  test("sizing and reports never touch Docker", () => {
    const bad = [...importsUnder("runner/sizing"), ...importsUnder("runner/report")].filter(
      ({ target }) => /^runner\/(docker|execute|image)\//.test(target) || target === "dockerode",
    );
    expect(bad).toEqual([]);
  });
});
