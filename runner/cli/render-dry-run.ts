import { formatMemoryApprox, formatMemorySize } from "../config/memory-size.ts";
import {
  CONTAINER_OVERHEAD_SECONDS,
  ESTIMATED_SEARCH_STEPS,
  ESTIMATED_SERVER_SEARCH_STEPS,
  FULL_PROBE_SECONDS,
  GENERATOR_CALIBRATION_SECONDS,
  SERVER_POD_SECONDS,
  SERVER_STEP_OVERHEAD_SECONDS,
  SHORT_PROBE_SECONDS,
} from "../plan/estimate-cell-seconds.ts";
import type { Plan } from "../plan/plan.ts";
import { formatDuration } from "../units/units.ts";

const HEADER = ["cell", "scenario", "cpus", "memory", "smol", "flags", "reps", "estimate"];

/** Plain-text summary of a plan for --dry-run: one row per cell, what is skipped and why, the time estimate. */
export function renderDryRun(plan: Plan): string {
  const runnable = plan.cells.filter((cell) => cell.exceedsHost === null);
  const runs = runnable.reduce((sum, cell) => sum + cell.repetitions, 0);
  // Disagreeing cells add repetitions up to maxRepetitions: the most the run can take (its probes included).
  const cellsSeconds = runnable.reduce((sum, cell) => sum + (plan.cellEstimatedSeconds[cell.id] ?? 0), 0);
  const mostSeconds =
    plan.estimatedSeconds -
    cellsSeconds +
    runnable.reduce(
      (sum, cell) =>
        sum +
        ((plan.cellEstimatedSeconds[cell.id] ?? 0) / cell.repetitions) *
          Math.max(cell.repetitions, cell.maxRepetitions ?? cell.repetitions),
      0,
    );
  const upTo =
    mostSeconds > plan.estimatedSeconds + 1
      ? ` (up to ${formatDuration(mostSeconds)} if every cell needs its maxRepetitions)`
      : "";
  const image =
    plan.image.kind === "image"
      ? `image ${plan.image.ref}`
      : `build ${plan.image.dockerfile} in ${plan.image.context}`;
  const lines = [
    `Plan for ${plan.matrixPath}${plan.profile ? ` (profile ${plan.profile})` : ""}: ${runnable.length} of ${plan.cells.length} cells, ${runs} container runs, about ${formatDuration(plan.estimatedSeconds)}${upTo}.`,
    `Image: ${image}. Host: ${plan.host.cores} CPUs, ${formatMemoryApprox(plan.host.memoryBytes)} memory.`,
    ...variantLines(plan),
    "",
  ];
  const rows = plan.cells.map((cell) => [
    cell.id,
    cell.scenario,
    String(cell.cpus),
    formatMemorySize(cell.memoryBytes),
    cell.smol ? "yes" : "no",
    Object.entries(cell.flags)
      .map(([key, value]) => `${key}=${value}`)
      .join(",") || "-",
    String(cell.repetitions),
    cell.exceedsHost ? "skipped" : formatDuration(plan.cellEstimatedSeconds[cell.id] ?? 0),
  ]);
  lines.push(...table([HEADER, ...rows]));
  const skipped = plan.cells.filter((cell) => cell.exceedsHost !== null);
  if (skipped.length > 0) {
    lines.push("", `Skipped, the host cannot honour them (--force runs them anyway):`);
    for (const cell of skipped) lines.push(`  ${cell.id}: ${cell.exceedsHost}`);
  }
  const forcedShared = runnable.filter((cell) => cell.cpuViewNote);
  if (forcedShared.length > 0) {
    lines.push("", "Run shared (the quota alone, on any core), although the pinned CPU view was asked:");
    for (const cell of forcedShared) lines.push(`  ${cell.id}: ${cell.cpuViewNote}`);
  }
  if (plan.notes.length > 0) lines.push("", "Notes:", ...plan.notes.map((note) => `  - ${note}`));
  const server = runnable.some((cell) => cell.mode === "service");
  const repetition = server
    ? `${SERVER_POD_SECONDS} s to start and stop the pod + warm-up + ${ESTIMATED_SERVER_SEARCH_STEPS} load steps on average (the closed-loop probe and the end probe included) × (step seconds + ${SERVER_STEP_OVERHEAD_SECONDS} s a step in the generator's session)`
    : `warm-up + ${ESTIMATED_SEARCH_STEPS} load steps × step seconds + ${CONTAINER_OVERHEAD_SECONDS} s container overhead`;
  const around = [
    server
      ? `the generator's calibration (${GENERATOR_CALIBRATION_SECONDS} s, on the first run with this host and generator image)`
      : "",
    `a full host probe before the first cell and after the last (${FULL_PROBE_SECONDS} s each)`,
  ].filter(Boolean);
  lines.push(
    "",
    `Estimate per cell = repetitions × (${repetition}), capped by the timeout, plus a short host probe's share (${SHORT_PROBE_SECONDS} s once a minute)${server ? "; a fixed-shape workload runs durationSeconds once" : ""}. The run adds ${around.join(" and ")}; image build time is not included. A cell whose ceilings disagree (CV > 5%) runs more repetitions, up to maxRepetitions. While it runs, the ETA follows the pace each repetition measured.`,
  );
  return lines.join("\n");
}

function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) =>
    row
      .map((value, column) => value.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd(),
  );
}

/** With variants: what each one changes (the cells run once per variant, A/B against the first). */
function variantLines(plan: Plan): string[] {
  if (!plan.variants) return [];
  return plan.variants.map((v, index) => {
    const parts = [
      v.image
        ? v.image.kind === "image"
          ? `image ${v.image.ref}`
          : `build ${v.image.dockerfile} in ${v.image.context}`
        : "",
      v.bunVersion ? `Bun ${v.bunVersion} (base from npm)` : "",
      v.command ? `command ${v.command.join(" ")}` : "",
      Object.keys(v.env).length ? `env ${Object.keys(v.env).join(",")}` : "",
    ].filter(Boolean);
    return `Variant ${v.name}${index === 0 ? " (A/B baseline)" : ""}: ${parts.join("; ") || "the matrix's image and commands"}.`;
  });
}
