import type { CheckVerdict } from "../sizing/check-verdict.ts";
import { fmt } from "./fmt.ts";

const BADGE = { pass: "✅ pass", warn: "⚠️ warn", fail: "❌ fail" } as const;

/** The verdict as a GitHub step summary ($GITHUB_STEP_SUMMARY). */
export function checkVerdictMarkdown(v: CheckVerdict): string {
  const rows = v.scenarios.map(
    (s) =>
      `| ${s.scenario} | ${BADGE[s.outcome]} | ${fmt.rate(s.ceilingPerSec)} | ${fmt.ms(s.p99AtCeilingMs)} / ${s.sloP99Ms} ms | ` +
      `${fmt.rate(s.capacityPerSec)} | ${s.baseline ? fmt.signedPct(-(s.baseline.rerunDropPct ?? s.baseline.dropPct)) : "–"} | ` +
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
