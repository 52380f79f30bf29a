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
  /^(engine|scenarios|harness|runner|contract|search|service|examples|generator)\//.test(target);

describe("dependency directions", () => {
  test("the import scan sees the runner's imports of contract/ (so the rules below are not vacuous)", () => {
    expect(importsUnder("runner").some(({ target }) => target.startsWith("contract/"))).toBe(true);
  });

  test("engine/ imports nothing of ours", () => {
    const bad = importsUnder("engine").filter(({ target }) => ours(target) && !target.startsWith("engine/"));
    expect(bad).toEqual([]);
  });

  test("harness/ imports contract/ and search/ only of ours (and sees both, so the rule is not vacuous)", () => {
    const imports = importsUnder("harness");
    expect(imports.some(({ target }) => target.startsWith("contract/"))).toBe(true);
    expect(imports.some(({ target }) => target.startsWith("search/"))).toBe(true);
    const bad = imports.filter(({ target }) => ours(target) && !/^(harness|contract|search)\//.test(target));
    expect(bad).toEqual([]);
  });

  test("search/ imports nothing of ours but contract/", () => {
    const bad = importsUnder("search").filter(
      ({ target }) => ours(target) && !/^(search|contract)\//.test(target),
    );
    expect(bad).toEqual([]);
  });

  test("generator/ imports contract/ and its own files only, and sees contract/ (so the rule is not vacuous)", () => {
    const imports = importsUnder("generator");
    expect(imports.some(({ target }) => target.startsWith("contract/"))).toBe(true);
    const bad = imports.filter(({ target }) => ours(target) && !/^(generator|contract)\//.test(target));
    expect(bad).toEqual([]);
  });

  // The demo (the engine, its scenarios, the bundled service and its workloads) reaches the tool only through the
  // plug-in paths a user's code has: the contract, the harness and the generator's workload API.
  const demoMayImport = /^(engine|scenarios|service|contract|harness|generator\/api)\//;

  test("the demo (engine/, scenarios/, service/ with service/workloads/) imports only contract/, harness/ and generator/api/ of the tool", () => {
    const imports = ["engine", "scenarios", "service"].flatMap(importsUnder);
    expect(imports.some(({ target }) => target.startsWith("harness/"))).toBe(true);
    expect(imports.some(({ target }) => target.startsWith("generator/api/"))).toBe(true);
    const bad = imports.filter(({ target }) => ours(target) && !demoMayImport.test(target));
    expect(bad).toEqual([]);
  });

  test("the bundled service's workloads import only contract/, harness/ and generator/api/ beyond their own folder", () => {
    const bad = importsUnder("service/workloads").filter(
      ({ target }) => ours(target) && !/^(service\/workloads|contract|harness|generator\/api)\//.test(target),
    );
    expect(bad).toEqual([]);
  });

  test("the service itself imports engine/ only of ours (and sees it, so the rule is not vacuous)", () => {
    const imports = importsUnder("service").filter(({ file }) => !file.startsWith("service/workloads/"));
    expect(imports.some(({ target }) => target.startsWith("engine/"))).toBe(true);
    const bad = imports.filter(({ target }) => ours(target) && !/^(engine|service)\//.test(target));
    expect(bad).toEqual([]);
  });

  test("the engine's scenarios import engine/, contract/, harness/ and the seed plan's payload mixes only of ours", () => {
    const bad = importsUnder("scenarios").filter(
      ({ target }) =>
        ours(target) &&
        !/^(scenarios|engine|contract|harness)\//.test(target) &&
        target !== "service/workloads/payload-mix.ts",
    );
    expect(bad).toEqual([]);
  });

  test("runner/ never imports engine/, scenarios/, service/, harness/ or generator/ (contract/ and search/ are fine)", () => {
    const bad = importsUnder("runner").filter(({ target }) =>
      /^(engine|scenarios|service|harness|generator)\//.test(target),
    );
    expect(bad).toEqual([]);
  });

  test("the tool never imports the demo (engine/, scenarios/, service/): it reaches it as a user's plug-in", () => {
    const importers = ["runner", "contract", "search", "harness", "generator"]
      .flatMap(importsUnder)
      .filter(({ target }) => /^(engine|scenarios|service)\//.test(target));
    expect(importers).toEqual([]);
  });

  test("nothing the product ships imports generator/ but its workload API (it runs as its own program)", () => {
    const importers = ["engine", "scenarios", "harness", "runner", "contract", "search", "service"]
      .flatMap(importsUnder)
      .filter(({ target }) => target.startsWith("generator/") && !target.startsWith("generator/api/"));
    expect(importers).toEqual([]);
  });

  test("only runner/docker/ imports dockerode", () => {
    const importers = [
      ...importsUnder("runner"),
      ...importsUnder("scenarios"),
      ...importsUnder("harness"),
      ...importsUnder("engine"),
    ]
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
    expect(imports.some(({ target }) => target.startsWith("harness/"))).toBe(true);
    const bad = imports.filter(
      ({ target }) => ours(target) && !/^(examples|harness|contract|search|generator\/api)\//.test(target),
    );
    expect(bad).toEqual([]);
  });

  test("nothing the product ships imports examples/", () => {
    const importers = [
      "engine",
      "scenarios",
      "harness",
      "runner",
      "contract",
      "search",
      "service",
      "generator",
    ]
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
