import { DRIFT_ADVICE } from "../../search/search-drift.ts";
import { resolveUnitPrices, throttlingFlag } from "../cloudrun/pricing.ts";
import type { CloudRunSettings } from "../config/cloud-run-settings.ts";
import { rateText, sizeLabel } from "../units/units.ts";
import type { CellSizing } from "./cell-sizing.ts";
import { flatCeilingFindings } from "./flat-ceiling-findings.ts";
import type { SizePick } from "./sizing-report.ts";

/** Linux's CFS runs a CPU quota in periods of this length (Docker's default, and what Cloud Run's limits map to). */
export const CFS_PERIOD_MS = 100;

// Below 1 vCPU a busy process is paused for the rest of each period once its quota is spent: that stall lands in p99.
function throttlingStallFindings(cells: CellSizing[]): string[] {
  const stalled = cells.filter(
    (c) => c.cpus < 1 && (c.throttledSeconds ?? 0) > 0 && c.sloP99Ms < (1 - c.cpus) * CFS_PERIOD_MS * 1.5,
  );
  if (stalled.length === 0) return [];
  const c = stalled[0] as CellSizing;
  const stallMs = (1 - c.cpus) * CFS_PERIOD_MS;
  return [
    `CPU throttling below 1 vCPU: at ${c.cpus} vCPU a busy instance is paused up to ${stallMs.toFixed(0)} ms of every ` +
      `${CFS_PERIOD_MS} ms period, close to the ${c.sloP99Ms} ms p99 SLO, so its ceiling is the load that rarely spends ` +
      "a period's quota. Give such sizes a looser SLO, or use 1 vCPU.",
  ];
}

/** The pick's bill under the cheaper billing mode, and what the other would cost (or why Cloud Run allows only one). */
function billingFinding(
  pick: SizePick,
  settings: CloudRunSettings,
  unit: string | undefined,
  served: boolean,
): string[] {
  const billing = pick.billing ?? "request";
  const other = billing === "request" ? "instance" : "request";
  const billed = (mode: string) =>
    `${mode}-based billing${mode === "request" && !served ? " (counting each message as one request)" : ""}`;
  const otherCost = pick.otherBillingCostPerHourUsd ?? null;
  const otherText =
    otherCost !== null
      ? `${billed(other)} would cost $${otherCost.toFixed(2)}/h`
      : pick.cpus < 1
        ? `below 1 vCPU Cloud Run allows request-based billing only`
        : `cloudRun.billing pins ${billing}-based billing`;
  const fees =
    ((settings.targetPerSec * 3600) / 1e6) * resolveUnitPrices(settings, "request").millionRequestsUsd;
  const requestShare =
    billing === "request" && pick.costPerHourUsd > 0
      ? ` Per-request fees are ${((fees / pick.costPerHourUsd) * 100).toFixed(0)}% of it.`
      : "";
  return [
    `At ${rateText(settings.targetPerSec, unit)} the pick costs $${pick.costPerHourUsd.toFixed(2)}/h under ${billed(billing)} ` +
      `(${throttlingFlag(billing)}); ${otherText}.${requestShare}`,
  ];
}

/** Plain statements: nothing fits, CPUs don't help, cells the host could not measure, noisy/unstable cells. */
export function scenarioFindings(
  cells: CellSizing[],
  pick: SizePick | null,
  settings: CloudRunSettings,
): string[] {
  const findings: string[] = [];
  const unit = cells[0]?.rateUnit;
  if (!pick) {
    const measured = cells.filter((c) => c.ceilingPerSec);
    findings.push(
      measured.length === 0
        ? "No cell produced a ceiling, so no size can be recommended."
        : `The load fits no cell: no measured size serves ${rateText(settings.targetPerSec, unit)} within the SLO` +
            `${settings.maxInstances ? ` and ${settings.maxInstances} instances` : ""} while deployable with ≥ 20% memory headroom. ` +
            "See each cell's reasons below.",
    );
  }
  const served = cells.some((c) => typeof c.concurrency === "number");
  if (pick) findings.push(...billingFinding(pick, settings, unit, served));
  findings.push(...flatCeilingFindings(cells));
  findings.push(...throttlingStallFindings(cells));
  for (const c of cells.filter((c) => c.status === "exceeds-host"))
    findings.push(
      `Not measured (exceeds-host): ${sizeLabel(c)}: ${c.exceedsHost ?? c.message}. Run on a bigger host.`,
    );
  findings.push(...driftFindings(cells));
  for (const c of cells.filter((c) => c.status === "unstable"))
    findings.push(
      `Unstable: ${sizeLabel(c)}: repetitions disagree in kind (${c.message}); never recommended.`,
    );
  const wide = cells.filter((c) => c.spread?.wide && c.status === "ok");
  if (wide.length > 0)
    findings.push(
      `Wide (ceiling CV > 5% after up to ${Math.max(...wide.map((c) => c.repetitions))} repetitions, or a repetition confirmed none): ` +
        `${wide.map((c) => `${sizeLabel(c)} (CV ${((c.spread?.cv ?? 0) * 100).toFixed(0)}%, ${c.repetitions} reps${spreadText(c, unit)})`).join(", ")}: ` +
        `each is planned on its lowest confirmed repetition and can still be picked. ${wideCause(wide)}`,
    );
  const contended = cells.filter((c) => (c.contendedRepetitions ?? 0) > 0);
  if (contended.length > 0)
    findings.push(
      `Contended: other load on the host disturbed ${contended.map((c) => `${sizeLabel(c)} (${c.contendedRepetitions} of ${c.repetitions} reps${c.cellId === pick?.cellId ? ", the recommendation" : ""})`).join(", ")}, ` +
        "even after a re-run: their figures may be low; re-run on a quiet host to confirm.",
    );
  const noisy = cells.filter((c) => c.noisy && !c.spread?.wide && c.status === "ok");
  if (noisy.length > 0)
    findings.push(
      `Noisy (ceiling CV > 10%): ${noisy.map(sizeLabel).join(", ")}: still eligible, but re-run before trusting small differences.`,
    );
  // Read from each cell: server-mode cells carry the concurrency they were measured with; in-process ones have none.
  const measuredAbove = cells.filter(
    (c) => c.cpus < 1 && typeof c.concurrency === "number" && c.concurrency !== 1,
  );
  if (measuredAbove.length > 0)
    findings.push(
      `${measuredAbove.map((c) => `${sizeLabel(c)} (measured at concurrency ${c.concurrency})`).join(", ")}: below 1 vCPU ` +
        "Cloud Run allows concurrency 1 only. Measure them at 1 (axes.concurrency with an exclude rule, as the bundled server profile does).",
    );
  const sizedAbove = cells.filter((c) => c.cpus < 1 && typeof c.concurrency !== "number");
  if (sizedAbove.length > 0 && settings.concurrency !== 1)
    findings.push(
      `Cells below 1 vCPU are deployable only with concurrency 1, and cloudRun.concurrency is ${settings.concurrency}: ` +
        "set cloudRun.concurrency: 1 to size them; an instance then serves one request at a time.",
    );
  if (settings.billing === "instance" && cells.some((c) => c.cpus < 1))
    findings.push(
      "Below 1 vCPU Cloud Run allows request-based billing only: cloudRun.billing: instance rules those sizes out.",
    );
  return findings;
}

/** ", lowest–highest unit" of a cell's ceilings, when it has any. */
function spreadText(c: CellSizing, unit: string | undefined): string {
  const spread = c.spread;
  return spread
    ? `, ${Math.round(spread.minPerSec).toLocaleString("en-US")}–${rateText(spread.maxPerSec, unit)}`
    : "";
}

/** Other load on the host, when some kept repetition saw it; else the workload's own spread. */
function wideCause(cells: CellSizing[]): string {
  const contended = cells.reduce((sum, c) => sum + (c.contendedRepetitions ?? 0), 0);
  if (contended > 0)
    return `${contended} of their repetitions ran while other load on the host disturbed them (even after a re-run): re-run on a quiet host for a tighter figure.`;
  return "No repetition saw other load on the host, so the spread is the workload's own or the machine's (a VM's neighbours cannot be seen from inside it; bun bench/host-steadiness.ts tells which); raise maxRepetitions for a tighter figure.";
}

/** Drifted repetitions are never planned on: a cell where all drifted has no planning ceiling, and says why. */
function driftFindings(cells: CellSizing[]): string[] {
  const findings: string[] = [];
  for (const c of cells.filter((c) => c.status === "drifted"))
    findings.push(`No planning ceiling (drifted): ${sizeLabel(c)}: ${c.message}.`);
  const some = cells.filter((c) => c.status !== "drifted" && (c.driftedRepetitions ?? 0) > 0);
  if (some.length > 0)
    findings.push(
      `Drifted: ${some.map((c) => `${sizeLabel(c)} (${c.driftedRepetitions} of ${c.repetitions} reps)`).join(", ")}: ` +
        `the service or the host slowed during those searches, so they are set aside and the cell is planned on the rest; ${DRIFT_ADVICE}.`,
    );
  return findings;
}
