import type { FlagCase } from "./flags/flag-case.ts";
import { otherFlagCases } from "./flags/other-flag-cases.ts";
import { runFlagCases } from "./flags/run-flag-cases.ts";

/** Malformed command lines of every command, generated (test/corpus/flags/). */
export function flagCases(): FlagCase[] {
  return [...runFlagCases(), ...otherFlagCases()];
}
