import type { Matrix } from "../config/matrix.ts";
import { MatrixError } from "../config/matrix-error.ts";
import type { Plan } from "../plan/plan.ts";
import { imageSourceIssues } from "./check-image-source.ts";
import { checkOutputDir } from "./check-output-dir.ts";
import { readScenarioFlagSchemas, scenarioFlagIssues } from "./check-scenario-flags.ts";
import { scriptFlagIssues } from "./check-script-flags.ts";
import type { ScenarioFlagSchemas } from "./scenario-flag-schemas.ts";

export type PreflightOptions = { flagSchemas?: ScenarioFlagSchemas | null };

/** Everything a run needs that the plan alone does not show: the image's inputs, scenario flags, the output dir. */
export async function preflightRun(
  matrix: Matrix,
  plan: Plan,
  resultsDir: string,
  options: PreflightOptions = {},
) {
  const variant = plan.profile === null ? matrix.base : matrix.profiles[plan.profile];
  const issues = await imageSourceIssues(plan.image, variant?.service ? "service." : "");
  for (const [index, sidecar] of (variant?.service?.sidecars ?? []).entries())
    issues.push(...(await imageSourceIssues(sidecar.image, `service.sidecars[${index}].`)));
  for (const v of plan.variants ?? [])
    if (v.image) issues.push(...(await imageSourceIssues(v.image, `variants.${v.name}.`)));
  const schemas = options.flagSchemas === undefined ? readScenarioFlagSchemas() : options.flagSchemas;
  const scenarios = [...new Set(plan.cells.map((c) => c.scenario))];
  if (variant && schemas) issues.push(...scenarioFlagIssues(variant, schemas, scenarios));
  if (variant) issues.push(...scriptFlagIssues(variant, scenarios));
  if (issues.length > 0)
    throw new MatrixError(plan.matrixPath, issues, {
      headline: "The run cannot start",
      nextStep: 'Fix the matrix file and run again (README: "matrix.yaml reference").',
    });
  await checkOutputDir(resultsDir);
}
