import type { BodyIssue } from "./body-issue.ts";
import type { CloudRunSettings } from "./cloud-run-settings.ts";

/** cloudRun.traffic names scenarios: a name that is none of them would silently drop out of the service's mix. */
export function checkTraffic(cloudRun: CloudRunSettings, scenarioNames: string[], issues: BodyIssue[]): void {
  for (const name of Object.keys(cloudRun.traffic ?? {}))
    if (!scenarioNames.includes(name))
      issues.push({
        path: ["cloudRun", "traffic", name],
        message: `"${name}" is not a scenario of this matrix; traffic shares name scenarios: ${scenarioNames.join(", ")}`,
      });
}
