import { describe, expect, test } from "bun:test";
import { FlagError, parseFlags } from "../../contract/flags.ts";
import { COMMON_FLAGS } from "../../harness/common-flags.ts";

const parse = (argv: string[]) => parseFlags(COMMON_FLAGS, argv);
const messageOf = (argv: string[]) => {
  try {
    parse(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(FlagError);
    return (error as FlagError).message;
  }
  throw new Error("expected a FlagError");
};

describe("parseFlags", () => {
  test("applies defaults", () => {
    expect(parse([])).toMatchObject({ warmupS: 5, durationS: 10, stepS: 2, sampleMs: 250, maxSteps: 14 });
  });

  test("accepts --name=value and --name value", () => {
    expect(parse(["--warmup-s=1", "--mode", "steps", "--rates", "10, 20,30"])).toMatchObject({
      warmupS: 1,
      mode: "steps",
      rates: [10, 20, 30],
    });
  });

  test("an unknown flag names the flag and lists the allowed ones", () => {
    const message = messageOf(["--speed=3"]);
    expect(message).toContain("--speed=3");
    expect(message).toContain("--warmup-s");
  });

  test("camelCase spelling is not a flag", () => {
    expect(messageOf(["--warmupS=1"])).toContain("Unknown flag");
  });

  test("a bad enum value names the flag, the value and what is allowed", () => {
    const message = messageOf(["--mode=fast"]);
    expect(message).toContain("--mode");
    expect(message).toContain('"fast"');
    expect(message).toContain("ceiling");
  });

  test("a bad number and a bad list are rejected", () => {
    expect(messageOf(["--duration-s=abc"])).toContain("--duration-s");
    expect(messageOf(["--rates=1,x"])).toContain("--rates");
    expect(messageOf(["--sample-ms=0"])).toContain("--sample-ms");
  });

  test("a flag without a value, a repeated flag, and a bare argument are rejected", () => {
    expect(messageOf(["--mode"])).toContain("needs a value");
    expect(messageOf(["--mode=closed", "--mode=steps"])).toContain("twice");
    expect(messageOf(["closed"])).toContain("Unexpected argument");
  });
});
