import { describe, expect, test } from "bun:test";
import { DockerignoreRules } from "../../../runner/image/build-context.ts";

/** Cases from Docker's .dockerignore reference (docs.docker.com/build/concepts/context/#dockerignore-files). */
const sent = (text: string, paths: string[]) => {
  const rules = DockerignoreRules.parse(text);
  return paths.filter((path) => !rules.excludes(path));
};

describe("Docker's .dockerignore rules", () => {
  test("`*/temp*` excludes names starting with temp one folder below the root only", () => {
    const paths = ["somedir/temporary.txt", "somedir/temp", "somedir/temp/x.txt", "temp.txt", "a/b/temp.txt"];
    expect(sent("*/temp*", paths)).toEqual(["temp.txt", "a/b/temp.txt"]);
  });

  test("`*/*/temp*` reaches two folders below the root; `temp?` one character at the root", () => {
    expect(sent("*/*/temp*", ["somedir/subdir/temporary.txt", "somedir/temporary.txt"])).toEqual([
      "somedir/temporary.txt",
    ]);
    expect(sent("temp?", ["tempa", "tempb", "temp", "tempab", "dir/tempa"])).toEqual([
      "temp",
      "tempab",
      "dir/tempa",
    ]);
  });

  test("`**/*.go` excludes .go files in every folder, the root included", () => {
    expect(sent("**/*.go", ["main.go", "a/b/c.go", "a/b/c.gox", "go.mod"])).toEqual(["a/b/c.gox", "go.mod"]);
  });

  test("`*` does not cross `/`: `*.md` is the root's markdown only (unlike .gitignore)", () => {
    expect(sent("*.md", ["CHANGES.md", "docs/guide.md"])).toEqual(["docs/guide.md"]);
  });

  test("`!README*.md` after `*.md` re-includes the READMEs; a later line wins", () => {
    const paths = ["CHANGES.md", "README.md", "README-secret.md"];
    expect(sent("*.md\n!README*.md\nREADME-secret.md\n", paths)).toEqual(["README.md"]);
    expect(sent("*.md\nREADME-secret.md\n!README*.md\n", paths)).toEqual(["README.md", "README-secret.md"]);
  });

  test("a leading `/` is the context root: `/foo/bar` and `foo/bar` exclude the same paths", () => {
    const paths = ["foo/bar", "foo/bar/baz.txt", "x/foo/bar", "foo/barn"];
    expect(sent("/foo/bar", paths)).toEqual(["x/foo/bar", "foo/barn"]);
    expect(sent("foo/bar", paths)).toEqual(["x/foo/bar", "foo/barn"]);
  });

  test("a line starting with `#` is a comment; blank lines are nothing", () => {
    const rules = DockerignoreRules.parse("# comment\n#*.md\n\n   \n*.log\n");
    expect(rules.rules.map((rule) => rule.text)).toEqual(["*.log"]);
    expect(sent("# comment\n#*.md\n", ["# comment", "a.md"])).toEqual(["# comment", "a.md"]);
  });

  test("a folder rule covers what is inside; an exception re-includes one file of it", () => {
    const paths = ["node_modules/a/index.js", "node_modules/keep.txt", "src/a.ts"];
    expect(sent("node_modules\n!node_modules/keep.txt\n", paths)).toEqual([
      "node_modules/keep.txt",
      "src/a.ts",
    ]);
  });

  test("matching is case-sensitive, as Docker on Linux", () => {
    expect(sent("*.MD", ["a.md", "b.MD"])).toEqual(["a.md"]);
  });

  test("the excluding rule is named with its line; an exception that wins names no rule", () => {
    const rules = DockerignoreRules.parse("# build output\n*.md\n!README*.md\n");
    expect(rules.excludingRule("CHANGES.md")).toMatchObject({ text: "*.md", line: 2, exception: false });
    expect(rules.excludingRule("README.md")).toBeNull();
    expect(rules.decidingRule("README.md")).toMatchObject({ text: "!README*.md", line: 3, exception: true });
    expect(rules.excludingRule("src/a.ts")).toBeNull();
  });
});
