import type { CheckVerdict, ScenarioCheck } from "../sizing/check-verdict.ts";
import { fmt } from "./fmt.ts";

const BADGE = { pass: "✅ pass", warn: "⚠️ warn", fail: "❌ fail" } as const;

// The drop the verdict stands on: the judged (worse) run's.
const baselineCell = (b: NonNullable<ScenarioCheck["baseline"]>, judged: ScenarioCheck["judgedRun"]) =>
  `${fmt.signedPct(-(judged === "re-run" ? (b.rerunDropPct ?? b.dropPct) : b.dropPct))} (${judged})` +
  (b.measuredCeilingPerSec === undefined ? "" : `, ${b.probe}`);

/** The verdict as a GitHub step summary ($GITHUB_STEP_SUMMARY). */
export function checkVerdictMarkdown(v: CheckVerdict): string {
  const rows = v.scenarios.map(
    (s) =>
      `| ${s.scenario} | ${BADGE[s.outcome]} | ${fmt.rate(s.ceilingPerSec)} | ${fmt.ms(s.p99AtCeilingMs)} / ${s.sloP99Ms} ms | ` +
      `${fmt.rate(s.capacityPerSec)} | ${s.baseline ? baselineCell(s.baseline, s.judgedRun) : "–"} | ` +
      `${s.reasons.join("; ").replaceAll("|", "\\|") || "–"} |`,
  );
  return [
    `### Cloud Run pre-deploy check: ${BADGE[v.outcome]}`,
    "",
    `${fmt.size(v)} × ${v.instances} instances for ${fmt.rate(v.targetPerSec)} at ${fmt.pct(v.utilizationTarget)} utilisation.`,
    "",
    "| scenario | verdict | ceiling | p99 / SLO | capacity | vs baseline | reasons |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    ...v.notes.map((n) => `\n> ${n}`),
    "",
  ].join("\n");
}
