import { describe, expect, test } from "bun:test";
import { formatMemoryApprox, formatMemorySize, parseMemorySize } from "../../../runner/config/memory-size.ts";

const MI = 2 ** 20;
const GI = 2 ** 30;

describe("parseMemorySize", () => {
  test.each([
    ["256Mi", 256 * MI],
    ["1Gi", GI],
    ["1.5Gi", 1.5 * GI],
    ["512Ki", 512 * 1024],
    ["512MiB", 512 * MI],
    ["512m", 512 * MI],
    ["512M", 512 * MI],
    ["512mb", 512 * MI],
    ["1g", GI],
    ["1GB", GI],
    ["0.5g", GI / 2],
    ["268435456", 268435456],
    ["100b", 100],
    [268435456, 268435456],
  ] as Array<[string | number, number]>)("%p is %p bytes", (input, bytes) => {
    expect(parseMemorySize(input)).toEqual({ bytes });
  });

  test.each(["256mi", "1GiGi", "abc", "-1Gi", "1.5", "", "1 Pi", "1e9"] as const)(
    "%p is rejected",
    (input) => {
      const parsed = parseMemorySize(input);
      expect("error" in parsed && parsed.error).toContain("256Mi");
    },
  );

  test("non-integer or negative byte numbers and other types are rejected", () => {
    for (const input of [1.5, -1, true, null, [1]]) expect(parseMemorySize(input)).toHaveProperty("error");
  });
});

describe("formatMemorySize", () => {
  test("uses the largest exact binary unit", () => {
    expect(formatMemorySize(256 * MI)).toBe("256Mi");
    expect(formatMemorySize(1.5 * GI)).toBe("1536Mi");
    expect(formatMemorySize(2 * GI)).toBe("2Gi");
    expect(formatMemorySize(1000)).toBe("1000B");
  });

  test("approximate form for host sizes", () => {
    expect(formatMemoryApprox(25_250_000_000)).toBe("23.5Gi");
    expect(formatMemoryApprox(1.5 * GI)).toBe("1.5Gi");
  });
});
