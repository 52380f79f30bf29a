import { describe, expect, test } from "bun:test";
import { BadOutputError, parseResult } from "../contract/parse-result.ts";

describe("parseResult", () => {
  test("rejects empty output", () => {
    expect(() => parseResult("\n")).toThrow(BadOutputError);
  });
});
