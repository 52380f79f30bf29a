import { describe, expect, test } from "bun:test";
import { BadOutputError, parseResult } from "../../contract/parse-result.ts";
import { validResult } from "./result-fixture.ts";

function badOutput(stdout: string): BadOutputError {
  try {
    parseResult(stdout);
  } catch (error) {
    if (error instanceof BadOutputError) return error;
    throw error;
  }
  throw new Error("parseResult accepted bad output");
}

describe("parseResult", () => {
  test("accepts one valid line, with or without a trailing newline", () => {
    const line = JSON.stringify(validResult());
    expect(parseResult(line).scenario).toBe("calibration");
    expect(parseResult(`${line}\n`).counts.published).toBe(10);
  });

  test("rejects empty output", () => {
    expect(badOutput("  \n").kind).toBe("empty");
  });

  test("rejects two JSON lines", () => {
    const line = JSON.stringify(validResult());
    const error = badOutput(`${line}\n${line}\n`);
    expect(error.kind).toBe("multiple-lines");
    expect(error.message).toContain("2 lines");
  });

  test("rejects output that is not JSON and keeps it", () => {
    const error = badOutput("starting benchmark...");
    expect(error.kind).toBe("not-json");
    expect(error.rawOutput).toBe("starting benchmark...");
  });

  test("names the field that fails the schema", () => {
    const bad = { ...validResult(), counts: { ...validResult().counts, lost: -1 } };
    const error = badOutput(JSON.stringify(bad));
    expect(error.kind).toBe("schema");
    expect(error.message).toContain("counts.lost");
  });

  test("rejects an unknown schema version and unknown fields", () => {
    expect(badOutput(JSON.stringify({ ...validResult(), schemaVersion: 2 })).message).toContain(
      "schemaVersion",
    );
    expect(badOutput(JSON.stringify({ ...validResult(), p99: 3 })).message).toContain("p99");
  });
});
