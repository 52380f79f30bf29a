import { MIB } from "../units/units.ts";
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

/** When no cap is configured, allow the autoscaler twice the planned count for bursts. */
export const MAX_INSTANCES_FACTOR = 2;

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
