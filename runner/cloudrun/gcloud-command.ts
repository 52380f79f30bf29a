import { MIB } from "../units/units.ts";
import { SCALING_DEFAULTS, type ScalingSetting } from "./autoscaler.ts";
import { type BillingMode, throttlingFlag } from "./pricing.ts";

export interface GcloudInput {
  cpus: number;
  memoryBytes: number;
  smol: boolean;
  instances: number;
  minInstances: number;
  maxInstances: number;
  concurrency: number;
  billing: BillingMode;
  executionEnvironment: "gen1" | "gen2" | null;
}

/**
 * The `gcloud run deploy` line for a size. Flags per cloud.google.com/sdk/gcloud/reference/run/deploy:
 * --cpu-throttling is request-based billing, --no-cpu-throttling instance-based; --update-env-vars keeps
 * the service's other variables (--set-env-vars would replace them all).
 */
export function gcloudCommand(input: GcloudInput): string {
  const flags = [
    "gcloud run deploy SERVICE --image IMAGE",
    `--cpu ${Number(input.cpus.toFixed(3))}`,
    `--memory ${Math.ceil(input.memoryBytes / MIB)}Mi`,
    `--concurrency ${input.concurrency}`,
    `--min-instances ${input.minInstances}`,
    `--max-instances ${input.maxInstances}`,
    throttlingFlag(input.billing),
  ];
  if (input.executionEnvironment) flags.push(`--execution-environment ${input.executionEnvironment}`);
  if (input.smol) flags.push("--update-env-vars BUN_OPTIONS=--smol");
  return flags.join(" ");
}

/**
 * Scaling the gcloud line cannot carry: no deploy flag for them was found in Cloud Run's docs, so they go in the
 * service's YAML (Admin API v2: RevisionScaling.cpuUtilization/concurrencyUtilization, ServiceScaling's manual
 * count). null at the default targets.
 */
export function scalingNote(scaling: ScalingSetting): string | null {
  if ("manual" in scaling)
    return `manual scaling: in the service's YAML set scaling.scalingMode: MANUAL and scaling.manualInstanceCount: ${scaling.manual} (Cloud Run Admin API v2 ServiceScaling); min- and max-instances are then ignored`;
  const { cpuTarget, concurrencyTarget } = scaling;
  if (cpuTarget === SCALING_DEFAULTS.cpuTarget && concurrencyTarget === SCALING_DEFAULTS.concurrencyTarget)
    return null;
  return `scaling targets: in the service's YAML set the revision template's scaling.cpuUtilization: ${cpuTarget} and scaling.concurrencyUtilization: ${concurrencyTarget} (Cloud Run Admin API v2 RevisionScaling)`;
}
