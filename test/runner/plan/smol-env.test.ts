import { expect, test } from "bun:test";
import { smolEnv } from "../../../runner/plan/plan-run.ts";

test("--smol goes first in BUN_OPTIONS, once, and only for smol cells", () => {
  expect(smolEnv({}, true)).toEqual({ BUN_OPTIONS: "--smol" });
  expect(smolEnv({ BUN_OPTIONS: "--x" }, true)).toEqual({ BUN_OPTIONS: "--smol --x" });
  expect(smolEnv({ BUN_OPTIONS: "--smol --x" }, true)).toEqual({ BUN_OPTIONS: "--smol --x" });
  expect(smolEnv({ A: "1" }, false)).toEqual({ A: "1" });
});
