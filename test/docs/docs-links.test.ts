import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { CALIBRATE_FLAGS } from "../../runner/calibrate/calibrate-flags.ts";
import { RUN_FLAGS } from "../../runner/cli/run-args.ts";
import { CHECK_FLAGS } from "../../runner/commands/check/check-flags.ts";
import { documentedKeys } from "./documented-keys.ts";
import { headingAnchors } from "./heading-anchors.ts";
import { markdownLinks } from "./markdown-links.ts";
import { matrixKeyPaths } from "./matrix-key-paths.ts";

const ROOT = resolve(import.meta.dir, "../..");
const DOCS = join(ROOT, "docs");
const README = join(ROOT, "README.md");
const REFERENCE = join(DOCS, "matrix-reference.md");
const KEY_TABLE_HEADING = "## Every key";
const README_MAX_LINES = 200;

const read = (path: string) => readFileSync(path, "utf8");
const pages = readdirSync(DOCS)
  .filter((name) => name.endsWith(".md"))
  .map((name) => join(DOCS, name));

/** Why a relative link from `page` does not resolve (its file, or its anchor in a Markdown file), or null. */
function brokenLink(page: string, target: string): string | null {
  const [file = "", anchor] = target.split("#");
  const path = file === "" ? page : resolve(dirname(page), decodeURI(file));
  if (!existsSync(path)) return `${target}: no such file ${relative(ROOT, path)}`;
  if (anchor === undefined || !path.endsWith(".md")) return null;
  return headingAnchors(read(path)).has(anchor)
    ? null
    : `${target}: no heading #${anchor} in ${relative(ROOT, path)}`;
}

const brokenLinksOf = (page: string) =>
  markdownLinks(read(page))
    .map((target) => brokenLink(page, target))
    .filter((problem) => problem !== null);

describe("README", () => {
  test(`is at most ${README_MAX_LINES} lines`, () => {
    expect(read(README).trimEnd().split("\n").length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  test("every docs/ link resolves to a file, and its anchor to a heading", () => {
    const docsLinks = markdownLinks(read(README)).filter((target) => target.startsWith("docs/"));
    expect(docsLinks.length).toBeGreaterThan(0);
    expect(docsLinks.map((target) => brokenLink(README, target)).filter(Boolean)).toEqual([]);
  });

  test("links every page of docs/", () => {
    const linked = new Set(
      markdownLinks(read(README)).map((target) => resolve(ROOT, target.split("#")[0] ?? "")),
    );
    expect(pages.filter((page) => !linked.has(page)).map((page) => relative(ROOT, page))).toEqual([]);
  });

  test("every other relative link resolves", () => {
    expect(brokenLinksOf(README)).toEqual([]);
  });
});

describe("docs/", () => {
  test.each(pages.map((page) => [relative(ROOT, page), page]))(
    "%s: every relative link resolves",
    (_, page) => {
      expect(brokenLinksOf(page)).toEqual([]);
    },
  );
});

describe("docs/matrix-reference.md", () => {
  const documented = documentedKeys(read(REFERENCE), KEY_TABLE_HEADING);
  const accepted = matrixKeyPaths();

  test("names every matrix key the zod schemas accept", () => {
    const known = new Set(documented);
    expect(accepted.length).toBeGreaterThan(50);
    expect(accepted.filter((path) => !known.has(path))).toEqual([]);
  });

  test("names no key the schemas refuse", () => {
    const isAccepted = (key: string) =>
      accepted.some((path) => path === key || path.startsWith(`${key}.`) || path.startsWith(`${key}[]`));
    expect(documented.filter((key) => !isAccepted(key))).toEqual([]);
  });

  test("names every flag of run, check and calibrate", () => {
    const text = read(REFERENCE);
    const flags = [
      ...Object.keys(RUN_FLAGS.shape),
      ...Object.keys(CHECK_FLAGS.shape),
      ...Object.keys(CALIBRATE_FLAGS.shape),
    ];
    expect(flags.filter((flag) => !text.includes(`--${flag}`))).toEqual([]);
  });
});
