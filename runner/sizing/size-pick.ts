import { gcloudCommand, MAX_INSTANCES_FACTOR } from "../cloudrun/gcloud-command.ts";
import type { CloudRunSettings } from "../config/cloud-run-settings.ts";
import { cellConcurrency } from "./cell-concurrency.ts";
import type { DeployOption } from "./pick-strategies.ts";
import type { SizePick, Strategy } from "./sizing-report.ts";
import { verdictWarnings } from "./verdict-warnings.ts";

/** A strategy's answer: the option's size, instances, bill under its billing mode, and the deploy line. */
export function toSizePick(
  strategy: Strategy,
  option: DeployOption | null,
  settings: CloudRunSettings,
): SizePick | null {
  const cell = option?.cell;
  if (!option || !cell || cell.instances === null || cell.p99AtCeilingMs === null) return null;
  const maxInstances = settings.maxInstances ?? Math.max(cell.instances * MAX_INSTANCES_FACTOR, 1);
  const concurrency = cellConcurrency(cell, settings);
  const other = option.billing === "request" ? "instance" : "request";
  const messagesPerHour = settings.targetPerSec * 3600;
  return {
    strategy,
    cellId: cell.cellId,
    cpus: cell.cpus,
    memoryBytes: cell.memoryBytes,
    smol: cell.smol,
    instances: cell.instances,
    maxInstances,
    costPerHourUsd: option.costPerHourUsd,
    costPerMillionMessagesUsd: option.costPerHourUsd / (messagesPerHour / 1_000_000),
    p99AtCeilingMs: cell.p99AtCeilingMs,
    ceilingPerSec: cell.ceilingPerSec?.median ?? 0,
    noisy: cell.noisy,
    gcloud: gcloudCommand({
      ...settings,
      ...cell,
      instances: cell.instances,
      maxInstances,
      concurrency,
      billing: option.billing,
      executionEnvironment: cell.deployability.executionEnvironment,
    }),
    planningCeilingPerSec: cell.planningCeilingPerSec ?? cell.ceilingPerSec?.median ?? 0,
    wide: cell.spread?.wide ?? false,
    concurrency,
    billing: option.billing,
    otherBillingCostPerHourUsd: cell.costPerHourUsdByBilling?.[other] ?? null,
    repetitions: cell.repetitions,
    contendedRepetitions: cell.contendedRepetitions ?? 0,
    warnings: verdictWarnings(cell),
  };
}
