import type { CheckVerdict } from "../sizing/check-verdict.ts";
import { fmt } from "./fmt.ts";

const ICON = { pass: "PASS", warn: "WARN", fail: "FAIL" } as const;

/** The one-screen verdict printed by `check`. */
export function checkVerdictText(v: CheckVerdict): string {
  const lines = [
    `${ICON[v.outcome]}: ${fmt.size(v)} × ${v.instances} instance${v.instances === 1 ? "" : "s"} for ${fmt.rate(v.targetPerSec)} ` +
      `(utilisation ${fmt.pct(v.utilizationTarget)})${v.reran ? "; re-ran once to confirm a drop" : ""}`,
  ];
  for (const s of v.scenarios) {
    lines.push(
      `  ${ICON[s.outcome]} ${s.scenario}: ceiling ${fmt.rate(s.ceilingPerSec)}, p99 ${fmt.ms(s.p99AtCeilingMs)} ms ` +
        `(SLO ${s.sloP99Ms} ms), capacity ${fmt.rate(s.capacityPerSec)}, memory ${fmt.mib(s.peakMemoryBytes)} ` +
        `(${fmt.pct(s.memoryHeadroom)} free)${v.reran ? `; judged on the ${s.judgedRun}` : ""}`,
    );
    if (s.baseline)
      lines.push(
        `       baseline ${fmt.rate(s.baseline.ceilingPerSec)} (${s.baseline.source}): ${fmt.signedPct(-s.baseline.dropPct)}` +
          (s.baseline.rerunDropPct === null ? "" : `, re-run ${fmt.signedPct(-s.baseline.rerunDropPct)}`) +
          (s.baseline.measuredCeilingPerSec === undefined
            ? ""
            : `; ${s.baseline.probe}: the baseline measured ${fmt.rate(s.baseline.measuredCeilingPerSec)}`),
      );
    for (const r of s.reasons) lines.push(`       - ${r}`);
  }
  for (const n of v.notes) lines.push(`  note: ${n}`);
  lines.push(
    v.exitCode === 0
      ? "Exit 0: this size holds the target."
      : "Exit 1: do not deploy this size as configured.",
  );
  return lines.join("\n");
}
