import { MatrixError, type MatrixIssue } from "../config/matrix-error.ts";
import type { ImageSource, Matrix } from "../config/resolved-matrix.ts";
import type { Plan } from "../plan/plan.ts";
import { checkBuildContext } from "./check-build-context.ts";
import {
  readScenarioFlagSchemas,
  type ScenarioFlagSchemas,
  scenarioFlagIssues,
  scriptFlagIssues,
} from "./check-flags.ts";
import { imageSourceIssues } from "./check-image-source.ts";
import { checkOutputDir } from "./check-output-dir.ts";

export type PreflightOptions = { flagSchemas?: ScenarioFlagSchemas | null };

/**
 * Everything a run needs that the plan alone does not show: the image's inputs (each build context as Docker would
 * send it), scenario flags, the output dir. Returns one line per build context, for --dry-run.
 */
export async function preflightRun(
  matrix: Matrix,
  plan: Plan,
  resultsDir: string,
  options: PreflightOptions = {},
): Promise<string[]> {
  const variant = plan.profile === null ? matrix.base : matrix.profiles[plan.profile];
  const issues: MatrixIssue[] = [];
  const contexts: string[] = [];
  const check = async (image: ImageSource, at: string) => {
    const found = await imageSourceIssues(image, at);
    issues.push(...found);
    if (found.length > 0 || image.kind !== "build") return;
    const context = await checkBuildContext(image, at);
    issues.push(...context.issues);
    if (context.summary && !contexts.includes(context.summary)) contexts.push(context.summary);
  };
  await check(plan.image, variant?.service ? "service." : "");
  for (const [index, sidecar] of (variant?.service?.sidecars ?? []).entries())
    await check(sidecar.image, `service.sidecars[${index}].`);
  for (const v of plan.variants ?? []) if (v.image) await check(v.image, `variants.${v.name}.`);
  const schemas = options.flagSchemas === undefined ? readScenarioFlagSchemas() : options.flagSchemas;
  const scenarios = [...new Set(plan.cells.map((c) => c.scenario))];
  if (variant && schemas) issues.push(...scenarioFlagIssues(variant, schemas, scenarios));
  if (variant) issues.push(...scriptFlagIssues(variant, scenarios));
  if (issues.length > 0)
    throw new MatrixError(plan.matrixPath, issues, {
      headline: "The run cannot start",
      nextStep: "Fix the matrix file and run again (docs/matrix-reference.md).",
    });
  await checkOutputDir(resultsDir);
  return contexts;
}
