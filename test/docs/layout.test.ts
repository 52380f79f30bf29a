import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

// docs/development.md's layout block against the tree as it is at test time (folders move; the doc must follow).
const ROOT = resolve(import.meta.dir, "../..");
const SKIPPED = new Set(["node_modules"]);
/** A folder token: lower-case segments ending in "/" and not followed by more path (so "step/summary" is none). */
const FOLDER = /(?<![\w./-])[a-z][\w-]*(?:\/[\w-]+)*\/(?![\w.-])/g;

interface Entry {
  /** Folders the line names in its left column: top-level ones, or runner/<sub> on an indented runner line. */
  named: string[];
  /** Folders its description names: each lies under one of `roots` (or is top-level). */
  described: string[];
  roots: string[];
}

function layoutBlock(): string[] {
  const doc = readFileSync(join(ROOT, "docs/development.md"), "utf8");
  const section = doc.split(/^## /m).find((part) => part.startsWith("Layout\n"));
  const block = section?.split("```")[1];
  if (block === undefined) throw new Error("docs/development.md has no code block under ## Layout");
  return block.split("\n").filter((line) => line.trim() !== "");
}

const folders = (text: string): string[] => (text.match(FOLDER) ?? []).map((f) => f.replace(/\/$/, ""));

/** Each line split into its left column (up to the first gap of 2+ spaces) and its description. */
function entries(): Entry[] {
  const out: Entry[] = [];
  let top = "";
  let roots: string[] = [];
  for (const line of layoutBlock()) {
    const indent = line.length - line.trimStart().length;
    if (indent > 2) {
      out.push({ named: [], described: folders(line), roots });
      continue;
    }
    const body = line.trimStart();
    const gap = body.search(/ {2,}/);
    const left = folders(gap < 0 ? body : body.slice(0, gap));
    const described = gap < 0 ? [] : folders(body.slice(gap));
    if (indent === 0) top = left[0] ?? top;
    const named = indent === 2 && top === "runner" ? left.map((f) => `runner/${f}`) : left;
    roots = named;
    out.push({ named, described, roots });
  }
  return out;
}

function directories(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith(".") || SKIPPED.has(entry.name)) continue;
    const path = prefix + entry.name;
    out.push(path, ...directories(join(dir, entry.name), `${path}/`));
  }
  return out;
}

function holdsTypeScript(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true, recursive: true }).some(
    (entry) => entry.isFile() && entry.name.endsWith(".ts") && !entry.parentPath.includes("node_modules"),
  );
}

const tree = directories(ROOT);
const topLevel = tree.filter((path) => !path.includes("/"));

describe("docs/development.md's layout", () => {
  test("every folder it names exists (under its entry, beside it, or at the top level)", () => {
    const missing: string[] = [];
    for (const { named, described, roots } of entries()) {
      for (const folder of named) if (!tree.includes(folder)) missing.push(folder);
      for (const folder of described) {
        const found =
          topLevel.includes(folder) ||
          roots.some((root) =>
            tree.some(
              (path) =>
                path === `${root}/${folder}` ||
                path === `${dirname(root)}/${folder}` ||
                (path.startsWith(`${root}/`) && path.endsWith(`/${folder}`)),
            ),
          );
        if (!found) missing.push(`${folder} (under ${roots.join(", ")})`);
      }
    }
    expect(missing).toEqual([]);
  });

  test("it names every top-level code folder", () => {
    const named = new Set(entries().flatMap((e) => [...e.named, ...e.described]));
    const code = topLevel.filter((dir) => holdsTypeScript(join(ROOT, dir)));
    expect(code.filter((dir) => !named.has(dir))).toEqual([]);
  });

  test("it names every runner/ subfolder", () => {
    const named = new Set(entries().flatMap((e) => e.named.map((f) => f.split("/").slice(0, 2).join("/"))));
    const subfolders = tree.filter((path) => /^runner\/[^/]+$/.test(path));
    expect(subfolders.filter((dir) => !named.has(dir))).toEqual([]);
  });
});
