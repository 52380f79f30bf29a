import { fmt } from "../../report/fmt.ts";
import type { CheckVerdict, ScenarioCheck } from "./check-verdict.ts";

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

const xml = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** JUnit XML for CI dashboards: one test case per scenario, failed when its verdict is fail. */
export function checkJunitXml(v: CheckVerdict): string {
  const suite = `cloud-run-check ${fmt.shortSize(v)} x${v.instances}`;
  const failures = v.scenarios.filter((s) => s.outcome === "fail").length;
  const cases = v.scenarios.map((s) => {
    const name = `${s.scenario} holds ${v.targetPerSec}${s.rateUnit ? ` ${s.rateUnit}` : "/s"}`;
    const details = `ceiling ${fmt.rate(s.ceilingPerSec)}, p99 ${fmt.ms(s.p99AtCeilingMs)} ms, capacity ${fmt.rate(s.capacityPerSec)}`;
    const body =
      s.outcome === "fail"
        ? `<failure message="${xml(s.reasons.join("; "))}">${xml(details)}</failure>`
        : `<system-out>${xml(`${s.outcome}: ${details}${s.reasons.length ? `; ${s.reasons.join("; ")}` : ""}`)}</system-out>`;
    return `    <testcase classname="${xml(suite)}" name="${xml(name)}">${body}</testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites tests="${v.scenarios.length}" failures="${failures}">`,
    `  <testsuite name="${xml(suite)}" tests="${v.scenarios.length}" failures="${failures}">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
