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

const ours = (target: string) =>
  /^(engine|scenarios|runner|contract|search|service|examples|generator)\//.test(target);

describe("dependency directions", () => {
  test("the import scan sees the runner's imports of contract/ (so the rules below are not vacuous)", () => {
    expect(importsUnder("runner").some(({ target }) => target.startsWith("contract/"))).toBe(true);
  });

  test("engine/ imports nothing of ours", () => {
    const bad = importsUnder("engine").filter(({ target }) => ours(target) && !target.startsWith("engine/"));
    expect(bad).toEqual([]);
  });

  test("service/ imports engine/ only of ours (and sees it, so the rule is not vacuous)", () => {
    const imports = importsUnder("service");
    expect(imports.some(({ target }) => target.startsWith("engine/"))).toBe(true);
    const bad = imports.filter(
      ({ target }) => ours(target) && !target.startsWith("engine/") && !target.startsWith("service/"),
    );
    expect(bad).toEqual([]);
  });

  test("nothing imports service/ (it is an entry point, run as its own process)", () => {
    const importers = ["engine", "scenarios", "runner", "contract", "search"]
      .flatMap((folder) => importsUnder(folder))
      .filter(({ target }) => target.startsWith("service/"));
    expect(importers).toEqual([]);
  });

  test("search/ imports nothing of ours but contract/", () => {
    const bad = importsUnder("search").filter(
      ({ target }) => ours(target) && !/^(search|contract)\//.test(target),
    );
    expect(bad).toEqual([]);
  });

  test("the import scan sees scenarios/ importing search/ (so the search rule is exercised)", () => {
    expect(importsUnder("scenarios").some(({ target }) => target.startsWith("search/"))).toBe(true);
  });

  test("scenarios/ import only engine/, contract/ and search/ of ours", () => {
    const bad = importsUnder("scenarios").filter(
      ({ target }) => ours(target) && !/^(scenarios|engine|contract|search)\//.test(target),
    );
    expect(bad).toEqual([]);
  });

  test("runner/ never imports engine/, service/, scenarios/ or generator/ (contract/ and search/ are fine)", () => {
    const bad = importsUnder("runner").filter(({ target }) =>
      /^(engine|scenarios|service|generator)\//.test(target),
    );
    expect(bad).toEqual([]);
  });

  test("generator/ imports contract/ and its own files only, and sees contract/ (so the rule is not vacuous)", () => {
    const imports = importsUnder("generator");
    expect(imports.some(({ target }) => target.startsWith("contract/"))).toBe(true);
    const bad = imports.filter(({ target }) => ours(target) && !/^(generator|contract)\//.test(target));
    expect(bad).toEqual([]);
  });

  test("nothing the product ships imports generator/ (it runs as its own program, in its own image)", () => {
    const importers = ["engine", "scenarios", "runner", "contract", "search", "service"]
      .flatMap((folder) => importsUnder(folder))
      .filter(({ target }) => target.startsWith("generator/"));
    expect(importers).toEqual([]);
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
        !file.startsWith("runner/drivers/") &&
        /^runner\/drivers\/(local|swarm)\//.test(target) &&
        !target.endsWith("-error.ts"), // the exit-code table knows every typed error
    );
    expect(bad).toEqual([]);
  });

  test("no runner/ folder imports one that imports it back, directly or through others (no import circles)", () => {
    const folderOf = (path: string) => (/^runner\/([^/]+)\//.exec(path) ?? [])[1];
    const edges = new Map<string, Set<string>>();
    for (const { file, target } of importsUnder("runner")) {
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from && to && from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
    expect(edges.size).toBeGreaterThan(5);
    const reaches = (start: string, goal: string): boolean => {
      const seen = new Set<string>();
      const stack = [...(edges.get(start) ?? [])];
      while (stack.length > 0) {
        const folder = stack.pop() as string;
        if (folder === goal) return true;
        if (seen.has(folder)) continue;
        seen.add(folder);
        stack.push(...(edges.get(folder) ?? []));
      }
      return false;
    };
    const circles = [...edges].flatMap(([from, targets]) =>
      [...targets].filter((to) => reaches(to, from)).map((to) => `${from} -> ${to} -> ... -> ${from}`),
    );
    expect(circles).toEqual([]);
  });

  test("docker/ does not import results/ (no docker <-> results loop)", () => {
    const bad = importsUnder("runner/docker").filter(({ target }) => target.startsWith("runner/results/"));
    expect(bad).toEqual([]);
  });

  test("the command shell (cli/) knows Docker and execution only by their typed errors", () => {
    const bad = importsUnder("runner/cli").filter(
      ({ target }) =>
        (/^runner\/(docker|execute|image|drivers)\//.test(target) && !target.endsWith("-error.ts")) ||
        target === "dockerode",
    );
    expect(bad).toEqual([]);
  });

  test("sizing, reports and the variant comparison never touch Docker", () => {
    const finishedResultsOnly = ["runner/sizing", "runner/report"]; // the variant comparison lives in sizing/variants/
    const bad = finishedResultsOnly
      .flatMap(importsUnder)
      .filter(({ target }) => /^runner\/(docker|execute|image)\//.test(target) || target === "dockerode");
    expect(bad).toEqual([]);
  });

  test("cloudrun/ (Cloud Run's limits, prices, deployability) imports no Docker and, of the runner, units/ only", () => {
    const imports = importsUnder("runner/cloudrun");
    expect(imports.some(({ target }) => target.startsWith("runner/units/"))).toBe(true);
    const bad = imports.filter(
      ({ target }) =>
        target === "dockerode" ||
        (target.startsWith("runner/") && !/^runner\/(cloudrun|units)\//.test(target)),
    );
    expect(bad).toEqual([]);
  });

  test("examples/ (users' plug-ins) import only the harness, the workload API, contract/ and search/ of ours", () => {
    const imports = importsUnder("examples");
    expect(imports.some(({ target }) => target.startsWith("scenarios/harness/"))).toBe(true);
    const bad = imports.filter(
      ({ target }) =>
        ours(target) && !/^(examples|scenarios\/harness|contract|search|generator\/api)\//.test(target),
    );
    expect(bad).toEqual([]);
  });

  test("nothing the product ships imports examples/", () => {
    const importers = ["engine", "scenarios", "runner", "contract", "search", "service"]
      .flatMap((folder) => importsUnder(folder))
      .filter(({ target }) => target.startsWith("examples/"));
    expect(importers).toEqual([]);
  });

  test("load generator adapters are pure: no Docker, no images", () => {
    const bad = importsUnder("runner/load/bun-generator").filter(
      ({ target }) => /^runner\/(docker|image|execute)\//.test(target) || target === "dockerode",
    );
    expect(bad).toEqual([]);
  });
});
