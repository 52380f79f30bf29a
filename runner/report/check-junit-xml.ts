import type { CheckVerdict } from "../sizing/check-verdict.ts";
import { fmt } from "./fmt.ts";

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
