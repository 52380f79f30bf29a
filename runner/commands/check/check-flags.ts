import { z } from "zod";
import { booleanFlag, decimalText, PathText, resultsFlag, valueFlag, wholeText } from "../../cli/flags.ts";
import { CLOUD_RUN_LIMITS, MAX_TARGET_PER_SEC } from "../../cloudrun/cloud-run-limits.ts";
import { CPU_BOUNDS, Cpus, MemoryBytesText, ScenarioName } from "../../config/field-schemas.ts";
import { DEFAULT_FAIL_PCT, DEFAULT_WARN_PCT } from "./check-verdict.ts";

/** check gates a Cloud Run deploy, so sizes stop at the largest Cloud Run instance (run has --force for more). */
const CheckMemory = MemoryBytesText.refine(
  (bytes) => bytes <= CLOUD_RUN_LIMITS.maxMemoryBytes,
  "must be at most 32Gi, the largest Cloud Run instance",
);

/** The flags of `check`: one entry per flag. */
export const CHECK_FLAGS = z.strictObject({
  target: valueFlag(
    decimalText("messages per second", { min: 0, max: MAX_TARGET_PER_SEC, minExclusive: true }),
    {
      help: "peak load the deploy must carry, messages per second (required)",
      value: "N",
      example: "--target 5000",
    },
  ),
  cpus: valueFlag(decimalText("CPUs", { min: CPU_BOUNDS.min, max: CPU_BOUNDS.cloudRunMax }).pipe(Cpus), {
    help: `CPUs of the size to check (up to ${CPU_BOUNDS.cloudRunMax}); with --memory`,
    value: "N",
    example: "--cpus 1",
  }),
  memory: valueFlag(CheckMemory, {
    help: "memory of the size to check, e.g. 512Mi; with --cpus",
    value: "SIZE",
    example: "--memory 512Mi",
  }),
  smol: booleanFlag("check the size with BUN_OPTIONS=--smol; with --cpus and --memory"),
  instances: valueFlag(wholeText("instances", { min: 1, max: 1000 }), {
    help: "instances the deploy runs (default cloudRun.maxInstances or 1)",
    value: "N",
    example: "--instances 2",
  }),
  scenario: valueFlag(ScenarioName, {
    help: "check only this scenario",
    value: "NAME",
    example: "--scenario throughput",
  }),
  baseline: valueFlag(PathText, {
    help: "run id, run dir, sizing.json or cell record to compare ceilings with",
    value: "REF",
    example: "--baseline latest-good",
  }),
  "same-host": booleanFlag(
    "with --baseline: refuse (exit 2) when the two runs' host probes differ by over 10%, instead of normalising",
  ),
  "warn-pct": valueFlag(decimalText("percent", { min: 0, max: 100 }), {
    help: `warn when the ceiling drops this much below the baseline (default ${DEFAULT_WARN_PCT})`,
    value: "PCT",
    example: "--warn-pct 5",
  }),
  "fail-pct": valueFlag(decimalText("percent", { min: 0, max: 100 }), {
    help: `fail when it drops this much, confirmed by a re-run (default ${DEFAULT_FAIL_PCT})`,
    value: "PCT",
    example: "--fail-pct 10",
  }),
  junit: valueFlag(PathText, {
    help: "also write a JUnit XML verdict here",
    value: "FILE",
    example: "--junit check.xml",
  }),
  matrix: valueFlag(PathText, {
    help: "matrix file to plan the size's cells from (default matrix.yaml)",
    value: "FILE",
    example: "--matrix matrix.yaml",
  }),
  results: resultsFlag,
});
export type CheckFlags = z.output<typeof CHECK_FLAGS>;
