import type { MatrixCase } from "./matrix-case.ts";
import { many, OK_AXES, OK_SCENARIOS, VALID_MATRIX } from "./matrix-text.ts";

/** YAML the loader refuses (syntax, aliases, tags, encoding, size) and top-level shapes that are not a matrix. */
export function yamlCases(): MatrixCase[] {
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
